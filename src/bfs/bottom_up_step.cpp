#include "bfs/bottom_up_step.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>

#include "bfs/frontier_conversion.hpp"
#include "bfs/partition_teams.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

// Words (64 vertices each) per chunk a thread takes from its team's counter.
constexpr std::int64_t kChunkWords = 16;
// Graphs of at most 1024 vertices are scanned by one thread.
constexpr std::int64_t kParallelVertices = 1024;

// Frontier membership read from the bitmap alone.
struct PlainFrontier {
  const Bitmap& bits;
  bool contains(NeighborId vertex) const { return bits.test(vertex); }
};

// Frontier membership read from the summary first: a clear summary bit spares the bitmap load.
struct SummarizedFrontier {
  const Bitmap& bits;
  const FrontierSummary& summary;
  bool contains(NeighborId vertex) const { return summary.may_contain(vertex) && bits.test(vertex); }
};

// The index of the first neighbour from `from` on that is in the frontier, or the list's size.
template <typename Frontier>
std::size_t first_frontier_neighbor(const Frontier& frontier, std::span<const NeighborId> neighbors,
                                    std::size_t from) {
  for (std::size_t index = from; index < neighbors.size(); ++index) {
    if (frontier.contains(neighbors[index])) return index;
  }
  return neighbors.size();
}

// One partition's words, chunk by chunk; every word of the partition is written (as zero when
// nothing was found), so the next bitmap needs no clearing.
template <typename Frontier>
StepCounts scan_partition(const PartitionedGraph& graph, const Frontier& frontier, const TeamSeat& seat,
                          SearchState& state) {
  const CsrGraph& backward = graph.backward(seat.partition);
  const VertexId first_vertex = state.layout.range(seat.partition).begin;
  const std::int64_t first_word = state.layout.first_word(seat.partition);
  const std::int64_t end_word = state.layout.end_word(seat.partition);
  Bitmap& visited = state.visited;
  Bitmap& next = state.next_bitmap.bits;
  StepCounts counts;
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
        const std::span<const NeighborId> neighbors = backward.neighbors(vertex - first_vertex);
        // The head is neighbors[0]: probe it from the dense array before touching the list.
        const std::size_t index = frontier.contains(head) ? 0 : first_frontier_neighbor(frontier, neighbors, 1);
        if (index == neighbors.size()) {
          counts.edges_examined += static_cast<std::int64_t>(neighbors.size());
          continue;
        }
        state.parent[vertex] = index == 0 ? head : neighbors[index];  // a head hit never reads the list
        found |= Bitmap::Word{1} << bit;
        counts.edges_examined += static_cast<std::int64_t>(index) + 1;
        counts.discovered_edges += static_cast<std::int64_t>(neighbors.size());
        counts.early_exits += index + 1 < neighbors.size() ? 1 : 0;
      }
      next.set_word(word, found);
      visited.set_word(word, visited.word(word) | found);
      counts.discovered_vertices += std::popcount(found);
    }
  }
  return counts;
}

void add(StepCounts& total, const StepCounts& part) {
  total.edges_examined += part.edges_examined;
  total.discovered_vertices += part.discovered_vertices;
  total.discovered_edges += part.discovered_edges;
  total.early_exits += part.early_exits;
}

#pragma omp declare reduction(add_counts : StepCounts : add(omp_out, omp_in)) initializer(omp_priv = StepCounts{})

}  // namespace

StepCounts bottom_up_step(const PartitionedGraph& graph, SearchState& state) {
  const SummarizedBitmap& current = state.current_bitmap;
  if (current.summary.group_bits() != state.next_bitmap.summary.group_bits()) {
    throw Error("bottom-up step: the frontier and next summaries differ in group size");
  }
  state.counters.reset();
  StepCounts counts;
#pragma omp parallel reduction(add_counts : counts) if (graph.num_vertices() > kParallelVertices)
  {
    for_each_seat(graph.num_partitions(), [&](const TeamSeat& seat) {
      add(counts, current.summary.enabled()
                      ? scan_partition(graph, SummarizedFrontier{current.bits, current.summary}, seat, state)
                      : scan_partition(graph, PlainFrontier{current.bits}, seat, state));
    });
#pragma omp barrier
    rebuild_summary_seats(state.layout, state.next_bitmap);
  }
  return counts;
}

}  // namespace semibfs
