#include "sssp/weight_ordered_lists.hpp"

#include <algorithm>

#include "core/huge_pages.hpp"
#include "graph/prefix_sum.hpp"

namespace semibfs {

WeightOrderedLists::WeightOrderedLists(const PartitionedGraph& graph, const ListWeightsView& weights) {
  const std::int64_t n = graph.num_vertices();
  assign_in_huge_pages(offsets_, static_cast<std::size_t>(n) + 1);  // read at random, as the entries
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < n; ++v) offsets_[v + 1] = graph.degree(v);
  inclusive_prefix_sum(offsets_);
  // Read at random by every expansion and pull: in 2 MiB pages (core/huge_pages.hpp).
  assign_in_huge_pages(entries_, static_cast<std::size_t>(offsets_.back()));
#pragma omp parallel for schedule(dynamic, 1024)
  for (VertexId v = 0; v < n; ++v) {
    const std::span<const NeighborId> neighbors = graph.neighbors(v);
    const std::span<const float> list_weights = weights.of(graph, v);
    WeightedEntry* out = entries_.data() + offsets_[v];
    for (std::size_t k = 0; k < neighbors.size(); ++k) out[k] = {neighbors[k], list_weights[k]};
    std::sort(out, out + neighbors.size(), [](const WeightedEntry& a, const WeightedEntry& b) {
      return a.weight < b.weight || (a.weight == b.weight && a.neighbor < b.neighbor);
    });
  }
}

std::int64_t WeightOrderedLists::bytes() const {
  return static_cast<std::int64_t>(offsets_.size() * sizeof(std::int64_t) + entries_.size() * sizeof(WeightedEntry));
}

}  // namespace semibfs
