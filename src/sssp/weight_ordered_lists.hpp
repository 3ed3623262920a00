// Every vertex's list with its weights side by side, ordered by weight: what the pruned kernel
// (push_pull_stepping.hpp) reads. The edges of a vertex that land in the bucket being emptied are
// then a prefix of its list, and so are the edges that could still shorten a vertex's distance.
// Made once from the lists in DRAM and their weights, across partitions, in ids of its own: the
// vertices by degree, highest first (unless the graph's ids already are), so that the hubs, whose
// labels most relaxations and pulls read, share few cache lines and pages of the kernel's arrays
// (a store relabelled by degree searched 1.18x faster than one in the generator's ids:
// docs/PERFORMANCE.md).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/degree_order.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {

// One entry: the neighbour and the weight of the edge to it, read together (one cache line).
struct WeightedEntry {
  NeighborId neighbor;
  float weight;
};

class WeightOrderedLists {
 public:
  // A copy of each backward list and its weights, lightest first (ties by neighbour).
  WeightOrderedLists(const PartitionedGraph& graph, const ListWeightsView& weights);
  // DRAM the copy takes per list entry and per vertex (at most: the ids' maps only where it renames).
  static constexpr std::int64_t kBytesPerEntry = sizeof(WeightedEntry);
  static constexpr std::int64_t kBytesPerVertex = sizeof(std::int64_t) + 2 * sizeof(std::uint32_t);

  // The copy's own ids: where they differ from the graph's, each vertex's in the copy and back.
  bool renamed() const { return !relabel_.old_of.empty(); }
  NeighborId copy_id(VertexId vertex) const { return renamed() ? relabel_.new_of[vertex] : static_cast<NeighborId>(vertex); }
  VertexId graph_id(NeighborId vertex) const { return renamed() ? relabel_.old_of[vertex] : vertex; }

  // The rest reads and names vertices in the copy's ids.
  std::int64_t num_vertices() const { return static_cast<std::int64_t>(offsets_.size()) - 1; }
  std::int64_t degree(VertexId vertex) const { return offsets_[vertex + 1] - offsets_[vertex]; }
  const WeightedEntry* begin(VertexId vertex) const { return entries_.data() + offsets_[vertex]; }
  const WeightedEntry* end(VertexId vertex) const { return entries_.data() + offsets_[vertex + 1]; }
  // The vertex's offsets, and the first line of its list, asked for ahead of their reads.
  void prefetch_offsets(VertexId vertex) const { __builtin_prefetch(offsets_.data() + vertex); }
  void prefetch_list(VertexId vertex) const { __builtin_prefetch(begin(vertex)); }
  std::int64_t bytes() const;

 private:
  void rename_by_degree(const PartitionedGraph& graph);

  VertexRelabel relabel_;  // new_of: copy id by graph id; old_of: back; both empty: the same ids
  std::vector<std::int64_t> offsets_;  // one more than vertices
  std::vector<WeightedEntry> entries_;
};

}  // namespace semibfs
