// The SSSP kernel a search in one process runs, chosen once for the lists it is given:
//   - over undirected lists in DRAM, the pruned kernel (push_pull_stepping.hpp) over a copy of the
//     lists ordered by weight, when the copy fits in half the memory available;
//   - under a budget, the pruned kernel over a copy of a store's lists ordered by weight, split
//     between DRAM and a scratch file (tiered_weight_ordered_lists.hpp), when the caller found room
//     for it;
//   - else delta-stepping over the lists as they are (delta_stepping.hpp): tiered lists under a
//     budget without that room, directed lists (a pull reads a vertex's in-edges).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "core/graph_direction.hpp"
#include "io/io_kind.hpp"
#include "sssp/delta_stepping.hpp"
#include "sssp/push_pull_stepping.hpp"
#include "sssp/tiered_weight_ordered_lists.hpp"
#include "sssp/weight_ordered_lists.hpp"

namespace semibfs {

class ShortestPathKernel {
 public:
  // Over lists in DRAM; `direction` is the lists'. The graph and weights must outlive the kernel.
  ShortestPathKernel(const PartitionedGraph& graph, ListWeightsView weights, GraphDirection direction,
                     SsspOptions options);
  // Over a store's lists tiered under a budget (DeltaStepping's constructor).
  ShortestPathKernel(const TieredGraph& graph, const TieredWeights& weights, SsspOptions options, IoKind io);
  // Over a copy of a store's undirected lists in weight order, made here from `partitions` with at
  // most `resident_bytes` of entries in DRAM and its tails in `scratch_directory`.
  ShortestPathKernel(std::span<const StoredListFiles> partitions, std::int64_t num_vertices, std::int64_t resident_bytes,
                     const std::string& scratch_directory, SsspOptions options);

  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent);
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent);

  // The options it runs with (the kernel's default delta where none was given).
  const SsspOptions& options() const { return plain_ ? plain_->options() : pruned_->options(); }
  // Whether the pruned kernel runs, and if not, why (for the log).
  bool pruned() const { return pruned_.has_value(); }
  const std::string& why_not_pruned() const { return why_not_pruned_; }
  // The DRAM of the copy of the lists ordered by weight (0 unless pruned) and the seconds it took to make.
  std::int64_t ordered_list_bytes() const;
  // Whether the copy names the vertices by degree apart from the graph's ids (copy_ids.hpp).
  bool ordered_lists_renamed() const;
  // The copy split under a budget; null when there is none.
  const TieredWeightOrderedLists* tiered_copy() const { return tiered_ordered_.get(); }
  double ordering_seconds() const { return ordering_seconds_; }
  // DeltaStepping's, or the pruned kernel's status (the ordered copy not included).
  std::int64_t status_bytes() const;
  std::int64_t packed_tail_bytes() const { return plain_ ? plain_->packed_tail_bytes() : 0; }

 private:
  template <typename ParentId>
  SsspStats run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent);

  std::optional<DeltaStepping> plain_;
  std::unique_ptr<WeightOrderedLists> ordered_;  // on the heap: the pruned kernel keeps its address
  std::unique_ptr<TieredWeightOrderedLists> tiered_ordered_;  // or this one, under a budget
  std::optional<PushPullStepping> pruned_;
  std::string why_not_pruned_;
  double ordering_seconds_ = 0;
};

}  // namespace semibfs
