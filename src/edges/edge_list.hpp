// An in-memory Graph500 edge list: the tuples in edge-index order, self-loops and duplicates kept,
// 8 bytes per edge (at most 2^32 vertices, see compact_edge.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "edges/compact_edge.hpp"

namespace semibfs {

struct EdgeList {
  std::int64_t num_vertices = 0;   // vertex ids are in [0, num_vertices), at most 2^32 of them
  std::vector<CompactEdge> edges;  // edge index order of the generator
  std::vector<float> weights;      // the SSSP weight of each edge; empty when not asked for

  std::int64_t num_edges() const { return static_cast<std::int64_t>(edges.size()); }
};

}  // namespace semibfs
