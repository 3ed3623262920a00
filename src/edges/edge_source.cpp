// The in-memory source: spans into the edge list, cut at chunk_edges when a test asks for seams.
#include "edges/edge_source.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace semibfs {

InMemoryEdgeSource::InMemoryEdgeSource(const EdgeList& edge_list, std::int64_t chunk_edges)
    : edge_list_(edge_list), chunk_edges_(chunk_edges) {
  if (chunk_edges < 0) throw Error("edge source: " + std::to_string(chunk_edges) + " edges per chunk is negative");
}

void InMemoryEdgeSource::for_each_chunk(const EdgeChunkVisitor& visit) const {
  const std::span<const CompactEdge> edges(edge_list_.edges);
  const std::int64_t total = num_edges();
  const std::int64_t step = chunk_edges_ > 0 ? chunk_edges_ : std::max<std::int64_t>(total, 1);
  for (std::int64_t first = 0; first < total; first += step) {
    const std::int64_t count = std::min(step, total - first);
    visit(edges.subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(count)), first);
  }
}

}  // namespace semibfs
