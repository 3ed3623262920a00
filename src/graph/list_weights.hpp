// The SSSP weight of every entry of a graph's lists, beside it, as the reference keeps `weights`
// beside `column` (src/csr_reference.c): one float per entry of each partition's backward lists.
// Made only for SSSP runs, by kernel 1 itself (build_weighted_graph) as the reference's kernel 1
// makes them, or looked up for a graph read back from a store; BFS runs hold and build nothing more.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {

class ListWeights {
 public:
  ListWeights() = default;
  // Each entry (vertex, neighbour) gets the least weight of the input tuples that join the two, in
  // either direction (a duplicate's larger weight is never on a shortest path); any neighbour order.
  // Throws semibfs::Error when the edge list has no weights or the graph is directed.
  ListWeights(const PartitionedGraph& graph, const EdgeList& edge_list);
  // Weights already aligned with the graph's lists, in its neighbour order, as one array over the
  // whole graph's entries (build_weighted_csr's, ordered by PartitionedGraph): cut along its
  // partitions (moved, not copied, with one). Throws semibfs::Error when the count differs.
  ListWeights(const PartitionedGraph& graph, std::vector<float> whole);

  // The weights of the vertex's backward list, entry for entry as graph.neighbors(vertex).
  std::span<const float> of(const PartitionedGraph& graph, VertexId vertex) const {
    const int partition = graph.layout().partition_of(vertex);
    const CsrGraph& lists = graph.backward(partition);
    const VertexId row = vertex - graph.layout().range(partition).begin;
    return {partitions_[partition].data() + lists.offsets()[row], static_cast<std::size_t>(lists.degree(row))};
  }
  std::int64_t bytes() const;

 private:
  std::vector<std::vector<float>> partitions_;  // aligned with backward(k)'s neighbour array
};

// Kernel 1 for SSSP: the graph and the weights beside its lists, made in one build.
struct WeightedGraph {
  PartitionedGraph graph;
  ListWeights weights;
};
// Throws semibfs::Error when the edge list has no weights.
WeightedGraph build_weighted_graph(const EdgeList& edge_list, int partitions, NeighborOrder order);

}  // namespace semibfs
