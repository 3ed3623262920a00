// True BFS depths from level-synchronous sweeps over the edge list: no adjacency, only a depth per
// vertex, but one pass over all edges per level. The validator runs it only once a cheaper check
// has failed, to name the vertices that break rules 2 and 4.
#pragma once

#include <cstdint>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"

namespace semibfs {

// Hop distance of every vertex from the root; -1 outside the root's connected component, or on a
// directed graph (each tuple (v0, v1) the edge v0 -> v1 only) where no directed path from the root
// leads. Self-loops are ignored; endpoints must be in [0, num_vertices) and the root a vertex.
std::vector<std::int64_t> depths_by_edge_sweeps(const EdgeSource& edges, VertexId root,
                                                GraphDirection direction = GraphDirection::kUndirected);
std::vector<std::int64_t> depths_by_edge_sweeps(const EdgeList& edge_list, VertexId root,
                                                GraphDirection direction = GraphDirection::kUndirected);

}  // namespace semibfs
