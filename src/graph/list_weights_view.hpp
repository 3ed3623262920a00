// The weights beside a PartitionedGraph's lists (ListWeights's layout: one float per entry of each
// partition's backward lists), wherever they are held: made in DRAM by ListWeights, or read from a
// store (store/stored_weights.hpp). The SSSP kernel and the store writer read them through it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/list_weights.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {

class ListWeightsView {
 public:
  // Each partition's weights, aligned with graph.backward(k)'s neighbour array; both must outlive
  // the view. Throws semibfs::Error when a partition's count is not its entries'.
  ListWeightsView(const PartitionedGraph& graph, std::vector<std::span<const float>> partitions);
  // The weights ListWeights made for `graph`.
  ListWeightsView(const PartitionedGraph& graph, const ListWeights& weights);

  // The weights of the vertex's backward list, entry for entry as graph.neighbors(vertex).
  std::span<const float> of(const PartitionedGraph& graph, VertexId vertex) const {
    const int partition = graph.layout().partition_of(vertex);
    const CsrGraph& lists = graph.backward(partition);
    const VertexId row = vertex - graph.layout().range(partition).begin;
    return partitions_[partition].subspan(static_cast<std::size_t>(lists.offsets()[row]),
                                          static_cast<std::size_t>(lists.degree(row)));
  }
  std::span<const float> partition(int k) const { return partitions_[k]; }
  int num_partitions() const { return static_cast<int>(partitions_.size()); }
  std::int64_t bytes() const;

 private:
  std::vector<std::span<const float>> partitions_;
};

}  // namespace semibfs
