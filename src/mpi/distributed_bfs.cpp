#include "mpi/distributed_bfs.hpp"

#include <omp.h>

#include <atomic>
#include <bit>
#include <limits>
#include <utility>

#include "bfs/bottom_up_scan.hpp"
#include "bfs/direction_policy.hpp"
#include "bfs/parent_claim.hpp"
#include "bfs/partition_teams.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"
#include "core/timer.hpp"
#include "mpi/replicated_frontier.hpp"

namespace semibfs {
namespace {

template <typename T>
void append_all(std::vector<T>& target, std::vector<std::vector<T>>& pieces) {
  std::size_t total = target.size();
  for (const std::vector<T>& piece : pieces) total += piece.size();
  target.reserve(total);
  for (std::vector<T>& piece : pieces) target.insert(target.end(), piece.begin(), piece.end());
}

// The replicated frontier tested as one process tests its own (bottom_up_scan.hpp): the summary
// first, the bitmap when the summary group has a bit.
struct ReplicatedFrontierTest {
  const ReplicatedFrontier& frontier;
  bool contains(NeighborId vertex) const { return frontier.may_contain(vertex) && frontier.contains(vertex); }
  bool operator()(NeighborId vertex) const { return contains(vertex); }
};

// A partition of the own rows for the shared bottom-up scan: row r is bit r of the visited bits
// and of the next frontier's own slice, its parent own_parent[r]. A rank's lists are one TieredCsr
// over all its rows, so the bits start at 0 whatever the partition.
struct OwnRows {
  const TieredCsr& lists;
  std::int64_t first_bit = 0;
  std::int64_t first_word;
  std::int64_t end_word;
  const std::vector<NeighborId>& first_neighbors;
  Bitmap& visited;
  ReplicatedFrontier& next;
  std::span<VertexId> parent;

  Bitmap::Word unvisited(std::int64_t word) const { return ~visited.word(word) & visited.valid_mask(word); }
  NeighborId first_neighbor(std::int64_t row) const { return first_neighbors[static_cast<std::size_t>(row)]; }
  void set_parent(std::int64_t row, NeighborId from) const { parent[row] = from; }
  void set_found(std::int64_t word, Bitmap::Word found) const {
    next.set_own_word(word, found);
    visited.set_word(word, visited.word(word) | found);
  }
  bool in_next(std::int64_t row) const { return (next.own_word(row / 64) & Bitmap::bit_mask(row)) != 0; }
  void add_found(std::int64_t row) const {
    next.set_own_word(row / 64, next.own_word(row / 64) | Bitmap::bit_mask(row));
    visited.set(row);
  }
  // A rank's graph is undirected: the backward degree is the out-degree.
  void count_discovered(StepCounts& counts, std::int64_t, std::int64_t degree) const {
    counts.discovered_edges += degree;
    counts.discovered_out_edges += degree;
  }
};

// Own frontier vertices per chunk a thread takes in a top-down step; small, because hub lists make
// chunks uneven.
constexpr std::int64_t kTopDownChunk = 64;

double communication_seconds(const TrafficByKind& traffic) {
  double seconds = 0;
  for (const Traffic& kind : traffic) seconds += kind.seconds;
  return seconds;
}

}  // namespace

struct DistributedBfs::Counts {
  std::int64_t edges_examined = 0;
  std::int64_t discovered_vertices = 0;
  std::int64_t discovered_edges = 0;  // the discovered vertices' degrees: m_u loses them, the next m_f
  std::int64_t early_exits = 0;
  std::int64_t pairs_generated = 0;  // top-down pairs for other ranks' children
  std::int64_t cache_hits = 0;       // of those, dropped by the remote vertex cache
  std::int64_t tail_entries = 0;     // entries of tails read from this rank's store

