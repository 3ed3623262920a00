#include "sssp/copy_ids.hpp"

#include <algorithm>
#include <functional>

namespace semibfs {

CopyIds::CopyIds(std::span<const std::uint32_t> degrees) {
  if (std::is_sorted(degrees.begin(), degrees.end(), std::greater<>())) return;
  relabel_ = relabel_by_degree(degrees);
}

}  // namespace semibfs
