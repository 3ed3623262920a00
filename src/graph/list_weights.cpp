// Kernel 1 makes the weights beside the lists (build_weighted_csr); this file cuts them along the
// partitions. For lists that came without them, each input tuple finds its two entries in an index
// of each list by neighbour id (least_weight_index.hpp, 8 bytes an entry while the weights are
// made) and keeps the smaller weight there: one parallel pass over the tuples, no sort of them.
#include "graph/list_weights.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "graph/least_weight_index.hpp"

namespace semibfs {
namespace {

// One partition's lists with their index by neighbour, and its weights.
struct PartitionIndex {
  const CsrGraph* lists = nullptr;
  std::vector<std::uint64_t> keys;
  std::span<float> weights;

  bool keep_least(VertexId row, NeighborId neighbor, float weight) {
    return keep_least_weight(lists->offsets(), keys, weights, row, neighbor, weight);
  }
};

}  // namespace

ListWeights::ListWeights(const PartitionedGraph& graph, const EdgeList& edge_list) {
  if (edge_list.weights.size() != edge_list.edges.size()) {
    throw Error("list weights: the edge list has no weights (generate it with weights for SSSP)");
  }
  if (graph.direction() != GraphDirection::kUndirected) throw Error("list weights: only undirected graphs");
  const PartitionLayout& layout = graph.layout();
  std::vector<PartitionIndex> index(layout.count());
  partitions_.resize(layout.count());
  for (int k = 0; k < layout.count(); ++k) {
    partitions_[k].assign(graph.backward(k).num_adjacencies(), std::numeric_limits<float>::infinity());
    const CsrGraph& lists = graph.backward(k);
    index[k] = {&lists, std::vector<std::uint64_t>(partitions_[k].size()), partitions_[k]};
    index_by_neighbor(lists.offsets(), lists.all_neighbors(), index[k].keys);
  }
  const auto join = [&](VertexId from, VertexId to, float weight) {
    const int k = layout.partition_of(from);
    return index[k].keep_least(from - layout.range(k).begin, static_cast<NeighborId>(to), weight) ? 0 : 1;
  };
  std::int64_t missing = 0;
#pragma omp parallel for schedule(static) reduction(+ : missing)
  for (std::int64_t e = 0; e < edge_list.num_edges(); ++e) {
    const VertexId u = edge_list.edges[e].v0(), v = edge_list.edges[e].v1();
    if (u == v) continue;
    missing += join(u, v, edge_list.weights[e]) + join(v, u, edge_list.weights[e]);
  }
  if (missing > 0) {
    throw Error("list weights: " + std::to_string(missing) + " input edges are not in the graph's lists (not the "
                "graph built from this edge list)");
  }
}

ListWeights::ListWeights(const PartitionedGraph& graph, std::vector<float> whole) {
  if (static_cast<std::int64_t>(whole.size()) != graph.num_adjacencies()) {
    throw Error("list weights: " + std::to_string(whole.size()) + " weights for a graph of " +
                std::to_string(graph.num_adjacencies()) + " list entries");
  }
  if (graph.num_partitions() == 1) {
    partitions_.push_back(std::move(whole));
    return;
  }
  // The backward partitions are the whole graph's rows cut in order, so their entries are too.
  std::int64_t first = 0;
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const std::int64_t entries = graph.backward(k).num_adjacencies();
    partitions_.emplace_back(whole.begin() + first, whole.begin() + first + entries);
    first += entries;
  }
}

WeightedGraph build_weighted_graph(const EdgeList& edge_list, int partitions, NeighborOrder order) {
  WeightedCsr built = build_weighted_csr(edge_list);
  PartitionedGraph graph(std::move(built.lists), partitions, order, built.weights);
  ListWeights weights(graph, std::move(built.weights));
  return {std::move(graph), std::move(weights)};
}

// Capacity, not size, as CsrGraph counts it: kernel 1 leaves the room of the dropped duplicates.
std::int64_t ListWeights::bytes() const {
  std::int64_t total = 0;
  for (const std::vector<float>& weights : partitions_) {
    total += static_cast<std::int64_t>(weights.capacity() * sizeof(float));
  }
  return total;
}

}  // namespace semibfs
