// Kernel 3 across ranks: delta-stepping (Meyer and Sanders, J. Algorithms 49(1), 2003) in bulk
// synchronous phases, as the Graph500 reference's sssp_reference.c runs it across ranks. Each rank
// holds the labels (distance, parent) of its own vertices and relaxes their lists; the updates for
// other ranks' vertices are coalesced per destination and exchanged once per phase (one message per
// destination), their owners keeping the least. A phase empties the current bucket of every rank;
// the next bucket is the least non-empty one of any rank (an allreduce), and the search ends when
// no rank has one. The label packing and the bucket rule are the one-process kernel's
// (sssp/distance_label.hpp). A rank's lists are read as one process's are (sssp/weighted_lists.hpp):
// in DRAM beside their weights, or tiered under a budget, a block of rows' tails and their weights
// streamed from the rank's part by the thread that relaxes them.
#pragma once

#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "mpi/communicator.hpp"
#include "mpi/rank_graph.hpp"
#include "sssp/delta_stepping.hpp"
#include "sssp/sssp_options.hpp"
#include "sssp/weighted_lists.hpp"

namespace semibfs {

// What one search did, summed over the ranks (the same on every rank).
struct DistributedSsspStats {
  SsspStats search;               // rounds: the phases (one exchange each)
  std::int64_t updates_sent = 0;  // (vertex, distance, parent) updates sent to other ranks
  Traffic traffic;                // the phases' exchanges: bytes and messages of all ranks, this rank's seconds
};

class DistributedDeltaStepping {
 public:
  // `weights` is aligned with graph.lists.all_neighbors() (mpi/rank_list_weights.hpp); the lists
  // must be in DRAM. All must outlive the search; delta must be finite and at least kMinDelta.
  DistributedDeltaStepping(Communicator& comm, const RankGraph& graph, std::span<const float> weights,
                           SsspOptions options);
  // The own rows' lists tiered (rows 0 to graph.own.size(), global neighbour ids, as the rank's part
  // holds them: TieredGraph::view_of_partition of graph.tiered), read through `tiered`.
  DistributedDeltaStepping(Communicator& comm, const RankGraph& graph, const TieredWeightedLists& tiered,
                           SsspOptions options);

  // Under a budget: a phase's rows relaxed in pieces whose lists hold at most `bytes` of updates
  // (whole rows; a longer list alone), each piece's updates exchanged before the next, every rank
  // taking part in as many exchanges as the rank with the most pieces. 0: a phase's all at once.
  void limit_exchange(std::int64_t bytes) { max_piece_updates_ = bytes / static_cast<std::int64_t>(sizeof(Update)); }
  // The buffers of `bytes` a limited exchange holds at most with `ranks` ranks: the threads' updates,
  // their merged copy and what the other ranks send this one.
  static int exchange_buffers(int ranks) { return 2 + ranks; }
  // The options it runs with (the default delta where none was given).
  const SsspOptions& options() const { return options_; }

  // Collective: the own vertices' distances from `root` (infinity where unreached) and parents
  // (global ids; the root its own, kUnreached where unreached), one entry per own vertex.
  DistributedSsspStats run(VertexId root, std::span<float> own_distance, std::span<VertexId> own_parent);

  // Bytes a search holds per own vertex, for a budget's plan: its label, the distance and parent
  // it hands back, and an estimate of the buckets, the frontier and the rows lowered in a phase
  // (each own vertex listed once in each, on average).
  static constexpr std::int64_t kSearchBytesPerOwnVertex =
      sizeof(std::uint64_t) + sizeof(float) + sizeof(VertexId) + 3 * sizeof(std::uint32_t);

  // Bytes held between searches: a label per own vertex.
  std::int64_t status_bytes() const { return static_cast<std::int64_t>(labels_.size() * sizeof(std::uint64_t)); }

  // A distance offered to a vertex's owner, with the parent it comes through.
  struct Update {
    std::uint32_t vertex;  // global ids: in-memory lists hold 32-bit ids
    float distance;
    std::uint32_t parent;
  };

 private:
  // The own lists in DRAM, read as TieredWeightedLists are (a Reader a thread).
  struct DramLists {
    const CsrGraph* lists;
    std::span<const float> weights;
    class Reader {
     public:
      explicit Reader(const DramLists& lists) : lists_(lists) {}
      void prepare(std::span<NeighborId> /*rows*/) {}
      template <typename F>
      std::int64_t for_each(VertexId row, F&& f) {
        const std::span<const NeighborId> neighbors = lists_.lists->neighbors(row);
        const float* weights = lists_.weights.data() + lists_.lists->offsets()[row];
        for (std::size_t k = 0; k < neighbors.size(); ++k) f(neighbors[k], weights[k]);
        return static_cast<std::int64_t>(neighbors.size());
      }
      static constexpr std::size_t kBlockVertices = 64;
      // Nothing is read from a store (as DramWeightedLists::Reader).
      std::int64_t bytes_read() const { return 0; }
      std::int64_t read_requests() const { return 0; }

     private:
      const DramLists& lists_;
    };
  };

  void phase(std::size_t bucket, SsspStats& stats);
  void relax_and_exchange(std::span<const std::uint32_t> rows, std::size_t bucket, SsspStats& stats);
  std::vector<std::size_t> piece_ends(std::span<const std::uint32_t> frontier) const;
  template <typename Lists>
  void relax_frontier(const Lists& lists, std::span<const std::uint32_t> frontier, std::size_t bucket,
                      std::vector<std::uint32_t>& lowered, SsspStats& relaxed);
  void counted_phase(std::size_t bucket, SsspStats& stats);
  void sum_phases_across(std::vector<SsspBucketPhase>& phases);
  bool lower(std::uint32_t row, float distance, std::uint32_t parent);
  template <typename Reader>
  void relax(Reader& reader, std::uint32_t row, std::vector<std::uint32_t>& lowered,
             std::vector<std::vector<Update>>& sends, SsspStats& stats);
  void apply(const std::vector<Update>& updates, SsspStats& stats);
  void file_lowered(const std::vector<std::uint32_t>& rows);
  std::size_t least_bucket_from(std::size_t bucket) const;
  std::size_t next_bucket_everywhere(std::size_t bucket);

  Communicator& comm_;
  const RankGraph& graph_;
  DramLists dram_;
  const TieredWeightedLists* tiered_ = nullptr;  // set: the lists are read through it, not dram_
  std::vector<std::unique_ptr<TieredWeightedLists::Reader>> tiered_readers_;  // one a thread, made at its first phase
  std::exception_ptr failure_;  // this rank's failed read in the search, until the ranks agree on it
  SsspOptions options_;
  std::vector<std::uint64_t> labels_;                // own rows: distance bits << 32 | parent
  std::vector<std::vector<std::uint32_t>> buckets_;  // own rows by bucket
  std::vector<std::vector<Update>> outgoing_;        // per destination rank, kept from phase to phase
  std::vector<Update> incoming_;
  std::int64_t updates_sent_ = 0;
  std::int64_t max_piece_updates_ = 0;  // 0: no limit
};

}  // namespace semibfs
