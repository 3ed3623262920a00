#include "graph/list_weights_view.hpp"

#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

// ListWeights keeps a partition's weights in one array, in its lists' order: the first row's
// weights begin it.
std::vector<std::span<const float>> partitions_of(const PartitionedGraph& graph, const ListWeights& weights) {
  std::vector<std::span<const float>> partitions;
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const std::int64_t entries = graph.backward(k).num_adjacencies();
    const VertexRange rows = graph.layout().range(k);
    partitions.emplace_back(entries > 0 ? weights.of(graph, rows.begin).data() : nullptr,
                            static_cast<std::size_t>(entries));
  }
  return partitions;
}

}  // namespace

ListWeightsView::ListWeightsView(const PartitionedGraph& graph, std::vector<std::span<const float>> partitions)
    : partitions_(std::move(partitions)) {
  if (std::ssize(partitions_) != graph.num_partitions()) {
    throw Error("list weights: " + std::to_string(partitions_.size()) + " partitions of weights for a graph of " +
                std::to_string(graph.num_partitions()));
  }
  for (int k = 0; k < graph.num_partitions(); ++k) {
    if (std::ssize(partitions_[k]) != graph.backward(k).num_adjacencies()) {
      throw Error("list weights: partition " + std::to_string(k) + " has " + std::to_string(partitions_[k].size()) +
                  " weights for " + std::to_string(graph.backward(k).num_adjacencies()) + " list entries");
    }
  }
}

ListWeightsView::ListWeightsView(const PartitionedGraph& graph, const ListWeights& weights)
    : ListWeightsView(graph, partitions_of(graph, weights)) {}

std::int64_t ListWeightsView::bytes() const {
  std::int64_t total = 0;
  for (const std::span<const float> weights : partitions_) total += static_cast<std::int64_t>(weights.size_bytes());
  return total;
}

}  // namespace semibfs