  void add(const Counts& other) {
    edges_examined += other.edges_examined;
    discovered_vertices += other.discovered_vertices;
    discovered_edges += other.discovered_edges;
    early_exits += other.early_exits;
    pairs_generated += other.pairs_generated;
    cache_hits += other.cache_hits;
    tail_entries += other.tail_entries;
  }
};

DistributedBfs::DistributedBfs(Communicator& comm, const RankGraph& graph, BfsOptions options,
                               const RankOptions& ranks, NodeGroup* node, const DistributedSearchLimits& limits)
    : comm_(comm),
      graph_(graph),
      options_(options),
      policy_(make_direction_policy(options)),
      frontier_(std::make_unique<ReplicatedFrontier>(graph.ranks, comm.rank(), options.summary_bits,
                                                     ranks.queue_sharing, ranks.parallel_allgather, node)),
      next_frontier_(std::make_unique<ReplicatedFrontier>(graph.ranks, comm.rank(), options.summary_bits,
                                                          ranks.queue_sharing, ranks.parallel_allgather, node)),
      visited_(graph.own.size()),
      never_reached_(graph.own.size()),
      counters_(graph.partitions.count()) {
  for (std::int64_t row = 0; row < graph.own.size(); ++row) {
    if (graph.tiered.degree(row) == 0) never_reached_.set(row);
  }
  pairs_.resize(static_cast<std::size_t>(omp_get_max_threads()));
  if (limits.pair_bytes > 0) pair_round_limit_ = pairs_per_round(limits.pair_bytes, comm.size());
  if (graph.tiered.has_tails()) fetchers_ = std::make_unique<ThreadTailFetchers>(omp_get_max_threads(), limits.fetch);
  caches_ = std::make_unique<RemoteCaches>(comm, ranks, node);
  pin_team_threads(graph.partitions.count());
}

// Per round a rank holds its outgoing pairs, their merged copy, and what the other ranks send it:
// (R + 1) times the bound, at 8 bytes a pair. At least 1024 pairs, so that rounds are not absurd.
std::int64_t DistributedBfs::pairs_per_round(std::int64_t pair_bytes, int ranks) {
  const std::int64_t per_pair = static_cast<std::int64_t>(sizeof(CompactEdge)) * (ranks + 1);
  return std::max<std::int64_t>(1024, pair_bytes / per_pair);
}

// Per frontier: the whole bitmap and summary (a node's shared copy counted whole on every rank, an
// overestimate for all but local rank 0), and the own words three times (own bits, own summary,
// staging for the allgather).
std::int64_t DistributedBfs::exchange_bytes_for(std::int64_t num_vertices, std::int64_t own_vertices, int summary_bits,
                                                std::int64_t pair_bytes) {
  const std::int64_t summary = summary_bits > 0 ? Bitmap::words_for((num_vertices + summary_bits - 1) / summary_bits) : 0;
  const std::int64_t frontier = (Bitmap::words_for(num_vertices) + summary + 3 * Bitmap::words_for(own_vertices)) * 8;
  return 2 * frontier + pair_bytes;
}

std::int64_t DistributedBfs::io_buffer_bytes() const { return fetchers_ ? fetchers_->bytes() : 0; }

IoStats DistributedBfs::take_io_stats() { return std::exchange(io_stats_, IoStats()); }

std::string DistributedBfs::io_backend() const { return fetchers_ ? fetchers_->backend() : std::string(); }

DistributedBfs::~DistributedBfs() = default;

std::int64_t DistributedBfs::status_bytes() const {
  return frontier_->bytes() + next_frontier_->bytes() + 2 * visited_.num_words() * 8 +
         static_cast<std::int64_t>((queue_.capacity() + next_queue_.capacity()) * sizeof(std::uint32_t));
}

// Isolated vertices count as visited, so bottom-up steps skip them; the root's owner starts it.
void DistributedBfs::start(VertexId root, std::span<VertexId> parent) {
  std::fill(parent.begin(), parent.end(), kUnreached);
  for (std::int64_t w = 0; w < visited_.num_words(); ++w) visited_.set_word(w, never_reached_.word(w));
  queue_.clear();
  frontier_in_bitmap_ = false;
  if (graph_.own.contains(root)) {
    const std::int64_t row = root - graph_.own.begin;
    parent[row] = root;
    visited_.set(row);
    queue_.push_back(static_cast<std::uint32_t>(row));
  }
}

void DistributedBfs::queue_to_frontier() {
  for (std::int64_t w = 0; w < frontier_->own_words(); ++w) frontier_->set_own_word(w, 0);
  for (const std::uint32_t row : queue_) {
    frontier_->set_own_word(row / 64, frontier_->own_word(row / 64) | Bitmap::bit_mask(row));
  }
  frontier_->publish(comm_);
}

void DistributedBfs::frontier_to_queue() {
  queue_.clear();
  for (std::int64_t w = 0; w < frontier_->own_words(); ++w) {
    for (Bitmap::Word bits = frontier_->own_word(w); bits != 0; bits &= bits - 1) {
      queue_.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(bits)));
    }
  }
}

