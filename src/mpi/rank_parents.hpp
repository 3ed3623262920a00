// A rank's parents: the searches across ranks write 64-bit global ids into the entries of the own
// vertices, so a rank's ParentArray is assigned wide.
#pragma once

#include <span>
#include <type_traits>

#include "core/error.hpp"
#include "core/parent_array.hpp"
#include "core/types.hpp"

namespace semibfs {

template <typename Parents>
auto own_entries(Parents& parent) {
  using Entry = std::conditional_t<std::is_const_v<Parents>, const VertexId, VertexId>;
  return parent.visit([](auto entries) -> std::span<Entry> {
    if constexpr (std::is_same_v<std::remove_const_t<typename decltype(entries)::element_type>, VertexId>) {
      return entries;
    } else {
      throw Error("a rank's parents are 64-bit: assign them ParentArray::Width::kWide");
    }
  });
}

}  // namespace semibfs
