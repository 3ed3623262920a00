#include "dist/distributed_bfs.hpp"

#include <omp.h>

#include <atomic>
#include <bit>
#include <utility>

#include "bfs/direction_policy.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"
#include "dist/replicated_frontier.hpp"

namespace semibfs {
namespace {

// Only the thread whose swap succeeds adds the vertex, so each vertex enters a queue once.
bool claim(VertexId& parent_slot, VertexId parent) {
  VertexId expected = kUnreached;
  return std::atomic_ref<VertexId>(parent_slot).compare_exchange_strong(expected, parent, std::memory_order_relaxed);
}

template <typename T>
void append_all(std::vector<T>& target, std::vector<std::vector<T>>& pieces) {
  std::size_t total = target.size();
  for (const std::vector<T>& piece : pieces) total += piece.size();
  target.reserve(total);
  for (std::vector<T>& piece : pieces) target.insert(target.end(), piece.begin(), piece.end());
}

// The index of the first neighbour in the frontier, or list.size(); the summary is tested first.
std::size_t find_parent(const ReplicatedFrontier& frontier, std::span<const NeighborId> list) {
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (frontier.may_contain(list[k]) && frontier.contains(list[k])) return k;
  }
  return list.size();
}

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
};

DistributedBfs::DistributedBfs(Communicator& comm, const RankGraph& graph, BfsOptions options,
                               const RankOptions& ranks, NodeGroup* node)
    : comm_(comm),
      graph_(graph),
      options_(options),
      policy_(make_direction_policy(options)),
      frontier_(std::make_unique<ReplicatedFrontier>(graph.ranks, comm.rank(), options.summary_bits,
                                                     ranks.queue_sharing, ranks.parallel_allgather, node)),
      next_frontier_(std::make_unique<ReplicatedFrontier>(graph.ranks, comm.rank(), options.summary_bits,
                                                          ranks.queue_sharing, ranks.parallel_allgather, node)),
      visited_(graph.own.size()),
      never_reached_(graph.own.size()) {
  for (std::int64_t row = 0; row < graph.own.size(); ++row) {
    if (graph.lists.degree(row) == 0) never_reached_.set(row);
  }
  pairs_.resize(static_cast<std::size_t>(omp_get_max_threads()));
}

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
  if (visited_.test_atomic(row) || !claim(parent[row], from)) return false;
  visited_.set_atomic(row);
  return true;
}

// Own children are claimed here; the others go to their owners as (parent, child) pairs.
DistributedBfs::Counts DistributedBfs::top_down_step(std::span<VertexId> parent) {
  const VertexRange own = graph_.own;
  const auto frontier_size = static_cast<std::int64_t>(queue_.size());
  std::vector<std::vector<std::uint32_t>> discovered(pairs_.size());
  std::int64_t examined = 0, found = 0, found_edges = 0;
#pragma omp parallel reduction(+ : examined, found, found_edges)
  {
    std::vector<std::vector<CompactEdge>>& outgoing = pairs_[omp_get_thread_num()];
    outgoing.resize(static_cast<std::size_t>(comm_.size()));
    for (std::vector<CompactEdge>& pairs : outgoing) pairs.clear();
    std::vector<std::uint32_t>& mine = discovered[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t i = 0; i < frontier_size; ++i) {
      const VertexId vertex = own.begin + queue_[i];
      const std::span<const NeighborId> list = graph_.lists.neighbors(queue_[i]);
      examined += static_cast<std::int64_t>(list.size());
      for (const NeighborId neighbor : list) {
        if (!own.contains(neighbor)) {
          outgoing[graph_.ranks.partition_of(neighbor)].push_back(CompactEdge::make(vertex, neighbor));
          continue;
        }
        const std::int64_t row = neighbor - own.begin;
        if (!claim_own(row, vertex, parent)) continue;
        mine.push_back(static_cast<std::uint32_t>(row));
        ++found;
        found_edges += graph_.lists.degree(row);
      }
    }
  }
  Counts counts{examined, found, found_edges, 0};
  next_queue_.clear();
  append_all(next_queue_, discovered);
  deliver_pairs(parent, counts);
  return counts;
}

// The pairs of every rank to their children's owners, then claimed as above.
void DistributedBfs::deliver_pairs(std::span<VertexId> parent, Counts& counts) {
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
      found_edges += graph_.lists.degree(row);
    }
  }
  counts.discovered_vertices += found;
  counts.discovered_edges += found_edges;
  append_all(next_queue_, discovered);
}

// Each thread takes whole words of the own range: it alone writes their visited and next bits.
DistributedBfs::Counts DistributedBfs::bottom_up_step(std::span<VertexId> parent) {
  const ReplicatedFrontier& frontier = *frontier_;
  ReplicatedFrontier& next = *next_frontier_;
  const std::int64_t words = visited_.num_words();
  std::int64_t examined = 0, found = 0, found_edges = 0, early = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : examined, found, found_edges, early)
  for (std::int64_t w = 0; w < words; ++w) {
    Bitmap::Word discovered = 0;
    for (Bitmap::Word unvisited = ~visited_.word(w) & visited_.valid_mask(w); unvisited != 0; unvisited &= unvisited - 1) {
      const std::int64_t row = w * 64 + std::countr_zero(unvisited);
      const std::span<const NeighborId> list = graph_.lists.neighbors(row);
      const std::size_t hit = find_parent(frontier, list);
      examined += static_cast<std::int64_t>(hit < list.size() ? hit + 1 : list.size());
      if (hit == list.size()) continue;
      parent[row] = list[hit];
      discovered |= Bitmap::bit_mask(row);
      ++found;
      found_edges += static_cast<std::int64_t>(list.size());
      early += hit + 1 < list.size();
    }
    next.set_own_word(w, discovered);
    visited_.set_word(w, visited_.word(w) | discovered);
  }
  next.publish(comm_);
  std::swap(frontier_, next_frontier_);
  return {examined, found, found_edges, early};
}

std::vector<DistributedLevel> DistributedBfs::run(VertexId root, std::span<VertexId> parent) {
  if (root < 0 || root >= graph_.ranks.num_vertices()) throw Error("BFS root " + std::to_string(root) + " is not a vertex");
  if (static_cast<std::int64_t>(parent.size()) != graph_.own.size()) throw Error("BFS parent slice of the wrong size");
  start(root, parent);
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
    Counts counts = bottom_up ? bottom_up_step(parent) : top_down_step(parent);
    if (!bottom_up) queue_.swap(next_queue_);
    std::int64_t global[4] = {counts.edges_examined, counts.discovered_vertices, counts.discovered_edges,
                              counts.early_exits};
    comm_.sum(global);
    DistributedLevel level;
    level.stats = LevelStats{facts.level, bottom_up, facts.frontier_vertices, facts.frontier_edges, global[0],
                             global[1], global[3], stopwatch.seconds(), {}};
    level.traffic = traffic_between(before, comm_.traffic());
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
