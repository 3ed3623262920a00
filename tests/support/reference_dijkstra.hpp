// A plain serial Dijkstra over a weighted edge list, independent of src/sssp/ and src/graph/: the
// expected distances of the SSSP tests. Each sum is taken in float, as the kernel and the
// reference take it, so that the distances compare exactly.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "edges/edge_list.hpp"

namespace semibfs::testing {

// Distances from `root` over the tuples both ways, or `directed` each tuple v0 -> v1 only
// (self-loops and duplicates as they come); infinity where unreached.
inline std::vector<float> dijkstra_distances(const EdgeList& edge_list, VertexId root, bool directed = false) {
  const std::int64_t n = edge_list.num_vertices;
  std::vector<std::vector<std::pair<VertexId, float>>> adjacency(n);
  for (std::int64_t e = 0; e < edge_list.num_edges(); ++e) {
    const VertexId u = edge_list.edges[e].v0(), v = edge_list.edges[e].v1();
    adjacency[u].push_back({v, edge_list.weights[e]});
    if (!directed) adjacency[v].push_back({u, edge_list.weights[e]});
  }
  std::vector<float> distance(n, std::numeric_limits<float>::infinity());
  using Entry = std::pair<float, VertexId>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  distance[root] = 0;
  queue.push({0.0F, root});
  while (!queue.empty()) {
    const auto [d, u] = queue.top();
    queue.pop();
    if (d > distance[u]) continue;
    for (const auto& [v, w] : adjacency[u]) {
      const float through = d + w;
      if (through < distance[v]) {
        distance[v] = through;
        queue.push({through, v});
      }
    }
  }
  return distance;
}

// Uniform weights in [0, 1) for every tuple of an edge list made without them.
inline void add_random_weights(EdgeList& edge_list, std::uint64_t seed) {
  std::uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
  edge_list.weights.resize(edge_list.edges.size());
  for (float& weight : edge_list.weights) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    weight = static_cast<float>(state >> 40) / static_cast<float>(1 << 24);
  }
}

}  // namespace semibfs::testing
