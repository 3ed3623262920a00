// The hybrid BFS across ranks (Cui et al. Fig. 1; Beamer et al. SC'12 for the switch),
// one rank per socket with OpenMP threads inside:
//   - top-down: each rank expands its own frontier vertices; a child it owns is claimed in place,
//     a child another rank owns goes to that rank as a (parent, child) pair, the pairs of one
//     level coalesced into one message per destination;
//   - bottom-up: every rank holds the whole frontier bitmap and its summary (ReplicatedFrontier);
//     each of its unvisited vertices looks for a parent there, through the scan one process's
//     bottom-up step runs (bfs/bottom_up_scan.hpp) over the rank's own rows, and the next
//     frontier's slices are allgathered;
//     (with node-shared queues the ranks of a node read one copy; replicated_frontier.hpp);
//   - the direction of every step is the same DirectionPolicy as in one process, fed with frontier
//     counts summed over the ranks;
//   - lists with tails on disk (a rank's store opened under a DRAM budget) are searched as one
//     process searches them: resident entries first, tails read asynchronously (tail_fetcher.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "bfs/bfs.hpp"
#include "bfs/partition_teams.hpp"
#include "mpi/communicator.hpp"
#include "mpi/node_group.hpp"
#include "mpi/rank_graph.hpp"
#include "mpi/remote_caches.hpp"
#include "tiered/tail_fetcher.hpp"
#include "graph500/rank_options.hpp"

namespace semibfs {

// One level as every rank sees it: the counts summed over the ranks (in `stats`), and this rank's
// own traffic and its split of the level's time between exchanges and the rest.
struct DistributedLevel {
  LevelStats stats;  // stats.io: this rank's reads
  TrafficByKind traffic{};
  // This rank's top-down pairs for other ranks' children: generated, and dropped by the cache.
  std::int64_t pairs_generated = 0;
  std::int64_t cache_hits = 0;
  double communication_seconds = 0;
  double computation_seconds = 0;
};

class DirectionPolicy;
class ReplicatedFrontier;

// What a search may hold besides the graph when a DRAM budget bounds it.
struct DistributedSearchLimits {
  // Bytes of (parent, child) pairs in flight in one exchange round, outgoing and incoming; 0: no
  // bound (one round per top-down level). Every rank must pass 0 or every rank a bound.
  std::int64_t pair_bytes = 0;
  TailFetchOptions fetch;  // how tails on disk are read
};

class DistributedBfs {
 public:
  // `node` (the ranks sharing memory with this one) is needed unless ranks.queue_sharing is none.
  DistributedBfs(Communicator& comm, const RankGraph& graph, BfsOptions options, const RankOptions& ranks = {},
                 NodeGroup* node = nullptr, const DistributedSearchLimits& limits = {});
  ~DistributedBfs();
  DistributedBfs(const DistributedBfs&) = delete;
  DistributedBfs& operator=(const DistributedBfs&) = delete;

  // Kernel 2, collective: fills own_parent (one entry per own vertex, global parent ids;
  // kUnreached where not reached). Every rank passes the same root. Each level's traffic is what
  // comm counted during it; comm's counters keep it too.
  std::vector<DistributedLevel> run(VertexId root, std::span<VertexId> own_parent);

  // Bytes of the visited bitmap, queues and replicated frontier (the parent array is the caller's).
  std::int64_t status_bytes() const;
  // Bytes of the remote vertex cache in this rank (0 without one).
  std::int64_t cache_bytes() const { return caches_->bytes(); }
  // Bytes of the tail fetchers' arenas (0 when every list is in DRAM).
  std::int64_t io_buffer_bytes() const;
  // The reads of every search since the last call; resets them. Empty backend before any read.
  IoStats take_io_stats();
  std::string io_backend() const;

  // What the search holds per own vertex: its parent, the two queues and the visited bitmaps.
  static constexpr std::int64_t kStatusBytesPerOwnVertex = 17;
  // A bound of what the frontier copies (current and next, with their summaries) and the pair
  // buffers hold on one rank, the parent array and the per-vertex status apart.
  static std::int64_t exchange_bytes_for(std::int64_t num_vertices, std::int64_t own_vertices, int summary_bits,
                                         std::int64_t pair_bytes);

  // The pair bound a budget's `pair_bytes` gives with `ranks` ranks: the outgoing pairs of a round,
  // their merged copy and the incoming pairs of every other rank fit in it.
  static std::int64_t pairs_per_round(std::int64_t pair_bytes, int ranks);

 private:
  struct Counts;
  struct PairExpander;
  Counts top_down_step(std::span<VertexId> parent);
  // Expands queue_ from `cursor` on until the round's pairs reach the bound; returns its counts.
  Counts expand_round(std::span<VertexId> parent, std::int64_t& cursor);
  Counts bottom_up_step(std::span<VertexId> parent);
  void queue_to_frontier();
  void frontier_to_queue();
  void start(VertexId root, std::span<VertexId> parent);
  void deliver_pairs(std::span<VertexId> parent, Counts& counts);
  std::vector<std::vector<CompactEdge>> take_pairs();
  std::vector<std::vector<CompactEdge>> take_pairs_missing_from(BatchedRemoteCache& cache, Counts& counts);
  bool claim_own(std::int64_t row, VertexId from, std::span<VertexId> parent);

  Communicator& comm_;
  const RankGraph& graph_;
  BfsOptions options_;
  std::unique_ptr<DirectionPolicy> policy_;
  std::unique_ptr<ReplicatedFrontier> frontier_;  // bottom-up form of the current frontier
  std::unique_ptr<ReplicatedFrontier> next_frontier_;
  Bitmap visited_;                                // own vertices
  Bitmap never_reached_;                          // own vertices without an edge
  std::vector<std::uint32_t> queue_;              // top-down form: own rows
  std::vector<std::uint32_t> next_queue_;
  std::vector<std::vector<std::vector<CompactEdge>>> pairs_;  // per thread, per destination
  bool frontier_in_bitmap_ = false;
  std::int64_t pair_round_limit_ = 0;
  TeamCounters counters_;                         // one per partition of the own rows
  std::unique_ptr<RemoteCaches> caches_;          // empty without a remote vertex cache
  bool cache_level_ = false;                      // this top-down level asks the cache
  std::unique_ptr<ThreadTailFetchers> fetchers_;  // null when every list is in DRAM
  IoStats io_stats_;
};

}  // namespace semibfs
