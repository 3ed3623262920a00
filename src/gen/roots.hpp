// BFS roots as the Graph500 reference v3.0.0 picks them (src/main.c): candidate k is
// (int64)((d0 + d1) * N) % N with d0, d1 the doubles at position 2k of make_random_numbers;
// vertices without a non-self-loop edge and repeats are skipped.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/types.hpp"

namespace semibfs {

// Up to `count` roots in the reference's order. The reference stops checking candidates after
// 2N draws and then takes whatever comes; here the search stops instead, so on a graph with fewer
// than `count` usable vertices the result is shorter (NBFS reports it) and every root is usable.
std::vector<VertexId> pick_bfs_roots(std::uint64_t seed1, std::uint64_t seed2,
                                     std::int64_t num_vertices, int count,
                                     const std::function<bool(VertexId)>& has_edge);

}  // namespace semibfs
