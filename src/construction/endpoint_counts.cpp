#include "construction/endpoint_counts.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

[[noreturn]] void throw_bad_edge(const PackedEdgeFile& edges, std::int64_t index, const PackedEdge& edge,
                                 std::int64_t num_vertices) {
  throw Error("edge file '" + edges.path() + "': edge " + std::to_string(index) + " (" + std::to_string(edge.v0()) +
              ", " + std::to_string(edge.v1()) + ") has a vertex id outside [0, " + std::to_string(num_vertices) + ")");
}

// Counts one endpoint; true when the count wrapped around.
bool count_endpoint(std::uint32_t& count) {
  std::uint32_t before = 0;
#pragma omp atomic capture
  before = count++;
  return before == UINT32_MAX;
}

}  // namespace

void count_endpoints(const PackedEdgeFile& edges, std::span<PackedEdge> chunk, std::span<std::uint32_t> degrees,
                     ListEnds ends, ProgressLog& log, EdgeFileSeal* seal) {
  const bool sources = ends != ListEnds::kTarget;
  const bool targets = ends != ListEnds::kSource;
  const auto num_vertices = static_cast<std::int64_t>(degrees.size());
  std::fill(degrees.begin(), degrees.end(), 0);
  bool wrapped = false;
  edges.for_each_chunk(chunk, [&](std::int64_t first, std::span<const PackedEdge> part) {
    const auto count = static_cast<std::int64_t>(part.size());
    std::int64_t first_bad = count;
    bool chunk_wrapped = false;
#pragma omp parallel for schedule(static) reduction(min : first_bad) reduction(|| : chunk_wrapped)
    for (std::int64_t index = 0; index < count; ++index) {
      const VertexId u = part[index].v0();
      const VertexId v = part[index].v1();
      if (u < 0 || u >= num_vertices || v < 0 || v >= num_vertices) {
        first_bad = std::min(first_bad, index);
      } else if (u != v) {
        if (sources) chunk_wrapped = count_endpoint(degrees[u]) || chunk_wrapped;
        if (targets) chunk_wrapped = count_endpoint(degrees[v]) || chunk_wrapped;
      }
    }
    if (first_bad < count) throw_bad_edge(edges, first + first_bad, part[first_bad], num_vertices);
    if (seal != nullptr) seal->update(part);
    wrapped = wrapped || chunk_wrapped;
    log.tick("counting endpoints: edge", first + count, edges.num_edges(), ProgressUnit::kEdges);
  });
  if (wrapped) throw Error("edge file '" + edges.path() + "': a vertex has 2^32 or more edge endpoints");
}

}  // namespace semibfs
