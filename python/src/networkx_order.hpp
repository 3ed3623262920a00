// The order in which NetworkX's breadth-first functions meet vertices (bfs_layers, bfs_edges,
// bfs_predecessors): each layer in the order its vertices were first seen while the previous layer
// is scanned in its own order, each vertex's neighbours in the graph's adjacency order. Reproducing
// it exactly needs that one sequential pass; the engine's parallel search chooses other parents.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace semibfs::python {

struct DiscoveryOrder {
  std::vector<std::int64_t> vertices;      // every reached vertex, layer after layer
  std::vector<std::int64_t> parents;       // of each, the vertex that found it (-1 for sources)
  std::vector<std::int64_t> layer_starts;  // index in `vertices` where each layer begins, then the end
};

// Over lists offsets/neighbors (vertex v's neighbours are neighbors[offsets[v], offsets[v + 1]]);
// repeated sources count once. Throws semibfs::Error for a source or neighbour out of range.
DiscoveryOrder networkx_discovery_order(std::span<const std::int64_t> offsets, std::span<const std::int64_t> neighbors,
                                        std::span<const std::int64_t> sources);

}  // namespace semibfs::python
