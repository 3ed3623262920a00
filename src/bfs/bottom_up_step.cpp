// Bottom-up step: parallel over 64-vertex words, so each word of `next`, `visited` and `parent`
// has one writer and the step needs no atomics (the summary's rare first marks excepted).
#include "bfs/bottom_up_step.hpp"

#include <bit>
#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

// Graphs of at most 1024 vertices are scanned by one thread.
constexpr std::int64_t kParallelWords = 16;

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

// The next frontier's summary when there is none to write.
struct NoSummary {
  void mark_word(std::int64_t) const {}
};

// The index of the first neighbour in the frontier, or the degree when there is none.
template <typename Frontier>
std::size_t first_frontier_neighbor(const Frontier& frontier, std::span<const NeighborId> neighbors) {
  for (std::size_t index = 0; index < neighbors.size(); ++index) {
    if (frontier.contains(neighbors[index])) return index;
  }
  return neighbors.size();
}

template <typename Frontier, typename NextSummary>
StepCounts bottom_up_words(const CsrGraph& graph, const Frontier& frontier, Bitmap& next,
                           NextSummary& next_summary, Bitmap& visited, std::span<VertexId> parent) {
  const std::int64_t num_words = visited.num_words();
  std::int64_t edges_examined = 0;
  std::int64_t discovered = 0;
  std::int64_t discovered_edges = 0;
  std::int64_t early_exits = 0;
#pragma omp parallel for schedule(dynamic, 16) if (num_words > kParallelWords) \
    reduction(+ : edges_examined, discovered, discovered_edges, early_exits)
  for (std::int64_t word = 0; word < num_words; ++word) {
    Bitmap::Word unvisited = ~visited.word(word) & visited.valid_mask(word);
    Bitmap::Word found = 0;
    while (unvisited != 0) {
      const int bit = std::countr_zero(unvisited);
      unvisited &= unvisited - 1;
      const VertexId vertex = word * Bitmap::kBitsPerWord + bit;
      const std::span<const NeighborId> neighbors = graph.neighbors(vertex);
      const std::size_t index = first_frontier_neighbor(frontier, neighbors);
      if (index == neighbors.size()) {
        edges_examined += static_cast<std::int64_t>(neighbors.size());
        continue;
      }
      parent[vertex] = neighbors[index];
      found |= Bitmap::Word{1} << bit;
      edges_examined += static_cast<std::int64_t>(index) + 1;
      discovered_edges += static_cast<std::int64_t>(neighbors.size());
      early_exits += index + 1 < neighbors.size() ? 1 : 0;
    }
    next.set_word(word, found);
    if (found != 0) next_summary.mark_word(word);
    visited.set_word(word, visited.word(word) | found);
    discovered += std::popcount(found);
  }
  return {edges_examined, discovered, discovered_edges, early_exits};
}

}  // namespace

StepCounts bottom_up_step(const CsrGraph& graph, const Bitmap& frontier, Bitmap& next, Bitmap& visited,
                          std::span<VertexId> parent) {
  NoSummary no_summary;
  return bottom_up_words(graph, PlainFrontier{frontier}, next, no_summary, visited, parent);
}

StepCounts bottom_up_step(const CsrGraph& graph, const SummarizedBitmap& frontier, SummarizedBitmap& next,
                          Bitmap& visited, std::span<VertexId> parent) {
  if (frontier.summary.group_bits() != next.summary.group_bits()) {
    throw Error("bottom-up step: the frontier and next summaries differ in group size (" +
                std::to_string(frontier.summary.group_bits()) + " and " +
                std::to_string(next.summary.group_bits()) + " bits)");
  }
  if (!frontier.summary.enabled()) return bottom_up_step(graph, frontier.bits, next.bits, visited, parent);
  next.summary.clear();
  return bottom_up_words(graph, SummarizedFrontier{frontier.bits, frontier.summary}, next.bits, next.summary,
                         visited, parent);
}

}  // namespace semibfs
