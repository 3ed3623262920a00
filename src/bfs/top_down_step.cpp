#include "bfs/top_down_step.hpp"

#include <atomic>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bfs/parent_claim.hpp"
#include "bfs/partition_teams.hpp"
#include "core/parallel_errors.hpp"

namespace semibfs {
namespace {

// Frontier vertices per chunk a thread takes; small, because hub lists make chunks uneven.
constexpr std::int64_t kChunk = 64;
// Smaller frontiers (the first and last levels) are expanded by one thread: no fork and join.
constexpr std::int64_t kParallelFrontier = 64;

// Claims the neighbours of the frontier vertex `vertex`, one at a time. A team of one owns its
// vertices outright: plain loads and stores, no compare-and-swap.
template <bool kSharedTeam>
struct ListExpander {
  SearchState& state;
  LocalQueueBuffer& buffer;

  void operator()(NeighborId vertex, NeighborId neighbor) const {
    // The visited bitmap (n/8 bytes, cache-resident) filters before the parent array is touched.
    if constexpr (kSharedTeam) {
      if (state.visited.test_atomic(neighbor) || !state.parent.claim(neighbor, vertex)) return;
      state.visited.set_atomic(neighbor);
    } else {
      if (state.visited.test(neighbor)) return;
      state.visited.set(neighbor);
      state.parent.set(neighbor, vertex);
    }
    buffer.push(neighbor);
  }
};

// Hands a tail (or a piece of it) of the lists `forward` to the expander as it arrives; counts its
// entries.
template <bool kSharedTeam>
struct TailExpander {
  const TieredCsr& forward;
  const ListExpander<kSharedTeam>& expand;
  std::int64_t& tail_entries;

  void operator()(std::int64_t row, std::span<const std::byte> tail) const {
    const auto vertex = static_cast<NeighborId>(row);
    forward.for_each_in_tail(row, tail, [&](NeighborId neighbor) {
      ++tail_entries;
      expand(vertex, neighbor);
    });
  }
};

// The resident part of each list now; the tails, when some are on disk, as their reads arrive.
template <bool kSharedTeam>
std::int64_t expand_queue(const TieredCsr& forward, const FrontierQueue& frontier, std::int64_t begin,
                          std::int64_t end, const ListExpander<kSharedTeam>& expand, TailFetcher* fetcher,
                          std::int64_t& tail_entries) {
  std::int64_t edges_examined = 0;
  for (std::int64_t index = begin; index < end; ++index) {
    const NeighborId vertex = frontier[index];
    edges_examined += forward.degree(vertex);
    forward.for_each_resident(vertex, [&](NeighborId neighbor) { expand(vertex, neighbor); });
    if (fetcher != nullptr && forward.tail_entries(vertex) > 0) {
      fetcher->request(forward, vertex, TailExpander<kSharedTeam>{forward, expand, tail_entries});
    }
  }
  return edges_examined;
}

// The frontier's queues cut into chunks of kChunk vertices, numbered across all queues, so that
// a team can take them one by one from its counter.
class FrontierChunks {
 public:
  explicit FrontierChunks(const PartitionedQueue& queue) : queue_(queue), first_chunk_{0} {
    for (int part = 0; part < queue.num_parts(); ++part) {
      first_chunk_.push_back(first_chunk_.back() + (queue.part(part).size() + kChunk - 1) / kChunk);
    }
  }
  std::int64_t count() const { return first_chunk_.back(); }
  // The queue that holds `chunk`, and the chunk's index range in it.
  const FrontierQueue& locate(std::int64_t chunk, std::int64_t& begin, std::int64_t& end) const {
    int part = 0;
    while (chunk >= first_chunk_[part + 1]) ++part;
    const FrontierQueue& frontier = queue_.part(part);
    begin = (chunk - first_chunk_[part]) * kChunk;
    end = std::min(begin + kChunk, frontier.size());
    return frontier;
  }

 private:
  const PartitionedQueue& queue_;
  std::vector<std::int64_t> first_chunk_;
};

// Partition k's share of the step: chunks of the frontier taken from the team's counter. Returns
// the entries examined; the entries of tails read from disk are added to `tail_entries`.
template <bool kSharedTeam>
std::int64_t expand_into_partition(const TieredGraph& graph, const FrontierChunks& chunks, const TeamSeat& seat,
                                   SearchState& state, ThreadTailFetchers* fetchers, std::int64_t& tail_entries) {
  const TieredCsr& forward = graph.forward(seat.partition);
  LocalQueueBuffer buffer(state.next_queue.part(seat.partition));
  const ListExpander<kSharedTeam> expand{state, buffer};
  TailFetcher* fetcher = fetchers != nullptr && forward.has_tails() ? &fetchers->mine() : nullptr;
  std::int64_t edges_examined = 0;
  for (std::int64_t chunk = state.counters.take(seat.partition, 1); chunk < chunks.count();
       chunk = state.counters.take(seat.partition, 1)) {
    std::int64_t begin = 0;
    std::int64_t end = 0;
    const FrontierQueue& frontier = chunks.locate(chunk, begin, end);
    edges_examined += expand_queue<kSharedTeam>(forward, frontier, begin, end, expand, fetcher, tail_entries);
  }
  if (fetcher != nullptr) fetcher->finish(TailExpander<kSharedTeam>{forward, expand, tail_entries});
  return edges_examined;
}

// The degrees of the vertices the partition just discovered: what m_u loses and the next step's
// m_f. In a pass of its own, because beside each claim the load would wait for the compare-and-swap.
StepCounts discovered_degrees(const TieredGraph& graph, const TeamSeat& seat, const SearchState& state) {
  const FrontierQueue& discovered = state.next_queue.part(seat.partition);
  const TieredCsr& backward = graph.backward(seat.partition);
  const VertexId first_vertex = state.layout.range(seat.partition).begin;
  const std::int64_t size = discovered.size();
  StepCounts counts;
  for (std::int64_t index = seat.share_begin(size); index < seat.share_end(size); ++index) {
    const NeighborId vertex = discovered[index];
    count_discovered_edges(counts, graph, vertex, backward.degree(vertex - first_vertex));
  }
  return counts;
}

}  // namespace

StepCounts top_down_step(const TieredGraph& graph, SearchState& state, ThreadTailFetchers* fetchers) {
  const FrontierChunks chunks(state.current_queue);
  state.counters.reset();
  ParallelErrors errors;
  std::int64_t edges_examined = 0;
  std::int64_t discovered_edges = 0;
  std::int64_t discovered_out_edges = 0;
  std::int64_t tail_entries = 0;
#pragma omp parallel reduction(+ : edges_examined, discovered_edges, discovered_out_edges, tail_entries) \
    if (state.current_queue.size() > kParallelFrontier)
  {
    errors.capture([&] {
      for_each_seat(graph.num_partitions(), [&](const TeamSeat& seat) {
        edges_examined += seat.shared()
                              ? expand_into_partition<true>(graph, chunks, seat, state, fetchers, tail_entries)
                              : expand_into_partition<false>(graph, chunks, seat, state, fetchers, tail_entries);
      });
    });
#pragma omp barrier
    for_each_seat(graph.num_partitions(), [&](const TeamSeat& seat) {
      const StepCounts counts = discovered_degrees(graph, seat, state);
      discovered_edges += counts.discovered_edges;
      discovered_out_edges += counts.discovered_out_edges;
    });
  }
  errors.rethrow_first();
  return {edges_examined, state.next_queue.size(), discovered_edges, discovered_out_edges, 0, tail_entries};
}

}  // namespace semibfs
