// Every vertex's list with its weights side by side, ordered by weight: what the pruned kernel
// (push_pull_stepping.hpp) reads. The edges of a vertex that land in the bucket being emptied are
// then a prefix of its list, and so are the edges that could still shorten a vertex's distance.
// Made once from the lists in DRAM and their weights, across partitions, in ids of its own
// (copy_ids.hpp; a store relabelled by degree searched 1.18x faster than one in the generator's
// ids: docs/PERFORMANCE.md). tiered_weight_ordered_lists.hpp is the same copy under a budget.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "sssp/copy_ids.hpp"

namespace semibfs {

// One entry: the neighbour and the weight of the edge to it, read together (one cache line).
struct WeightedEntry {
  NeighborId neighbor;
  float weight;
};
// The copy's order within a list: lightest first, ties by neighbour.
inline bool lighter_first(const WeightedEntry& a, const WeightedEntry& b) {
  return a.weight < b.weight || (a.weight == b.weight && a.neighbor < b.neighbor);
}

class WeightOrderedLists {
 public:
  // A copy of each backward list and its weights, lightest first (ties by neighbour).
  WeightOrderedLists(const PartitionedGraph& graph, const ListWeightsView& weights);
  // DRAM the copy takes per list entry and per vertex (at most: the ids' maps only where it renames).
  static constexpr std::int64_t kBytesPerEntry = sizeof(WeightedEntry);
  static constexpr std::int64_t kBytesPerVertex = sizeof(std::int64_t) + CopyIds::kBytesPerVertex;

  // The copy's own ids: where they differ from the graph's, each vertex's in the copy and back.
  bool renamed() const { return ids_.renamed(); }
  NeighborId copy_id(VertexId vertex) const { return ids_.copy_id(vertex); }
  VertexId graph_id(NeighborId vertex) const { return ids_.graph_id(vertex); }

  // The rest reads and names vertices in the copy's ids.
  std::int64_t num_vertices() const { return static_cast<std::int64_t>(offsets_.size()) - 1; }
  std::int64_t degree(VertexId vertex) const { return offsets_[vertex + 1] - offsets_[vertex]; }
  const WeightedEntry* begin(VertexId vertex) const { return entries_.data() + offsets_[vertex]; }
  const WeightedEntry* end(VertexId vertex) const { return entries_.data() + offsets_[vertex + 1]; }
  // Whether the vertex has a list to pull through.
  bool has_list(VertexId vertex) const { return degree(vertex) > 0; }
  // What pushing the vertex's list costs, in entries read (all in DRAM).
  std::int64_t push_cost(VertexId vertex) const { return degree(vertex); }
  // visit(entry) for the vertex's entries, lightest first, while below(their weight) (which must
  // turn false for good once it does); tiered lists read a tail into `reader`, these have none.
  template <typename Reader, typename Below, typename Visit>
  void walk(VertexId vertex, Reader& /*reader*/, Below&& below, Visit&& visit) const {
    for (const WeightedEntry* entry = begin(vertex); entry < end(vertex) && below(entry->weight); ++entry) visit(*entry);
  }
  // These lists read no file: no read fails.
  void rethrow_failure() const {}
  // The vertex's offsets, and the first line of its list, asked for ahead of their reads.
  void prefetch_offsets(VertexId vertex) const { __builtin_prefetch(offsets_.data() + vertex); }
  void prefetch_list(VertexId vertex) const { __builtin_prefetch(begin(vertex)); }
  std::int64_t bytes() const;

 private:
  CopyIds ids_;
  std::vector<std::int64_t> offsets_;  // one more than vertices
  std::vector<WeightedEntry> entries_;
};

}  // namespace semibfs
