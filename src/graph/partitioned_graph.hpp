// The NETAL graph layout (Yasui et al., in Iwabuchi et al. Sec. IV-A and V-B, Fig. 6): the vertices split
// into P contiguous ranges; partition k holds
//   - its backward graph: the whole (ordered) adjacency of its own vertices, for bottom-up steps;
//   - its forward graph: for every vertex of the graph, the neighbours that lie inside partition
//     k, for top-down steps,
// so a step run by partition k's threads writes only partition k's status. With P = 1 the
// forward graph is the backward graph and is stored once.
//
// A directed graph (out-edge BFS, `semibfs build --directed`) keeps the same layout with in-lists
// as its backward graph (bottom-up looks for a parent among a vertex's in-neighbours) and
// out-lists as its forward graph (top-down expands a vertex's out-neighbours), so its forward
// graph is separate even with P = 1. Such graphs come only from stores (external construction).
//
// Beside them, the first neighbour of every vertex (the first entry of its ordered list, the
// highest-degree one) in a dense array: the first probe of a bottom-up step reads it
// sequentially instead of jumping into the vertex's list (the DRAM "backward head" of Iwabuchi et al. (in Japanese)
// Sec. 5.2 with K = 1), and the isolated vertices, which no search can reach.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/bitmap.hpp"
#include "core/graph_direction.hpp"
#include "graph/csr_graph.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"
#include "graph/partitioned_lists.hpp"

namespace semibfs {

// The first neighbour of a vertex without neighbours; never a vertex id (ids are below 2^32).
inline constexpr NeighborId kNoFirstNeighbor = UINT32_MAX;

// Bytes of each structure, as Iwabuchi et al. Fig. 3 lists them.
struct GraphBytes {
  std::int64_t forward = 0;   // 0 when the forward graph is the backward graph (P = 1, undirected)
  std::int64_t backward = 0;
  std::int64_t first_neighbors = 0;     // first neighbours and the isolated-vertex bitmap
  std::int64_t total() const { return forward + backward + first_neighbors; }
};

class PartitionedGraph : public PartitionedLists<CsrGraph> {
 public:
  PartitionedGraph() = default;
  // Takes the whole graph's arrays (no copy when partitions is 1), orders each list, splits it.
  // Weights aligned with whole's neighbour array, if any, are ordered with the lists.
  PartitionedGraph(CsrGraph whole, int partitions, NeighborOrder order = NeighborOrder::kHubFirst,
                   std::span<float> weights = {});
  // Partitions built before (read back from a store): backward has one graph per partition (rows:
  // its own vertices), forward one per partition (rows: all vertices) or none when the forward
  // graph is the backward one (has_separate_forward). Throws semibfs::Error when they do not
  // fit one layout.
  PartitionedGraph(NeighborOrder order, std::vector<CsrGraph> backward, std::vector<CsrGraph> forward,
                   GraphDirection direction = GraphDirection::kUndirected);

  // A directed graph of one partition's out-lists alone, as a graph whose lists they are (what
  // SSSP follows, a vertex's edges out); the in-lists are freed. Throws semibfs::Error otherwise.
  PartitionedGraph take_out_lists() &&;

  // The vertex's whole backward list, in the chosen order.
  std::span<const NeighborId> neighbors(VertexId vertex) const;
  NeighborId first_neighbor(VertexId vertex) const { return first_neighbors_[vertex]; }
  const Bitmap& isolated() const { return isolated_; }
  std::span<const NeighborId> first_neighbors() const { return first_neighbors_; }

  GraphBytes bytes() const;

 private:
  void split_backward(CsrGraph whole);
  void build_forward();
  void build_first_neighbors();
  void place_partitions();

  std::vector<NeighborId> first_neighbors_;
  Bitmap isolated_{0};
};

}  // namespace semibfs
