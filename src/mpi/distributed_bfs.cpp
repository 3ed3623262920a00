#include "mpi/distributed_bfs.hpp"

#include <omp.h>

#include <atomic>
#include <bit>
#include <limits>
#include <utility>

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

bool in_frontier(const ReplicatedFrontier& frontier, NeighborId vertex) {
  return frontier.may_contain(vertex) && frontier.contains(vertex);
}

// The index of the first neighbour from `from` on in the frontier, or list.size().
std::size_t find_parent(const ReplicatedFrontier& frontier, std::span<const NeighborId> list, std::size_t from = 0) {
  for (std::size_t k = from; k < list.size(); ++k) {
    if (in_frontier(frontier, list[k])) return k;
  }
  return list.size();
}

// Own frontier vertices per chunk a thread takes in a top-down step; small, because hub lists make
// chunks uneven.
constexpr std::int64_t kTopDownChunk = 64;
// Words of own vertices (64 each) per chunk a thread takes in a bottom-up step.
constexpr std::int64_t kBottomUpChunkWords = 16;

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

// A vertex whose resident entries hold no frontier vertex, scanned again when its tail (or a piece
// of it) arrives, on the thread that took its word: that thread alone writes the word's bits.
struct DistributedBfs::TailScanner {
  DistributedBfs& bfs;
  const ReplicatedFrontier& frontier;
  std::span<VertexId> parent;
  Counts& counts;

  // A rank's lists are not compressed: a tail piece is whole entries.
  void operator()(std::int64_t row, std::span<const std::byte> piece) const {
    const std::span<const NeighborId> tail = TieredCsr::plain_entries(piece);
    ReplicatedFrontier& next = *bfs.next_frontier_;
    const std::int64_t word = row / Bitmap::kBitsPerWord;
    if ((next.own_word(word) & Bitmap::bit_mask(row)) != 0) return;  // an earlier piece had a parent
    const std::size_t hit = find_parent(frontier, tail);
    const auto examined = static_cast<std::int64_t>(hit < tail.size() ? hit + 1 : tail.size());
    counts.edges_examined += examined;
    counts.tail_entries += examined;
    if (hit == tail.size()) return;
    parent[row] = tail[hit];
    next.set_own_word(word, next.own_word(word) | Bitmap::bit_mask(row));
    bfs.visited_.set_word(word, bfs.visited_.word(word) | Bitmap::bit_mask(row));
    counts.discovered_vertices += 1;
    counts.discovered_edges += bfs.graph_.tiered.degree(row);
    counts.early_exits += hit + 1 < tail.size() ? 1 : 0;
  }
};

// One word of own vertices: each unvisited one looks for a parent among its resident entries;
// those with tails and no parent there are left in `waiting`. Writes the word's next and visited
// bits.
void DistributedBfs::scan_word(std::int64_t word, const ReplicatedFrontier& frontier, std::span<VertexId> parent,
                               Counts& counts, std::vector<std::int64_t>& waiting) {
  const TieredCsr& lists = graph_.tiered;
  const bool tails = fetchers_ != nullptr;
  // Counted in locals: `counts` could alias the parent stores of the loop.
  std::int64_t examined = 0, found_edges = 0, early = 0;
  Bitmap::Word discovered = 0;
  for (Bitmap::Word unvisited = ~visited_.word(word) & visited_.valid_mask(word); unvisited != 0;
       unvisited &= unvisited - 1) {
    const std::int64_t row = word * 64 + std::countr_zero(unvisited);
    // The head is the list's first entry: probed from the dense array before the list is touched.
    const NeighborId head = graph_.heads[row];
    std::size_t hit = 0;
    if (head == kNoHead || !in_frontier(frontier, head)) {
      const std::span<const NeighborId> list = lists.resident(row);
      hit = find_parent(frontier, list, head == kNoHead ? 0 : 1);
      examined += static_cast<std::int64_t>(hit < list.size() ? hit + 1 : list.size());
      if (hit == list.size()) {
        if (tails && lists.tail_entries(row) > 0) waiting.push_back(row);
        continue;
      }
      parent[row] = list[hit];
    } else {
      examined += 1;
      parent[row] = head;  // a head hit never reads the list
    }
    discovered |= Bitmap::bit_mask(row);
    const std::int64_t degree = lists.degree(row);
    found_edges += degree;
    early += hit + 1 < static_cast<std::size_t>(degree) ? 1 : 0;
  }
  counts.edges_examined += examined;
  counts.discovered_vertices += std::popcount(discovered);
  counts.discovered_edges += found_edges;
  counts.early_exits += early;
  next_frontier_->set_own_word(word, discovered);
  visited_.set_word(word, visited_.word(word) | discovered);
}

// Each partition's team takes chunks of whole words of its rows from the team's counter: a thread
// alone writes the visited and next bits of the words it took. Vertices without a parent among
// their resident entries wait for their tails, asked for after each word and scanned as they
// arrive, on the same thread.
DistributedBfs::Counts DistributedBfs::scan_words(const ReplicatedFrontier& frontier, std::span<VertexId> parent) {
  const PartitionLayout& partitions = graph_.partitions;
  counters_.reset();
  Counts total;
  ParallelErrors errors;  // a failed read ends the search on this rank, not the process
#pragma omp parallel
  {
    Counts counts;
    errors.capture([&] {
      TailFetcher* fetcher = fetchers_ ? &fetchers_->mine() : nullptr;
      const TailScanner scan_tail{*this, frontier, parent, counts};
      std::vector<std::int64_t> waiting;
      for_each_seat(partitions.count(), [&](const TeamSeat& seat) {
        const std::int64_t first = partitions.first_word(seat.partition), end = partitions.end_word(seat.partition);
        for (std::int64_t chunk = first + counters_.take(seat.partition, kBottomUpChunkWords); chunk < end;
             chunk = first + counters_.take(seat.partition, kBottomUpChunkWords)) {
          for (std::int64_t word = chunk; word < std::min(chunk + kBottomUpChunkWords, end); ++word) {
            scan_word(word, frontier, parent, counts, waiting);
            for (const std::int64_t row : waiting) fetcher->request(graph_.tiered, row, scan_tail);
            waiting.clear();
          }
        }
      });
      if (fetcher != nullptr) fetcher->finish(scan_tail);
    });
#pragma omp critical
    total.add(counts);
  }
  errors.rethrow_first();
  return total;
}

DistributedBfs::Counts DistributedBfs::bottom_up_step(std::span<VertexId> parent) {
  const Counts counts = scan_words(*frontier_, parent);
  next_frontier_->publish(comm_);
  std::swap(frontier_, next_frontier_);
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