// The visited bitmap (cache-resident) filters before the parent array is touched; only the thread
// whose swap succeeds adds the vertex, so each vertex enters a queue once.
bool DistributedBfs::claim_own(std::int64_t row, VertexId from, std::span<VertexId> parent) {
  if (visited_.test_atomic(row) || !claim_parent(parent[row], from)) return false;
  visited_.set_atomic(row);
  return true;
}

// Expands one list, or a piece of one, of the own frontier vertex `vertex` on one thread: own
// children are claimed in place, the others queued for their owners as (parent, child) pairs.
struct DistributedBfs::PairExpander {
  DistributedBfs& bfs;
  std::span<VertexId> parent;
  std::vector<std::vector<CompactEdge>>& outgoing;
  std::vector<std::uint32_t>& discovered;
  std::int64_t& found;
  std::int64_t& found_edges;
  std::int64_t& generated;  // pairs for other ranks' children
  std::int64_t& hits;       // of those, dropped by the cache
  std::atomic<std::int64_t>* round_pairs;  // all threads'; null without a bound (nothing to count)

  void operator()(VertexId vertex, std::span<const NeighborId> list) const {
    const VertexRange own = bfs.graph_.own;
    RemoteVertexCache* const cache = bfs.cache_level_ ? bfs.caches_->table() : nullptr;
    // Counted in locals: the references could alias the stores of the loop.
    std::int64_t queued = 0, dropped = 0, claimed = 0, claimed_edges = 0;
    for (const NeighborId neighbor : list) {
      if (!own.contains(neighbor)) {
        if (cache != nullptr && cache->seen_before(neighbor)) {
          ++dropped;
          continue;
        }
        outgoing[bfs.graph_.ranks.partition_of(neighbor)].push_back(CompactEdge::make(vertex, neighbor));
        ++queued;
        continue;
      }
      const std::int64_t row = neighbor - own.begin;
      if (!bfs.claim_own(row, vertex, parent)) continue;
      discovered.push_back(static_cast<std::uint32_t>(row));
      ++claimed;
      claimed_edges += bfs.graph_.tiered.degree(row);
    }
    found += claimed;
    found_edges += claimed_edges;
    generated += queued + dropped;
    hits += dropped;
    if (round_pairs != nullptr && queued > 0) round_pairs->fetch_add(queued, std::memory_order_relaxed);
  }
};

// Chunks of the queue are taken in order, so the expanded part is always a prefix: a thread stops
// taking them once the round's pairs reach the bound (it may pass it by the lists of one chunk).
DistributedBfs::Counts DistributedBfs::expand_round(std::span<VertexId> parent, std::int64_t& cursor) {
  const auto frontier_size = static_cast<std::int64_t>(queue_.size());
  const std::int64_t limit = pair_round_limit_ > 0 ? pair_round_limit_ : std::numeric_limits<std::int64_t>::max();
  const TieredCsr& lists = graph_.tiered;
  std::vector<std::vector<std::uint32_t>> discovered(pairs_.size());
  std::atomic<std::int64_t> next_chunk{cursor};
  std::atomic<std::int64_t> round_pairs{0};
  std::int64_t examined = 0, found = 0, found_edges = 0, generated = 0, hits = 0, tail = 0;
  ParallelErrors errors;  // a failed read ends the search on this rank, not the process
#pragma omp parallel reduction(+ : examined, found, found_edges, generated, hits, tail)
  errors.capture([&] {
    std::vector<std::vector<CompactEdge>>& outgoing = pairs_[omp_get_thread_num()];
    outgoing.resize(static_cast<std::size_t>(comm_.size()));
    std::atomic<std::int64_t>* counted = pair_round_limit_ > 0 ? &round_pairs : nullptr;
    const PairExpander expand{*this,     parent,     outgoing, discovered[omp_get_thread_num()],
                              found,     found_edges, generated, hits,
                              counted};
    TailFetcher* fetcher = fetchers_ ? &fetchers_->mine() : nullptr;
    const VertexId first = graph_.own.begin;
    const auto expand_tail = [&](std::int64_t row, std::span<const std::byte> piece) {
      const std::span<const NeighborId> entries = TieredCsr::plain_entries(piece);  // a rank's lists are not compressed
      tail += static_cast<std::int64_t>(entries.size());
      expand(first + row, entries);
    };
    for (std::int64_t begin = next_chunk.fetch_add(kTopDownChunk); begin < frontier_size;
         begin = next_chunk.fetch_add(kTopDownChunk)) {
      for (std::int64_t i = begin; i < std::min(begin + kTopDownChunk, frontier_size); ++i) {
        const std::int64_t row = queue_[i];
        examined += lists.degree(row);
        expand(first + row, lists.resident(row));
        if (fetcher != nullptr && lists.tail_entries(row) > 0) fetcher->request(lists, row, expand_tail);
      }
      if (round_pairs.load(std::memory_order_relaxed) >= limit) break;
    }
    if (fetcher != nullptr) fetcher->finish(expand_tail);
  });
  errors.rethrow_first();
  cursor = std::min(next_chunk.load(), frontier_size);
  append_all(next_queue_, discovered);
  return {examined, found, found_edges, 0, generated, hits, tail};
}

