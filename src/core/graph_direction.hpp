// Whether a graph's edges are followed both ways (the Graph500 graph, and every input symmetrized
// for BFS) or only from source to target (`semibfs build --directed`: out-edge BFS).
#pragma once

#include <string>

namespace semibfs {

enum class GraphDirection { kUndirected, kDirected };

// Whether top-down steps need a forward graph apart from the backward one: out-lists differ from
// in-lists in a directed graph, and with several partitions each forward graph holds only the
// neighbours inside its partition (graph/partitioned_graph.hpp).
inline bool has_separate_forward(int partitions, GraphDirection direction) {
  return partitions > 1 || direction == GraphDirection::kDirected;
}

inline std::string to_string(GraphDirection direction) {
  return direction == GraphDirection::kDirected ? "directed" : "undirected";
}

}  // namespace semibfs
