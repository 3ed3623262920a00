// Kernel 3 over lists ordered by weight, in DRAM (weight_ordered_lists.hpp) or under a budget split
// between DRAM and a scratch file (tiered_weight_ordered_lists.hpp): delta-stepping (Meyer and
// Sanders, J. Algorithms 49(1), 2003) with the pruning of V. T. Chakaravarthy, F. Checconi, P.
// Murali, F. Petrini and Y. Sabharwal,
// "Scalable single source shortest path algorithms for massively parallel systems" (IPDPS 2014;
// IEEE TPDS 28(7), 2017):
//   - a bucket is emptied through the edges that land inside it alone (their inner edges, a prefix
//     of each list), round after round, until no distance in it falls, a fifth of the bucket at a
//     time in order (fewer vertices expanded again at a lower distance);
//   - its distances then final, the rest of its vertices' edges are either pushed (each relaxed
//     from its settled vertex) or pulled: each vertex not yet settled reads the prefix of its own
//     list lighter than its distance less the bucket's start, the only edges that could shorten
//     it, and takes the best through a neighbour settled in the bucket. The kernel pulls when a
//     sample of the unsettled vertices' prefixes says that reads fewer entries than the push (a
//     tail read from the scratch file weighed as tail_read_cost says).
// With the Graph500 weights most edges are never read: at SCALE 20 a search reads 2.4-4.7 million
// list entries of 31.4 million (docs/PERFORMANCE.md). The lists must be undirected: a pull reads a
// vertex's in-edges from its own list.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "sssp/delta_stepping.hpp"
#include "sssp/sssp_options.hpp"
#include "sssp/tiered_weight_ordered_lists.hpp"
#include "sssp/weight_ordered_lists.hpp"

namespace semibfs {

// What a thread of a search keeps between its phases; the kernel keeps them between searches, so
// that their room is reused (but the lists by slice, freed as each slice is emptied).
struct PushPullThreadLists {
  std::vector<std::vector<NeighborId>> buckets;  // vertices lowered into later slices of buckets, by slice
  std::vector<NeighborId> next;                  // vertices lowered again into the slice being emptied
  std::vector<NeighborId> settled;               // vertices first expanded in the bucket being emptied
  std::vector<NeighborId> unsettled;             // the vertices a pull found not settled, in id order
  TailReader tail;                               // tiered lists: the thread's tail reads
};

class PushPullStepping {
 public:
  // `lists` must outlive the kernel; delta must be finite and at least kMinDelta.
  PushPullStepping(const WeightOrderedLists& lists, SsspOptions options);
  // The same over the copy split between DRAM and a scratch file, under a budget.
  PushPullStepping(const TieredWeightOrderedLists& lists, SsspOptions options);

  // As DeltaStepping::run: distances from `root` (infinity where unreached) and each reached
  // vertex's parent on a shortest path (the root its own, kUnreached elsewhere).
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent);
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent);

  const SsspOptions& options() const { return options_; }
  // Bytes held between searches: a label, a hint and an expanded distance per vertex, the unsettled
  // vertices, the frontier and the threads' lists (the weight-ordered lists not included).
  std::int64_t status_bytes() const;
  // What a budget counts for them, per vertex: label, mark and hint (16), the unsettled vertices and
  // the frontier (8), the bucket's settled vertices (4) and the threads' lists twice the frontier's
  // room (8; they hold the vertices lowered, mostly once each a bucket).
  static constexpr std::int64_t kSearchBytesPerVertex = 16 + 8 + 4 + 8;

 private:
  template <typename ParentId>
  SsspStats run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent);

  void allocate(std::int64_t vertices);

  const WeightOrderedLists* in_dram_ = nullptr;  // one of the two, which must outlive the kernel
  const TieredWeightOrderedLists* tiered_ = nullptr;
  SsspOptions options_;
  std::vector<std::uint64_t> labels_;    // distance bits << 32 | parent (distance_label.hpp)
  std::vector<std::uint32_t> expanded_;  // the distance bits each vertex was last expanded at
  std::vector<float> hints_;             // each vertex's distance as last lowered (distance_label.hpp)
  std::vector<NeighborId> unsettled_;    // the vertices a pull visits
  std::vector<NeighborId> frontier_;
  std::vector<NeighborId> settled_;  // the bucket's
  std::vector<PushPullThreadLists> threads_;
};

}  // namespace semibfs
