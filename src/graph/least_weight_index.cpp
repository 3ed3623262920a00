#include "graph/least_weight_index.hpp"

#include <algorithm>
#include <atomic>

namespace semibfs {

void index_by_neighbor(std::span<const std::int64_t> offsets, std::span<const NeighborId> neighbors,
                       std::span<std::uint64_t> keys) {
  const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t begin = offsets[row], end = offsets[row + 1];
    for (std::int64_t e = begin; e < end; ++e) {
      keys[e] = std::uint64_t{neighbors[e]} << 32 | static_cast<std::uint32_t>(e - begin);
    }
    std::sort(keys.data() + begin, keys.data() + end);
  }
}

bool keep_least_weight(std::span<const std::int64_t> offsets, std::span<const std::uint64_t> keys,
                       std::span<float> weights, std::int64_t row, NeighborId neighbor, float weight) {
  const std::uint64_t* first = keys.data() + offsets[row];
  const std::uint64_t* last = keys.data() + offsets[row + 1];
  const std::uint64_t* key = std::lower_bound(first, last, std::uint64_t{neighbor} << 32);
  if (key == last || (*key >> 32) != neighbor) return false;
  std::atomic_ref<float> slot(weights[static_cast<std::size_t>(offsets[row] + static_cast<std::uint32_t>(*key))]);
  float current = slot.load(std::memory_order_relaxed);
  while (weight < current && !slot.compare_exchange_weak(current, weight, std::memory_order_relaxed)) {
  }
  return true;
}

}  // namespace semibfs
