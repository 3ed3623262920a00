#include "validate/tuple_degrees.hpp"

#include <omp.h>

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/types.hpp"

namespace semibfs {

// The chunks come in edge-index order, so the first chunk with a bad edge holds the first bad edge.
void check_chunk_endpoints(std::span<const CompactEdge> chunk, std::int64_t first_index, std::int64_t num_vertices) {
  const std::int64_t first_bad = first_out_of_range(chunk, num_vertices);
  if (first_bad == std::ssize(chunk)) return;
  const CompactEdge& edge = chunk[static_cast<std::size_t>(first_bad)];
  throw Error("validation: edge " + std::to_string(first_index + first_bad) + " (" + std::to_string(edge.v0()) + ", " +
              std::to_string(edge.v1()) + ") has an endpoint outside [0, " + std::to_string(num_vertices) + ")");
}

namespace {

// Each thread counts the endpoints in its own range of vertices over the whole chunk: atomic adds
// on a hub's counter from every thread cost 6 s at SCALE 20 (2 threads), its cache line bouncing.
std::int64_t count_chunk(std::span<const CompactEdge> chunk, std::vector<std::uint32_t>& degrees) {
  const auto num_vertices = static_cast<std::int64_t>(degrees.size());
  std::int64_t counted = 0;
#pragma omp parallel reduction(+ : counted)
  {
    const std::int64_t threads = omp_get_num_threads(), thread = omp_get_thread_num();
    const auto begin = static_cast<std::uint64_t>(num_vertices * thread / threads);
    const auto size = static_cast<std::uint64_t>(num_vertices * (thread + 1) / threads) - begin;
    for (const CompactEdge& edge : chunk) {
      const VertexId v0 = edge.v0(), v1 = edge.v1();
      if (v0 == v1) continue;
      // Unsigned: one compare tells whether an endpoint is in [begin, begin + size).
      if (static_cast<std::uint64_t>(v0) - begin < size) ++degrees[static_cast<std::size_t>(v0)], ++counted;
      if (static_cast<std::uint64_t>(v1) - begin < size) ++degrees[static_cast<std::size_t>(v1)], ++counted;
    }
  }
  return counted;
}

}  // namespace

std::vector<std::uint32_t> tuple_degrees(const EdgeSource& edges) {
  check_compact_vertex_count(edges.num_vertices());  // the lists' 32-bit entries name every vertex
  const std::int64_t num_vertices = edges.num_vertices();
  std::vector<std::uint32_t> degrees(static_cast<std::size_t>(num_vertices), 0);
  std::int64_t endpoints = 0;
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
    check_chunk_endpoints(chunk, first_index, num_vertices);
    endpoints += count_chunk(chunk, degrees);
  });
  std::int64_t summed = 0;
#pragma omp parallel for schedule(static) reduction(+ : summed)
  for (std::int64_t v = 0; v < num_vertices; ++v) summed += degrees[static_cast<std::size_t>(v)];
  // A count that wrapped past 2^32 leaves the sum short.
  if (summed != endpoints) throw Error("validation: a vertex has 2^32 tuples or more, more than its count holds");
  return degrees;
}

}  // namespace semibfs
