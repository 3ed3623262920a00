#include "bfs/top_down_step.hpp"

#include <atomic>
#include <cstdint>

#include "bfs/frontier_chunks.hpp"
#include "bfs/frontier_conversion.hpp"
#include "bfs/parent_claim.hpp"
#include "bfs/partition_teams.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"

namespace semibfs {
namespace {

// Smaller queued frontiers (the first and last levels) are expanded by one thread: no fork and join.
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
  ListExpander<kSharedTeam> expand;
  std::int64_t& tail_entries;

  void operator()(std::int64_t row, std::span<const std::byte> tail) const {
    const auto vertex = static_cast<NeighborId>(row);
    forward.for_each_in_tail(row, tail, [&](NeighborId neighbor) {
      ++tail_entries;
      expand(vertex, neighbor);
    });
  }
};

// The resident part of the frontier vertex's list now; its tail, when it has one on disk, as the
// read arrives. Returns the list's length. Inlined, with the expander by value, so that its fields
// stay in registers: called apart (GCC 12 left it so), it reloaded them for every neighbour.
template <bool kSharedTeam>
[[gnu::always_inline]] inline std::int64_t expand_list(const TieredCsr& forward, NeighborId vertex,
                                                       ListExpander<kSharedTeam> expand, TailFetcher* fetcher,
                                                       std::int64_t& tail_entries) {
  forward.for_each_resident(vertex, [expand, vertex](NeighborId neighbor) { expand(vertex, neighbor); });
  if (fetcher != nullptr && forward.tail_entries(vertex) > 0) {
    fetcher->request(forward, vertex, TailExpander<kSharedTeam>{forward, expand, tail_entries});
  }
  return forward.degree(vertex);
}

// Partition k's share of the step: chunks of the frontier taken from the team's counter. Returns
// the entries examined; the entries of tails read from disk are added to `tail_entries`.
template <bool kSharedTeam, typename Chunks>
std::int64_t expand_into_partition(const TieredGraph& graph, const Chunks& chunks, const TeamSeat& seat,
                                   SearchState& state, ThreadTailFetchers* fetchers, std::int64_t& tail_entries) {
  const TieredCsr& forward = graph.forward(seat.partition);
  LocalQueueBuffer buffer(state.next_queue.part(seat.partition));
  const ListExpander<kSharedTeam> expand{state, buffer};
  TailFetcher* fetcher = fetchers != nullptr && forward.has_tails() ? &fetchers->mine() : nullptr;
  std::int64_t edges_examined = 0;
  for (std::int64_t chunk = state.counters.take(seat.partition, 1); chunk < chunks.count();
       chunk = state.counters.take(seat.partition, 1)) {
    chunks.for_each_vertex(chunk, [&](NeighborId vertex) {
      edges_examined += expand_list<kSharedTeam>(forward, vertex, expand, fetcher, tail_entries);
    });
  }
  if (fetcher != nullptr) fetcher->finish(TailExpander<kSharedTeam>{forward, expand, tail_entries});
  return edges_examined;
}

// The vertices the partition just discovered and their degrees: what m_u loses and the next
// step's m_f, from the partition's queue or, when the queues overflowed, its words of the next
// bitmap. In a pass of its own, because beside each claim the load would wait for the
// compare-and-swap.
StepCounts discovered_degrees(const TieredGraph& graph, const TeamSeat& seat, const SearchState& state,
                              bool in_bitmap) {
  const TieredCsr& backward = graph.backward(seat.partition);
  const VertexId first_vertex = state.layout.range(seat.partition).begin;
  StepCounts counts;
  const auto count = [&](std::int64_t vertex) {
    ++counts.discovered_vertices;
    count_discovered_edges(counts, graph, vertex, backward.degree(vertex - first_vertex));
  };
  if (in_bitmap) {
    const WordRange words = seat_words(state.layout, seat);
    state.next_bitmap.bits.for_each_set_in_words(words.begin, words.end, count);
    return counts;
  }
  const FrontierQueue& discovered = state.next_queue.part(seat.partition);
  const std::int64_t size = discovered.size();
  for (std::int64_t index = seat.share_begin(size); index < seat.share_end(size); ++index) count(discovered[index]);
  return counts;
}

// Before the expansion, when the queues may overflow: `visited`, copied into the next bitmap, each
// team its partition's words. Its own parallel region: the expansion of a small frontier is not.
void copy_visited(SearchState& state) {
#pragma omp parallel if (state.visited.num_words() > Bitmap::kParallelWords)
  for_each_seat(state.layout.count(), [&](const TeamSeat& seat) {
    const WordRange words = seat_words(state.layout, seat);
    for (std::int64_t word = words.begin; word < words.end; ++word) {
      state.next_bitmap.bits.set_word(word, state.visited.word(word));
    }
  });
}

// When the queues overflowed, the next frontier is the bitmap of what `visited` gained since the
// copy (plain word operations, no bit set per vertex found), with its summary for a bottom-up step.
// From inside a parallel region.
void complete_next_bitmap_seats(SearchState& state) {
  for_each_seat(state.layout.count(), [&](const TeamSeat& seat) {
    const WordRange words = seat_words(state.layout, seat);
    Bitmap& next = state.next_bitmap.bits;
    for (std::int64_t word = words.begin; word < words.end; ++word) {
      next.set_word(word, state.visited.word(word) & ~next.word(word));
    }
  });
#pragma omp barrier
  rebuild_summary_seats(state.layout, state.next_bitmap);
}

// Every partition's share of the frontier, through its forward graph. Returns the entries examined.
template <typename Chunks>
std::int64_t expand_all(const TieredGraph& graph, SearchState& state, const Chunks& chunks, bool parallel,
                        ThreadTailFetchers* fetchers, std::int64_t& tail_entries) {
  state.counters.reset();
  ParallelErrors errors;
  std::int64_t edges_examined = 0;
  std::int64_t entries = 0;
#pragma omp parallel reduction(+ : edges_examined, entries) if (parallel)
  errors.capture([&] {
    for_each_seat(graph.num_partitions(), [&](const TeamSeat& seat) {
      edges_examined += seat.shared() ? expand_into_partition<true>(graph, chunks, seat, state, fetchers, entries)
                                      : expand_into_partition<false>(graph, chunks, seat, state, fetchers, entries);
    });
  });
  errors.rethrow_first();
  tail_entries += entries;
  return edges_examined;
}

// The next frontier's vertices and degrees, in the queues or, when they overflowed, in the bitmap
// this makes. In parallel also after a one-thread expansion when there is a bitmap to make.
StepCounts finish_next_frontier(const TieredGraph& graph, SearchState& state, bool parallel) {
  if (state.next_queue.overflowed() && !state.top_down_may_overflow) {
    throw Error("top-down step: the next frontier outgrew the queues after ready_top_down said it could not");
  }
  const bool in_bitmap = state.next_queue.overflowed();
  StepCounts discovered;
#pragma omp parallel reduction(add_counts : discovered) if (parallel || in_bitmap)
  {
    if (in_bitmap) complete_next_bitmap_seats(state);
    for_each_seat(graph.num_partitions(),
                  [&](const TeamSeat& seat) { add(discovered, discovered_degrees(graph, seat, state, in_bitmap)); });
  }
  return discovered;
}

template <typename Chunks>
StepCounts expand_frontier(const TieredGraph& graph, SearchState& state, const Chunks& chunks, bool parallel,
                           ThreadTailFetchers* fetchers) {
  if (state.top_down_may_overflow) copy_visited(state);
  std::int64_t tail_entries = 0;
  const std::int64_t edges_examined = expand_all(graph, state, chunks, parallel, fetchers, tail_entries);
  StepCounts counts = finish_next_frontier(graph, state, parallel);
  counts.edges_examined = edges_examined;
  counts.tail_entries = tail_entries;
  return counts;
}

}  // namespace

StepCounts top_down_step(const TieredGraph& graph, SearchState& state, ThreadTailFetchers* fetchers) {
  if (state.frontier_in_bitmap) {
    return expand_frontier(graph, state, BitmapChunks(state.current_bitmap.bits), true, fetchers);
  }
  const bool parallel = state.current_queue.size() > kParallelFrontier;
  return expand_frontier(graph, state, QueueChunks(state.current_queue), parallel, fetchers);
}

}  // namespace semibfs
