#include "sssp/shortest_path_kernel.hpp"

#include <utility>

#include "core/byte_size.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"

namespace semibfs {
namespace {

// Why the pruned kernel cannot run over these lists in DRAM; empty when it can.
std::string reason_not_to_prune(const PartitionedGraph& graph, GraphDirection direction) {
  if (direction == GraphDirection::kDirected) return "directed lists (a pull would need each vertex's in-edges)";
  std::int64_t entries = 0;
  for (int k = 0; k < graph.num_partitions(); ++k) entries += graph.backward(k).num_adjacencies();
  const std::int64_t copy = entries * WeightOrderedLists::kBytesPerEntry +
                            (graph.num_vertices() + 1) * WeightOrderedLists::kBytesPerVertex;
  const std::int64_t available = available_memory_bytes();
  if (available > 0 && copy > available / 2) {
    return "the lists' copy ordered by weight (" + format_bytes(copy) + ") would take more than half the memory available (" +
           format_bytes(available) + ")";
  }
  return {};
}

}  // namespace

ShortestPathKernel::ShortestPathKernel(const PartitionedGraph& graph, ListWeightsView weights, GraphDirection direction,
                                       SsspOptions options)
    : why_not_pruned_(reason_not_to_prune(graph, direction)) {
  if (!why_not_pruned_.empty()) {
    plain_.emplace(graph, std::move(weights), options);
    return;
  }
  const Stopwatch ordering;
  ordered_ = std::make_unique<WeightOrderedLists>(graph, weights);
  ordering_seconds_ = ordering.seconds();
  pruned_.emplace(*ordered_, options);
}

ShortestPathKernel::ShortestPathKernel(const TieredGraph& graph, const TieredWeights& weights, SsspOptions options,
                                       IoKind io)
    : why_not_pruned_("lists tiered under a budget") {
  plain_.emplace(graph, weights, options, io);
}

ShortestPathKernel::ShortestPathKernel(std::span<const StoredListFiles> partitions, std::int64_t num_vertices,
                                       std::int64_t resident_bytes, const std::string& scratch_directory,
                                       SsspOptions options) {
  const Stopwatch ordering;
  tiered_ordered_ = std::make_unique<TieredWeightOrderedLists>(partitions, num_vertices, resident_bytes, scratch_directory);
  ordering_seconds_ = ordering.seconds();
  pruned_.emplace(*tiered_ordered_, options);
}

std::int64_t ShortestPathKernel::ordered_list_bytes() const {
  return ordered_ ? ordered_->bytes() : tiered_ordered_ ? tiered_ordered_->bytes() : 0;
}

bool ShortestPathKernel::ordered_lists_renamed() const {
  return ordered_ ? ordered_->renamed() : tiered_ordered_ && tiered_ordered_->renamed();
}

std::int64_t ShortestPathKernel::status_bytes() const {
  return plain_ ? plain_->status_bytes() : pruned_->status_bytes();
}

template <typename ParentId>
SsspStats ShortestPathKernel::run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent) {
  return plain_ ? plain_->run(root, distance, parent) : pruned_->run(root, distance, parent);
}

SsspStats ShortestPathKernel::run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent) {
  return run_into(root, distance, parent);
}

SsspStats ShortestPathKernel::run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent) {
  return run_into(root, distance, parent);
}

}  // namespace semibfs
