// The validator's own undirected graph and BFS. It shares no code with src/graph or src/bfs, so a bug
// there cannot hide itself by being repeated here.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "core/types.hpp"
#include "gen/edge_list.hpp"

namespace semibfs {

// Both directions of every input edge; self-loops dropped, duplicates kept (they change no depth).
template <class NeighborId>
struct ValidationAdjacency {
  std::vector<std::int64_t> offsets;  // the neighbors of v are [offsets[v], offsets[v + 1])
  std::vector<NeighborId> neighbors;
};

class ValidationGraph {
 public:
  // Throws semibfs::Error when an edge has an endpoint outside [0, num_vertices).
  explicit ValidationGraph(const EdgeList& edge_list);

  std::int64_t num_vertices() const { return num_vertices_; }
  // Hop distance of every vertex from the root; -1 outside the root's connected component.
  std::vector<std::int64_t> depths_from(VertexId root) const;

 private:
  std::int64_t num_vertices_ = 0;
  // 32-bit neighbor ids halve the memory whenever the vertex ids fit in them.
  std::variant<ValidationAdjacency<std::uint32_t>, ValidationAdjacency<std::uint64_t>> adjacency_;
};

}  // namespace semibfs
