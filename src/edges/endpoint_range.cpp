#include "edges/endpoint_range.hpp"

#include <algorithm>

namespace semibfs {

std::int64_t first_out_of_range(std::span<const CompactEdge> chunk, std::int64_t num_vertices) {
  const auto num_edges = static_cast<std::int64_t>(chunk.size());
  std::int64_t first_bad = num_edges;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t e = 0; e < num_edges; ++e) {
    const CompactEdge& edge = chunk[static_cast<std::size_t>(e)];
    if (edge.v0() >= num_vertices || edge.v1() >= num_vertices) first_bad = std::min(first_bad, e);
  }
  return first_bad;
}

}  // namespace semibfs