// Rounds of expansion and pair delivery until every rank has expanded its whole frontier: one
// round without a pair bound.
DistributedBfs::Counts DistributedBfs::top_down_step(std::span<VertexId> parent) {
  next_queue_.clear();
  Counts counts;
  for (std::int64_t cursor = 0;;) {
    counts.add(expand_round(parent, cursor));
    deliver_pairs(parent, counts);
    if (pair_round_limit_ == 0) break;
    if (comm_.max(static_cast<std::int64_t>(queue_.size()) - cursor) == 0) break;
  }
  return counts;
}

// Every thread's pairs, merged per destination rank.
std::vector<std::vector<CompactEdge>> DistributedBfs::take_pairs() {
  std::vector<std::vector<CompactEdge>> outgoing(static_cast<std::size_t>(comm_.size()));
  for (int d = 0; d < comm_.size(); ++d) {
    std::vector<std::vector<CompactEdge>> pieces;
    for (auto& per_thread : pairs_) {
      if (static_cast<int>(per_thread.size()) > d) pieces.push_back(std::move(per_thread[d]));
    }
    append_all(outgoing[d], pieces);
    for (auto& per_thread : pairs_) {
      if (static_cast<int>(per_thread.size()) > d) per_thread[d].clear();
    }
  }
  return outgoing;
}

// Every thread's pairs asked of a cache outside the rank at once; the misses, sorted by owner, are
// what goes to the owners.
std::vector<std::vector<CompactEdge>> DistributedBfs::take_pairs_missing_from(BatchedRemoteCache& cache,
                                                                             Counts& counts) {
  std::vector<CompactEdge> candidates;
  for (auto& per_thread : pairs_) {
    for (std::vector<CompactEdge>& to_rank : per_thread) {
      candidates.insert(candidates.end(), to_rank.begin(), to_rank.end());
      to_rank.clear();
    }
  }
  counts.cache_hits += cache.drop_hits(candidates);
  std::vector<std::vector<CompactEdge>> by_owner(static_cast<std::size_t>(comm_.size()));
  for (const CompactEdge pair : candidates) by_owner[graph_.ranks.partition_of(pair.v1())].push_back(pair);
  return by_owner;
}

// The pairs of every rank to their children's owners, then claimed as above.
void DistributedBfs::deliver_pairs(std::span<VertexId> parent, Counts& counts) {
  BatchedRemoteCache* const cache = cache_level_ ? caches_->batched() : nullptr;
  const std::vector<std::vector<CompactEdge>> outgoing =
      cache != nullptr ? take_pairs_missing_from(*cache, counts) : take_pairs();
  const std::vector<CompactEdge> incoming = comm_.exchange(outgoing, TrafficKind::kPairs);
  const VertexRange own = graph_.own;
  const auto count = static_cast<std::int64_t>(incoming.size());
  std::vector<std::vector<std::uint32_t>> discovered(pairs_.size());
  std::int64_t found = 0, found_edges = 0;
#pragma omp parallel reduction(+ : found, found_edges)
  {
    std::vector<std::uint32_t>& mine = discovered[omp_get_thread_num()];
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i < count; ++i) {
      const std::int64_t row = incoming[i].v1() - own.begin;
      if (!claim_own(row, incoming[i].v0(), parent)) continue;
      mine.push_back(static_cast<std::uint32_t>(row));
      ++found;
      found_edges += graph_.tiered.degree(row);
    }
  }
  counts.discovered_vertices += found;
  counts.discovered_edges += found_edges;
  append_all(next_queue_, discovered);
}

