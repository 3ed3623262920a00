// The independent check of the engine's searches on an edge list: distinct neighbours (self-loops
// dropped) from the edges as the test wrote them, levels from a serial queue BFS. Shares no code
// with the engine or the graph layers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include "edges/edge_list.hpp"

namespace semibfs::testing {

class SerialBfs {
 public:
  explicit SerialBfs(const EdgeList& edge_list) : adjacency_(edge_list.num_vertices) {
    for (const CompactEdge& edge : edge_list.edges) {
      if (edge.v0() == edge.v1()) continue;
      adjacency_[edge.v0()].push_back(edge.v1());
      adjacency_[edge.v1()].push_back(edge.v0());
    }
    for (auto& neighbors : adjacency_) {
      std::sort(neighbors.begin(), neighbors.end());
      neighbors.erase(std::unique(neighbors.begin(), neighbors.end()), neighbors.end());
    }
  }

  // The level of every vertex from `root`, -1 where unreached.
  std::vector<int> levels(VertexId root) const {
    std::vector<int> level(adjacency_.size(), -1);
    std::deque<VertexId> queue{root};
    level[root] = 0;
    while (!queue.empty()) {
      const VertexId vertex = queue.front();
      queue.pop_front();
      for (const VertexId neighbor : adjacency_[vertex]) {
        if (level[neighbor] < 0) {
          level[neighbor] = level[vertex] + 1;
          queue.push_back(neighbor);
        }
      }
    }
    return level;
  }

  bool adjacent(VertexId u, VertexId v) const {
    return std::binary_search(adjacency_[u].begin(), adjacency_[u].end(), v);
  }
  // Distinct neighbours other than the vertex itself, as the search counts degrees.
  std::int64_t degree(VertexId vertex) const { return static_cast<std::int64_t>(adjacency_[vertex].size()); }

 private:
  std::vector<std::vector<VertexId>> adjacency_;
};

}  // namespace semibfs::testing
