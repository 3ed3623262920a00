// Bottom-up step: parallel over 64-vertex words, so each word of `next`, `visited` and `parent`
// has one writer and the step needs no atomics.
#include "bfs/bottom_up_step.hpp"

#include <bit>
#include <cstdint>

namespace semibfs {
namespace {

// Graphs of at most 1024 vertices are scanned by one thread.
constexpr std::int64_t kParallelWords = 16;

// Returns the adjacency entries read; sets parent[vertex] when a frontier neighbour exists.
std::int64_t find_parent(const CsrGraph& graph, const Bitmap& frontier, VertexId vertex,
                         std::span<VertexId> parent) {
  const std::span<const NeighborId> neighbors = graph.neighbors(vertex);
  const auto degree = static_cast<std::int64_t>(neighbors.size());
  for (std::int64_t index = 0; index < degree; ++index) {
    if (frontier.test(neighbors[index])) {
      parent[vertex] = neighbors[index];
      return index + 1;
    }
  }
  return degree;
}

}  // namespace

StepCounts bottom_up_step(const CsrGraph& graph, const Bitmap& frontier, Bitmap& next, Bitmap& visited,
                          std::span<VertexId> parent) {
  const std::int64_t num_words = visited.num_words();
  std::int64_t edges_examined = 0;
  std::int64_t discovered = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : edges_examined, discovered) \
    if (num_words > kParallelWords)
  for (std::int64_t word = 0; word < num_words; ++word) {
    Bitmap::Word unvisited = ~visited.word(word) & visited.valid_mask(word);
    Bitmap::Word found = 0;
    while (unvisited != 0) {
      const int bit = std::countr_zero(unvisited);
      unvisited &= unvisited - 1;
      const VertexId vertex = word * Bitmap::kBitsPerWord + bit;
      edges_examined += find_parent(graph, frontier, vertex, parent);
      if (parent[vertex] != kUnreached) found |= Bitmap::Word{1} << bit;
    }
    next.set_word(word, found);
    visited.set_word(word, visited.word(word) | found);
    discovered += std::popcount(found);
  }
  return {edges_examined, discovered};
}

}  // namespace semibfs
