// The reference's nedge_traversed (src/validate.c), counted apart from the validator so that the
// driver can check one against the other.
#include "graph500/teps_edge_count.hpp"

namespace semibfs {
namespace {

// The two parent loads per tuple are random DRAM reads; started this many tuples ahead they overlap
// (as in the validator's edge pass, which measured the same distance best).
constexpr std::int64_t kPrefetchDistance = 32;

template <typename Parent>
std::int64_t count_in_chunk(std::span<const CompactEdge> chunk, std::span<const Parent> parent) {
  const CompactEdge* edges = chunk.data();
  const auto count = static_cast<std::int64_t>(chunk.size());
  std::int64_t traversed = 0;
#pragma omp parallel for reduction(+ : traversed) schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    if (i + kPrefetchDistance < count) {
      __builtin_prefetch(&parent[edges[i + kPrefetchDistance].v0()]);
      __builtin_prefetch(&parent[edges[i + kPrefetchDistance].v1()]);
    }
    const VertexId v0 = edges[i].v0(), v1 = edges[i].v1();
    traversed += v0 != v1 && parent[v0] != Parent{-1} && parent[v1] != Parent{-1};
  }
  return traversed;
}

template <typename Parent>
std::int64_t count_all(const EdgeSource& edges, std::span<const Parent> parent) {
  std::int64_t traversed = 0;
  edges.for_each_chunk(
      [&](std::span<const CompactEdge> chunk, std::int64_t) { traversed += count_in_chunk(chunk, parent); });
  return traversed;
}

}  // namespace

std::int64_t count_traversed_edges(const EdgeSource& edges, std::span<const VertexId> parent) {
  return count_all(edges, parent);
}

std::int64_t count_traversed_edges(const EdgeSource& edges, std::span<const std::int32_t> parent) {
  return count_all(edges, parent);
}

std::int64_t count_traversed_edges(const EdgeList& edge_list, std::span<const VertexId> parent) {
  return count_traversed_edges(InMemoryEdgeSource(edge_list), parent);
}

}  // namespace semibfs