// Each partition's team scans its own rows as one process's bottom-up step scans a partition
// (bfs/bottom_up_scan.hpp), against the replicated frontier; then the next frontier's slices are
// allgathered.
DistributedBfs::Counts DistributedBfs::bottom_up_step(std::span<VertexId> parent) {
  const PartitionLayout& partitions = graph_.partitions;
  const ReplicatedFrontierTest frontier{*frontier_};
  counters_.reset();
  StepCounts total;
  ParallelErrors errors;  // a failed read ends the search on this rank, not the process
#pragma omp parallel reduction(add_counts : total)
  errors.capture([&] {
    for_each_seat(partitions.count(), [&](const TeamSeat& seat) {
      const OwnRows rows{graph_.tiered, 0, partitions.first_word(seat.partition), partitions.end_word(seat.partition),
                         graph_.first_neighbors, visited_, *next_frontier_, parent};
      add(total, scan_bottom_up_rows(frontier, rows, counters_, seat.partition, fetchers_.get()));
    });
  });
  errors.rethrow_first();
  next_frontier_->publish(comm_);
  std::swap(frontier_, next_frontier_);
  Counts counts;
  counts.edges_examined = total.edges_examined;
  counts.discovered_vertices = total.discovered_vertices;
  counts.discovered_edges = total.discovered_edges;
  counts.early_exits = total.early_exits;
  counts.tail_entries = total.tail_entries;
  return counts;
}

std::vector<DistributedLevel> DistributedBfs::run(VertexId root, std::span<VertexId> parent) {
  if (root < 0 || root >= graph_.ranks.num_vertices()) throw Error("BFS root " + std::to_string(root) + " is not a vertex");
  if (static_cast<std::int64_t>(parent.size()) != graph_.own.size()) throw Error("BFS parent slice of the wrong size");
  start(root, parent);
  caches_->next_search();
  TrafficByKind before = comm_.traffic();  // read, not reset: the caller counts what comes between searches
  FrontierFacts facts;
  facts.num_vertices = graph_.ranks.num_vertices();
  facts.frontier_vertices = 1;
  facts.frontier_edges = comm_.sum(graph_.own.contains(root) ? graph_.degree(root) : 0);
  facts.unexplored_edges = graph_.global_adjacencies - facts.frontier_edges;
  std::vector<DistributedLevel> levels;
  while (facts.frontier_vertices > 0) {
    const Stopwatch stopwatch;
    const bool bottom_up = policy_->next_step_bottom_up(facts);
    if (bottom_up && !frontier_in_bitmap_) queue_to_frontier();
    if (!bottom_up && frontier_in_bitmap_) frontier_to_queue();
    frontier_in_bitmap_ = bottom_up;
    cache_level_ = caches_->pays_for(facts.frontier_edges);
    Counts counts = bottom_up ? bottom_up_step(parent) : top_down_step(parent);
    if (!bottom_up) queue_.swap(next_queue_);
    std::int64_t global[4] = {counts.edges_examined, counts.discovered_vertices, counts.discovered_edges,
                              counts.early_exits};
    comm_.sum(global);
    DistributedLevel level;
    level.stats = LevelStats{facts.level, bottom_up, facts.frontier_vertices, facts.frontier_edges, global[0],
                             global[1], global[3], stopwatch.seconds(), {}, counts.tail_entries};  // this rank's, as its io
    if (fetchers_) {
      const IoStats level_io = fetchers_->take_stats();
      level.stats.io = level_io.summary();
      io_stats_.merge(level_io);
    }
    level.traffic = traffic_between(before, comm_.traffic());
    level.pairs_generated = counts.pairs_generated;
    level.cache_hits = counts.cache_hits;
    before = comm_.traffic();
    level.communication_seconds = communication_seconds(level.traffic);
    level.computation_seconds = level.stats.seconds - level.communication_seconds;
    levels.push_back(level);
    ++facts.level;
    facts.previous_frontier_vertices = facts.frontier_vertices;
    facts.frontier_vertices = global[1];
    facts.frontier_edges = global[2];
    facts.unexplored_edges -= global[2];
    facts.last_step_bottom_up = bottom_up;
  }
  return levels;
}

}  // namespace semibfs
