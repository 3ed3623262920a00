#include "sssp/weight_ordered_lists.hpp"

#include <algorithm>

#include "core/huge_pages.hpp"
#include "graph/prefix_sum.hpp"

namespace semibfs {

namespace {

// Whether no vertex has a higher degree than the one before it.
bool degrees_fall(const PartitionedGraph& graph) {
  const std::int64_t n = graph.num_vertices();
  bool rises = false;
#pragma omp parallel for schedule(static) reduction(|| : rises)
  for (VertexId v = 1; v < n; ++v) rises = rises || graph.degree(v) > graph.degree(v - 1);
  return !rises;
}

}  // namespace

// The copy's ids: by degree, highest first, ties in the graph's order (a counting sort).
void WeightOrderedLists::rename_by_degree(const PartitionedGraph& graph) {
  if (degrees_fall(graph)) return;
  const std::int64_t n = graph.num_vertices();
  std::int64_t highest = 0;
  for (VertexId v = 0; v < n; ++v) highest = std::max(highest, graph.degree(v));
  std::vector<std::int64_t> first(static_cast<std::size_t>(highest) + 2, 0);  // by highest - degree
  for (VertexId v = 0; v < n; ++v) ++first[static_cast<std::size_t>(highest - graph.degree(v)) + 1];
  inclusive_prefix_sum(first);
  copy_id_.resize(static_cast<std::size_t>(n));
  graph_id_.resize(static_cast<std::size_t>(n));
  for (VertexId v = 0; v < n; ++v) {
    const auto id = static_cast<NeighborId>(first[static_cast<std::size_t>(highest - graph.degree(v))]++);
    copy_id_[v] = id;
    graph_id_[id] = static_cast<NeighborId>(v);
  }
}

WeightOrderedLists::WeightOrderedLists(const PartitionedGraph& graph, const ListWeightsView& weights) {
  rename_by_degree(graph);
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
    std::sort(out, out + neighbors.size(), [](const WeightedEntry& a, const WeightedEntry& b) {
      return a.weight < b.weight || (a.weight == b.weight && a.neighbor < b.neighbor);
    });
  }
}

std::int64_t WeightOrderedLists::bytes() const {
  return static_cast<std::int64_t>(offsets_.size() * sizeof(std::int64_t) + entries_.size() * sizeof(WeightedEntry) +
                                   (copy_id_.size() + graph_id_.size()) * sizeof(NeighborId));
}

}  // namespace semibfs
