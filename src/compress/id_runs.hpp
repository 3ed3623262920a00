// The runs of consecutive ids in an ascending list: the intervals of the compressed format
// (list_codec.hpp) are its runs of at least the minimum interval length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace semibfs {

// Calls f(first id, length) for each maximal run of consecutive ids of an ascending list.
template <typename Id, typename F>
void for_each_run(std::span<const Id> list, F&& f) {
  std::size_t i = 0;
  while (i < list.size()) {
    std::size_t j = i + 1;
    while (j < list.size() && static_cast<std::uint64_t>(list[j]) == static_cast<std::uint64_t>(list[j - 1]) + 1) ++j;
    f(static_cast<std::uint64_t>(list[i]), static_cast<std::uint64_t>(j - i));
    i = j;
  }
}

}  // namespace semibfs
