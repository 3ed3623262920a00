// What a graph in the NETAL layout (partitioned_graph.hpp) is, whatever holds its lists: the
// partition layout, the neighbour order and the direction, and per partition a backward set of
// lists and, when the forward graph is separate, a forward one. PartitionedGraph holds them in
// DRAM (CsrGraph), TieredGraph split between DRAM and a store's files (TieredCsr); the engine
// reads both through these accessors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

template <typename Lists>
class PartitionedLists {
 public:
  std::int64_t num_vertices() const { return layout_.num_vertices(); }
  std::int64_t num_adjacencies() const { return num_adjacencies_; }
  const PartitionLayout& layout() const { return layout_; }
  int num_partitions() const { return layout_.count(); }
  NeighborOrder neighbor_order() const { return order_; }
  GraphDirection direction() const { return direction_; }
  bool has_separate_forward() const { return !forward_.empty(); }

  // Rows are the partition's own vertices, minus range(k).begin.
  const Lists& backward(int partition) const { return backward_[partition]; }
  // Rows are all vertices; entries only the neighbours inside the partition.
  const Lists& forward(int partition) const { return forward_.empty() ? backward_[partition] : forward_[partition]; }

  // The length of the vertex's backward list (its in-degree when directed).
  std::int64_t degree(VertexId vertex) const {
    const int partition = layout_.partition_of(vertex);
    return backward_[partition].degree(vertex - layout_.range(partition).begin);
  }
  // The edges a top-down step expands from the vertex: its forward lists over all partitions.
  std::int64_t out_degree(VertexId vertex) const {
    if (direction_ == GraphDirection::kUndirected) return degree(vertex);
    std::int64_t edges = 0;
    for (const Lists& lists : forward_) edges += lists.degree(vertex);
    return edges;
  }

 protected:
  PartitionedLists() = default;
  // What taking the out-lists alone needs (take_out_lists): a directed graph of one partition.
  void check_out_lists_alone() const {
    if (direction_ != GraphDirection::kDirected || layout_.count() != 1) {
      throw Error("out-lists alone are taken from a directed graph of one partition, not a " + to_string(direction_) +
                  " one of " + std::to_string(layout_.count()));
    }
  }
  // The lists are the derived class's to fill: the layout is read from them before they move.
  PartitionedLists(PartitionLayout layout, NeighborOrder order, GraphDirection direction, std::int64_t num_adjacencies)
      : layout_(layout), order_(order), direction_(direction), num_adjacencies_(num_adjacencies) {}

  PartitionLayout layout_;
  NeighborOrder order_ = NeighborOrder::kHubFirst;
  GraphDirection direction_ = GraphDirection::kUndirected;
  std::int64_t num_adjacencies_ = 0;
  std::vector<Lists> backward_;
  std::vector<Lists> forward_;  // empty when the forward graph is the backward graph
};

}  // namespace semibfs
