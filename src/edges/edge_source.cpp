// The in-memory source: spans into the edge list, cut at chunk_edges when a test asks for seams.
#include "edges/edge_source.hpp"

#include <algorithm>
#include <string>
#include <utility>

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

ConcatenatedEdgeSource::ConcatenatedEdgeSource(std::vector<std::unique_ptr<EdgeSource>> parts)
    : parts_(std::move(parts)) {
  if (parts_.empty()) throw Error("edge source: nothing to concatenate");
  num_vertices_ = parts_.front()->num_vertices();
  for (const auto& part : parts_) {
    if (part->num_vertices() != num_vertices_) {
      throw Error("edge source: parts of " + std::to_string(num_vertices_) + " and " +
                  std::to_string(part->num_vertices()) + " vertices cannot be read as one list");
    }
    num_edges_ += part->num_edges();
  }
}

void ConcatenatedEdgeSource::for_each_chunk(const EdgeChunkVisitor& visit) const {
  std::int64_t before = 0;
  for (const auto& part : parts_) {
    part->for_each_chunk(
        [&](std::span<const CompactEdge> edges, std::int64_t first_index) { visit(edges, before + first_index); });
    before += part->num_edges();
  }
}

std::int64_t ConcatenatedEdgeSource::buffer_bytes() const {
  std::int64_t bytes = 0;
  for (const auto& part : parts_) bytes += part->buffer_bytes();
  return bytes;
}

}  // namespace semibfs
