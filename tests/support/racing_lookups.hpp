// Threads racing on one remote vertex cache table (a rank's own or a node's shared one): each looks
// up random vertices, and every lookup and every miss is counted per vertex. A miss is a pair sent,
// so a vertex looked up but never missed would be a child no pair reached.
#pragma once

#include <omp.h>

#include <cstdint>
#include <random>
#include <vector>

#include "mpi/remote_vertex_cache.hpp"

namespace semibfs::testing {

struct LookupCounts {
  std::vector<std::int64_t> lookups;  // per vertex
  std::vector<std::int64_t> misses;
};

// `threads` threads each look up `per_thread` vertices drawn below `vertices` (seeded by `seed`
// and the thread).
inline LookupCounts race_lookups(RemoteVertexCache& table, int vertices, int threads, int per_thread,
                                 std::uint64_t seed) {
  LookupCounts counts{std::vector<std::int64_t>(vertices, 0), std::vector<std::int64_t>(vertices, 0)};
#pragma omp parallel num_threads(threads)
  {
    std::mt19937_64 random(seed + 1000 * static_cast<std::uint64_t>(omp_get_thread_num()));
    for (int k = 0; k < per_thread; ++k) {
      const auto v = static_cast<int>(random() % static_cast<std::uint64_t>(vertices));
      const bool hit = table.seen_before(v);
#pragma omp atomic
      ++counts.lookups[v];
      if (!hit) {
#pragma omp atomic
        ++counts.misses[v];
      }
    }
  }
  return counts;
}

}  // namespace semibfs::testing
