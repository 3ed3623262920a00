// In-place parallel prefix sum: each thread scans its block, then adds the totals of the blocks
// before it (the two-pass block scan of Blelloch, "Prefix sums and their applications", 1990).
#pragma once

#include <omp.h>

#include <cstdint>
#include <span>
#include <vector>

namespace semibfs {

// values[i] becomes values[0] + ... + values[i]. Call outside OpenMP parallel regions.
inline void inclusive_prefix_sum(std::span<std::int64_t> values) {
  const auto size = static_cast<std::int64_t>(values.size());
  constexpr std::int64_t kParallelSize = 1 << 16;  // below, one thread is as fast
  const int blocks = size > kParallelSize ? omp_get_max_threads() : 1;
  std::vector<std::int64_t> block_totals(blocks + 1, 0);
  auto block_begin = [&](int block) { return size * block / blocks; };
#pragma omp parallel for schedule(static) if (blocks > 1)
  for (int block = 0; block < blocks; ++block) {
    std::int64_t running = 0;
    for (std::int64_t i = block_begin(block); i < block_begin(block + 1); ++i) {
      running += values[i];
      values[i] = running;
    }
    block_totals[block + 1] = running;
  }
  for (int block = 0; block < blocks; ++block) {
    block_totals[block + 1] += block_totals[block];
  }
#pragma omp parallel for schedule(static) if (blocks > 2)
  for (int block = 1; block < blocks; ++block) {
    const std::int64_t carry = block_totals[block];
    for (std::int64_t i = block_begin(block); i < block_begin(block + 1); ++i) {
      values[i] += carry;
    }
  }
}

}  // namespace semibfs
