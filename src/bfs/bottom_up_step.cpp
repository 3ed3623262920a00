#include "bfs/bottom_up_step.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "bfs/frontier_conversion.hpp"
#include "bfs/partition_teams.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"

namespace semibfs {
namespace {

// Words (64 vertices each) per chunk a thread takes from its team's counter.
constexpr std::int64_t kChunkWords = 16;
// Graphs of at most 1024 vertices are scanned by one thread.
constexpr std::int64_t kParallelVertices = 1024;

// Frontier membership read from the bitmap alone. As a predicate it also finds the first frontier
// vertex of a run of ids (a compressed list's interval, tiered_csr.hpp) a word at a time.
struct PlainFrontier {
  const Bitmap& bits;
  bool contains(NeighborId vertex) const { return bits.test(vertex); }
  bool operator()(NeighborId vertex) const { return contains(vertex); }
  std::int64_t first_in(std::uint64_t first, std::uint64_t last) const {
    return bits.first_set_in(static_cast<std::int64_t>(first), static_cast<std::int64_t>(last));
  }
};

// Frontier membership read from the summary first: a clear summary bit spares the bitmap load.
struct SummarizedFrontier {
  const Bitmap& bits;
  const FrontierSummary& summary;
  bool contains(NeighborId vertex) const { return summary.may_contain(vertex) && bits.test(vertex); }
  bool operator()(NeighborId vertex) const { return contains(vertex); }
  std::int64_t first_in(std::uint64_t first, std::uint64_t last) const {
    return bits.first_set_in(static_cast<std::int64_t>(first), static_cast<std::int64_t>(last));
  }
};

// A vertex whose resident entries hold no frontier vertex, scanned again when its tail (or a piece
// of it) arrives. The vertex's word was written before the tail was asked for, so a parent found
// now is added to that word; only this thread writes the words of the chunks it took.
template <typename Frontier>
struct TailScanner {
  const Frontier& frontier;
  const TieredGraph& graph;
  const TieredCsr& backward;
  VertexId first_vertex;
  SearchState& state;
  StepCounts& counts;

  void operator()(std::int64_t row, std::span<const std::byte> tail) const {
    const VertexId vertex = first_vertex + row;
    if (state.next_bitmap.bits.test(vertex)) return;  // an earlier piece of the tail had a parent
    NeighborId parent = 0;
    std::int64_t entries = 0;
    const std::int64_t index = backward.find_in_tail(row, tail, frontier, parent, entries);
    if (index == entries) {
      counts.edges_examined += entries;
      counts.tail_entries += entries;
      return;
    }
    state.parent.set(vertex, parent);
    state.next_bitmap.bits.set(vertex);
    state.visited.set(vertex);
    counts.edges_examined += index + 1;
    counts.tail_entries += index + 1;
    counts.discovered_vertices += 1;
    count_discovered_edges(counts, graph, vertex, backward.degree(row));
    counts.early_exits += index + 1 < entries ? 1 : 0;
  }
};

// One partition's words, chunk by chunk; every word of the partition is written (as zero when
// nothing was found), so the next bitmap needs no clearing. Vertices whose resident entries
// (seed 002's backward head) hold no parent wait for their tails, which are asked for after each
// chunk, in file order, and scanned as they arrive.
template <typename Frontier>
StepCounts scan_partition(const TieredGraph& graph, const Frontier& frontier, const TeamSeat& seat,
                          SearchState& state, ThreadTailFetchers* fetchers) {
  const TieredCsr& backward = graph.backward(seat.partition);
  const VertexId first_vertex = state.layout.range(seat.partition).begin;
  const std::int64_t first_word = state.layout.first_word(seat.partition);
  const std::int64_t end_word = state.layout.end_word(seat.partition);
  Bitmap& visited = state.visited;
  Bitmap& next = state.next_bitmap.bits;
  StepCounts counts;
  TailFetcher* fetcher = fetchers != nullptr && backward.has_tails() ? &fetchers->mine() : nullptr;
  const TailScanner<Frontier> scan_tail{frontier, graph, backward, first_vertex, state, counts};
  std::vector<std::int64_t> waiting_rows;
  for (std::int64_t chunk = first_word + state.counters.take(seat.partition, kChunkWords); chunk < end_word;
       chunk = first_word + state.counters.take(seat.partition, kChunkWords)) {
    for (std::int64_t word = chunk; word < std::min(chunk + kChunkWords, end_word); ++word) {
      Bitmap::Word unvisited = ~visited.word(word) & visited.valid_mask(word);
      Bitmap::Word found = 0;
      while (unvisited != 0) {
        const int bit = std::countr_zero(unvisited);
        unvisited &= unvisited - 1;
        const VertexId vertex = word * Bitmap::kBitsPerWord + bit;
        const NeighborId head = graph.head(vertex);
        if (head == kNoHead) continue;  // isolated; the engine marks these visited up front
        const std::int64_t row = vertex - first_vertex;
        // The head is probed from the dense array before the list is touched; a hit never reads it.
        NeighborId parent = head;
        std::int64_t index = 0;
        if (!frontier.contains(head)) {
          index = backward.find_resident(row, backward.scan_start_after_head(), frontier, parent);
          const std::int64_t resident = backward.resident_count(row);
          if (index >= resident) {
            counts.edges_examined += resident;
            if (fetcher != nullptr && backward.tail_entries(row) > 0) waiting_rows.push_back(row);
            continue;
          }
        }
        state.parent.set(vertex, parent);
        found |= Bitmap::Word{1} << bit;
        counts.edges_examined += index + 1;
        count_discovered_edges(counts, graph, vertex, backward.degree(row));
        counts.early_exits += index + 1 < backward.degree(row) ? 1 : 0;
      }
      next.set_word(word, found);
      visited.set_word(word, visited.word(word) | found);
      counts.discovered_vertices += std::popcount(found);
    }
    for (const std::int64_t row : waiting_rows) fetcher->request(backward, row, scan_tail);
    waiting_rows.clear();
  }
  if (fetcher != nullptr) fetcher->finish(scan_tail);
  return counts;
}

}  // namespace

StepCounts bottom_up_step(const TieredGraph& graph, SearchState& state, ThreadTailFetchers* fetchers) {
  const SummarizedBitmap& current = state.current_bitmap;
  if (current.summary.group_bits() != state.next_bitmap.summary.group_bits()) {
    throw Error("bottom-up step: the frontier and next summaries differ in group size");
  }
  state.counters.reset();
  StepCounts counts;
  ParallelErrors errors;
#pragma omp parallel reduction(add_counts : counts) if (graph.num_vertices() > kParallelVertices)
  {
    errors.capture([&] {
      for_each_seat(graph.num_partitions(), [&](const TeamSeat& seat) {
        add(counts, current.summary.enabled()
                        ? scan_partition(graph, SummarizedFrontier{current.bits, current.summary}, seat, state, fetchers)
                        : scan_partition(graph, PlainFrontier{current.bits}, seat, state, fetchers));
      });
    });
#pragma omp barrier
    rebuild_summary_seats(state.layout, state.next_bitmap);
  }
  errors.rethrow_first();
  return counts;
}

}  // namespace semibfs
