#include "bfs/bottom_up_step.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "bfs/bottom_up_scan.hpp"
#include "bfs/frontier_conversion.hpp"
#include "bfs/partition_teams.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"

namespace semibfs {
namespace {

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

// Partition k's rows (bottom_up_scan.hpp): its backward lists, vertices first_bit.. of the
// search state's bitmaps and parents.
struct PartitionRows {
  const TieredGraph& graph;
  const TieredCsr& lists;
  std::int64_t first_bit;
  std::int64_t first_word;
  std::int64_t end_word;
  SearchState& state;

  PartitionRows(const TieredGraph& graph, SearchState& state, int partition)
      : graph(graph),
        lists(graph.backward(partition)),
        first_bit(state.layout.range(partition).begin),
        first_word(state.layout.first_word(partition)),
        end_word(state.layout.end_word(partition)),
        state(state) {}

  Bitmap::Word unvisited(std::int64_t word) const { return ~state.visited.word(word) & state.visited.valid_mask(word); }
  NeighborId first_neighbor(std::int64_t vertex) const { return graph.first_neighbor(vertex); }
  void set_parent(std::int64_t vertex, NeighborId parent) const { state.parent.set(vertex, parent); }
  void set_found(std::int64_t word, Bitmap::Word found) const {
    state.next_bitmap.bits.set_word(word, found);
    state.visited.set_word(word, state.visited.word(word) | found);
  }
  bool in_next(std::int64_t vertex) const { return state.next_bitmap.bits.test(vertex); }
  void add_found(std::int64_t vertex) const {
    state.next_bitmap.bits.set(vertex);
    state.visited.set(vertex);
  }
  void count_discovered(StepCounts& counts, std::int64_t vertex, std::int64_t degree) const {
    count_discovered_edges(counts, graph, vertex, degree);
  }
};

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
        const PartitionRows rows(graph, state, seat.partition);
        add(counts, current.summary.enabled()
                        ? scan_bottom_up_rows(SummarizedFrontier{current.bits, current.summary}, rows, state.counters,
                                              seat.partition, fetchers)
                        : scan_bottom_up_rows(PlainFrontier{current.bits}, rows, state.counters, seat.partition,
                                              fetchers));
      });
    });
#pragma omp barrier
    rebuild_summary_seats(state.layout, state.next_bitmap);
  }
  errors.rethrow_first();
  return counts;
}

}  // namespace semibfs
