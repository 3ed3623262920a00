// The SSSP kernel a search in one process runs, chosen once for the lists it is given:
//   - over undirected lists in DRAM, the pruned kernel (push_pull_stepping.hpp) over a copy of the
//     lists ordered by weight, when the copy fits in half the memory available;
//   - else delta-stepping over the lists as they are (delta_stepping.hpp): tiered lists under a
//     budget (the plan does not count a copy), directed lists (a pull reads a vertex's in-edges).
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
#include "sssp/weight_ordered_lists.hpp"

namespace semibfs {

class ShortestPathKernel {
 public:
  // Over lists in DRAM; `direction` is the lists'. The graph and weights must outlive the kernel.
  ShortestPathKernel(const PartitionedGraph& graph, ListWeightsView weights, GraphDirection direction,
                     SsspOptions options);
  // Over a store's lists tiered under a budget (DeltaStepping's constructor).
  ShortestPathKernel(const TieredGraph& graph, const TieredWeights& weights, SsspOptions options, IoKind io);

  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent);
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent);

  // The options it runs with (the kernel's default delta where none was given).
  const SsspOptions& options() const { return plain_ ? plain_->options() : pruned_->options(); }
  // Whether the pruned kernel runs, and if not, why (for the log).
  bool pruned() const { return pruned_.has_value(); }
  const std::string& why_not_pruned() const { return why_not_pruned_; }
  // The copy of the lists ordered by weight (0 unless pruned) and the seconds it took to make.
  std::int64_t ordered_list_bytes() const { return ordered_ ? ordered_->bytes() : 0; }
  // Whether the copy names the vertices by degree apart from the graph's ids (WeightOrderedLists).
  bool ordered_lists_renamed() const { return ordered_ && ordered_->renamed(); }
  double ordering_seconds() const { return ordering_seconds_; }
  // DeltaStepping's, or the pruned kernel's status (the ordered copy not included).
  std::int64_t status_bytes() const;
  std::int64_t packed_tail_bytes() const { return plain_ ? plain_->packed_tail_bytes() : 0; }

 private:
  template <typename ParentId>
  SsspStats run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent);

  std::optional<DeltaStepping> plain_;
  std::unique_ptr<WeightOrderedLists> ordered_;  // on the heap: the pruned kernel keeps its address
  std::optional<PushPullStepping> pruned_;
  std::string why_not_pruned_;
  double ordering_seconds_ = 0;
};

}  // namespace semibfs
