// Small graphs for the graph and BFS tests: hand-written edge lists and skewed random ones.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "edges/edge_list.hpp"

namespace semibfs::testing {

inline EdgeList make_edge_list(std::int64_t num_vertices,
                               const std::vector<std::pair<VertexId, VertexId>>& pairs) {
  EdgeList edge_list;
  edge_list.num_vertices = num_vertices;
  for (const auto& [u, v] : pairs) edge_list.edges.push_back(CompactEdge::make(u, v));
  return edge_list;
}

// Endpoints drawn as n * x^3 (x uniform) then permuted: a few hubs, many low-degree and
// isolated vertices, self-loops and duplicate edges, as in Kronecker graphs.
inline EdgeList make_skewed_random_edge_list(std::int64_t num_vertices, std::int64_t edges_per_vertex,
                                             std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<VertexId> permutation(num_vertices);
  std::iota(permutation.begin(), permutation.end(), VertexId{0});
  std::shuffle(permutation.begin(), permutation.end(), random);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  auto draw = [&] {
    const double x = uniform(random);
    const auto index = static_cast<std::int64_t>(static_cast<double>(num_vertices) * x * x * x);
    return permutation[std::min(index, num_vertices - 1)];
  };
  EdgeList edge_list;
  edge_list.num_vertices = num_vertices;
  edge_list.edges.reserve(num_vertices * edges_per_vertex);
  for (std::int64_t edge = 0; edge < num_vertices * edges_per_vertex; ++edge) {
    const VertexId u = draw();
    edge_list.edges.push_back(CompactEdge::make(u, draw()));
  }
  return edge_list;
}

// Sets the OpenMP thread count for one scope.
class ScopedThreadCount {
 public:
  explicit ScopedThreadCount(int threads) : saved_(omp_get_max_threads()) { omp_set_num_threads(threads); }
  ~ScopedThreadCount() { omp_set_num_threads(saved_); }
  ScopedThreadCount(const ScopedThreadCount&) = delete;
  ScopedThreadCount& operator=(const ScopedThreadCount&) = delete;

 private:
  int saved_;
};

}  // namespace semibfs::testing
