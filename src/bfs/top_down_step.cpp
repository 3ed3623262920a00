// Top-down step: parallel over the frontier queue, claims by compare-and-swap on the parent.
#include "bfs/top_down_step.hpp"

#include <atomic>
#include <cstdint>

namespace semibfs {
namespace {

// Smaller frontiers (the first and last levels) are expanded by one thread: no fork and join.
constexpr std::int64_t kParallelFrontier = 64;

// Only the thread whose swap succeeds adds the vertex, so each vertex enters `next` once.
bool claim(VertexId& parent_slot, VertexId parent) {
  VertexId expected = kUnreached;
  return std::atomic_ref<VertexId>(parent_slot)
      .compare_exchange_strong(expected, parent, std::memory_order_relaxed);
}

}  // namespace

StepCounts top_down_step(const CsrGraph& graph, std::span<const NeighborId> frontier, FrontierQueue& next,
                         Bitmap& visited, std::span<VertexId> parent) {
  const auto frontier_size = static_cast<std::int64_t>(frontier.size());
  const std::int64_t first_new = next.size();
  std::int64_t edges_examined = 0;
  std::int64_t discovered_edges = 0;
#pragma omp parallel reduction(+ : edges_examined, discovered_edges) if (frontier_size > kParallelFrontier)
  {
    LocalQueueBuffer buffer(next);
#pragma omp for schedule(dynamic, 64) nowait
    for (std::int64_t index = 0; index < frontier_size; ++index) {
      const VertexId vertex = frontier[index];
      const std::span<const NeighborId> neighbors = graph.neighbors(vertex);
      edges_examined += static_cast<std::int64_t>(neighbors.size());
      for (const NeighborId neighbor : neighbors) {
        // The visited bitmap (n/8 bytes, cache-resident) filters before the parent array is touched.
        if (visited.test_atomic(neighbor) || !claim(parent[neighbor], vertex)) continue;
        visited.set_atomic(neighbor);
        buffer.push(neighbor);
      }
    }
    buffer.flush();
#pragma omp barrier
    // The new vertices' degrees (the next m_f) in a pass of their own: beside each claim, the load
    // would wait for the compare-and-swap; here the loads overlap.
    const std::span<const NeighborId> discovered = next.vertices().subspan(first_new);
    const auto discovered_size = static_cast<std::int64_t>(discovered.size());
#pragma omp for schedule(static) nowait
    for (std::int64_t index = 0; index < discovered_size; ++index) {
      discovered_edges += graph.degree(discovered[index]);
    }
  }
  return {edges_examined, next.size() - first_new, discovered_edges, 0};
}

}  // namespace semibfs
