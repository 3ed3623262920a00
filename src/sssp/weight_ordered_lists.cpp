#include "sssp/weight_ordered_lists.hpp"

#include <algorithm>

#include "core/huge_pages.hpp"
#include "graph/prefix_sum.hpp"

namespace semibfs {

namespace {

std::vector<std::uint32_t> degrees_of(const PartitionedGraph& graph) {
  std::vector<std::uint32_t> degrees(static_cast<std::size_t>(graph.num_vertices()));
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < graph.num_vertices(); ++v) degrees[v] = static_cast<std::uint32_t>(graph.degree(v));
  return degrees;
}

}  // namespace

WeightOrderedLists::WeightOrderedLists(const PartitionedGraph& graph, const ListWeightsView& weights)
    : ids_(degrees_of(graph)) {
  const std::int64_t n = graph.num_vertices();
  assign_in_huge_pages(offsets_, static_cast<std::size_t>(n) + 1);  // read at random, as the entries
#pragma omp parallel for schedule(static)
  for (VertexId u = 0; u < n; ++u) offsets_[u + 1] = graph.degree(graph_id(static_cast<NeighborId>(u)));
  inclusive_prefix_sum(offsets_);
  // Read at random by every expansion and pull: in 2 MiB pages (core/huge_pages.hpp).
  assign_in_huge_pages(entries_, static_cast<std::size_t>(offsets_.back()));
#pragma omp parallel for schedule(dynamic, 1024)
  for (VertexId u = 0; u < n; ++u) {
    const VertexId v = graph_id(static_cast<NeighborId>(u));
    const std::span<const NeighborId> neighbors = graph.neighbors(v);
    const std::span<const float> list_weights = weights.of(graph, v);
    WeightedEntry* out = entries_.data() + offsets_[u];
    for (std::size_t k = 0; k < neighbors.size(); ++k) out[k] = {copy_id(neighbors[k]), list_weights[k]};
    std::sort(out, out + neighbors.size(), lighter_first);
  }
}

std::int64_t WeightOrderedLists::bytes() const {
  return static_cast<std::int64_t>(offsets_.size() * sizeof(std::int64_t) + entries_.size() * sizeof(WeightedEntry)) +
         ids_.bytes();
}

}  // namespace semibfs
