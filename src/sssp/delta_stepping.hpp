// Kernel 3: single-source shortest paths by delta-stepping (U. Meyer, P. Sanders, "Delta-stepping:
// a parallelizable shortest path algorithm", J. Algorithms 49(1), 2003), in the shape of gapbs's
// sssp.cc (Beamer et al.): thread-local buckets, one shared frontier per round, and bucket fusion
// (a thread goes on with its own small current bucket without a barrier). One kernel over both list
// accesses of weighted_lists.hpp: the lists in DRAM, or tiered between DRAM and a store.
#pragma once

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "core/types.hpp"
#include "graph/list_weights.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "sssp/distance_label.hpp"
#include "sssp/sssp_options.hpp"
#include "sssp/weighted_lists.hpp"

namespace semibfs {

// What a search did while it emptied one bucket (its phase), from the first round that holds the
// bucket to the last, the bucket's deferred heavy edges included; across ranks with the phase's
// exchanges.
struct SsspBucketPhase {
  std::int64_t bucket = 0;            // its distances lie in [bucket * delta, (bucket + 1) * delta)
  std::int64_t rounds = 0;
  std::int64_t edges_relaxed = 0;     // list entries looked at
  std::int64_t light_edges = 0;       // of those, the entries lighter than delta
  std::int64_t distance_updates = 0;  // relaxations that lowered a distance
  std::int64_t bytes_read = 0;        // of list tails and their weights from the store (tiered lists)
  std::int64_t read_requests = 0;     // the reads of those bytes sent to the device
  std::int64_t updates_sent = 0;      // across ranks: updates for other ranks' vertices
  std::int64_t exchange_bytes = 0;    // across ranks: the phase's exchanges, all ranks
  std::int64_t exchange_messages = 0;
  // In DRAM (push_pull_stepping.hpp): the bucket's other edges were pulled by the vertices not yet
  // settled instead of pushed from its own.
  bool pulled = false;
};

// Adds `part`'s counts, but its rounds, to `total`'s: the same bucket's phase on another thread or
// rank (each of which counts every round).
void add_phase_counts(SsspBucketPhase& total, const SsspBucketPhase& part);

// What one search did.
struct SsspStats {
  std::int64_t rounds = 0;            // rounds between barriers (one shared frontier each)
  std::int64_t buckets = 0;           // distinct buckets emptied
  std::int64_t edges_relaxed = 0;     // list entries looked at
  std::int64_t light_edges = 0;       // of those, the entries lighter than delta
  std::int64_t distance_updates = 0;  // relaxations that lowered a distance
  std::int64_t bytes_read = 0;        // of list tails and their weights from the store (tiered lists)
  std::int64_t read_requests = 0;     // the reads of those bytes sent to the device
  std::vector<SsspBucketPhase> phases;  // one per bucket emptied, in the order emptied
};

// A search's relaxation and read counts so far, in a phase's fields (no rounds, no exchanges): the
// difference of two (add_counts_between) is what a phase relaxed and read on one thread or rank.
SsspBucketPhase relaxation_counts(const SsspStats& stats);
// Adds `after`'s relaxation and read counts less `before`'s to `phase`.
void add_counts_between(SsspBucketPhase& phase, const SsspBucketPhase& before, const SsspBucketPhase& after);

class DeltaStepping {
 public:
  // The graph and weights must outlive the search; delta must be finite and at least kMinDelta.
  DeltaStepping(const PartitionedGraph& graph, ListWeightsView weights, SsspOptions options);
  DeltaStepping(const PartitionedGraph& graph, const ListWeights& weights, SsspOptions options)
      : DeltaStepping(graph, ListWeightsView(graph, weights), options) {}
  // Over a store's lists under a budget: resident entries and weights in DRAM, tails from its files
  // (read with the reader `io` names).
  // Their plain tails are packed into scratch files beside the store first unless `pack_tails` is
  // false (packed_tails.hpp).
  DeltaStepping(const TieredGraph& graph, const TieredWeights& weights, SsspOptions options,
                IoKind io = IoKind::kAuto, bool pack_tails = true);

  // Distances from `root` (infinity where unreached) and each reached vertex's parent on a
  // shortest path (the root its own, kUnreached elsewhere); one entry per vertex in each.
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent);
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent);

  const SsspOptions& options() const { return options_; }
  // Over tiered lists: the bytes of the packed tails the searches read (both files), 0 when they
  // read the store's files.
  std::int64_t packed_tail_bytes() const;

  // Bytes held between searches: a label (distance and parent) and the distance it was expanded at
  // per vertex (and over DRAM lists a byte for its deferred heavy edges), and the frontier.
  std::int64_t status_bytes() const;
  // Over tiered lists, the light entries of the tails held in DRAM (light_tails.hpp) take at most
  // this per vertex (at SCALE 20 with Graph500 weights and delta 0.01 they take 2.2 of 3 bytes, a bit
  // a vertex included: with 2 the last 10% of the tails went uncovered), and each vertex a byte for
  // its deferred heavy edges.
  static constexpr std::int64_t kLightTailBytesPerVertex = 3;
  static constexpr std::int64_t kTieredBytesPerVertex = kLightTailBytesPerVertex + sizeof(std::uint8_t);
  // Bytes a search holds per vertex and per thread besides the lists, for a budget's plan: the
  // labels, the expanded distances, the frontier and an estimate of the buckets (each vertex listed
  // once, on average), and what the tiered lists add; each thread's tail buffers over tiered lists.
  static constexpr std::int64_t kSearchBytesPerVertex =
      sizeof(std::uint64_t) + sizeof(std::uint32_t) + 2 * sizeof(NeighborId) + kTieredBytesPerVertex;
  static std::int64_t thread_bytes(bool tiered) { return tiered ? TieredWeightedLists::reader_bytes() : 0; }

 private:
  DeltaStepping(std::variant<DramWeightedLists, TieredWeightedLists> lists, std::int64_t num_vertices,
                SsspOptions options);
  template <typename ParentId>
  SsspStats run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent);

  std::variant<DramWeightedLists, TieredWeightedLists> lists_;
  SsspOptions options_;
  std::vector<std::uint64_t> labels_;  // distance bits << 32 | parent, set together by one CAS
  std::vector<std::uint32_t> expanded_;  // the distance bits each vertex was last expanded at
  std::vector<std::uint8_t> deferred_;   // 1 while a vertex's heavy edges wait (DRAM lists only)
  std::vector<NeighborId> frontier_;
};

}  // namespace semibfs
