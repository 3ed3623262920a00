#include "construction/build_budget.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kMinChunkEdges = 1024;
constexpr std::int64_t kMaxChunkEdges = std::int64_t{1} << 20;  // 12 MiB of edges: enough for the read-ahead
constexpr std::int64_t kMinFileBuffer = 4096;
constexpr std::int64_t kMaxFileBuffer = std::int64_t{1} << 20;
constexpr std::int64_t kMinRangeBytes = std::int64_t{16} << 10;
// Edge chunk and file buffers each take up to an eighth of what the degrees leave; lists the rest.
constexpr std::int64_t kBufferShare = 8;

std::int64_t round_down(std::int64_t value, std::int64_t step) { return value / step * step; }

}  // namespace

std::int64_t minimum_build_budget(std::int64_t num_vertices, int store_files) {
  return num_vertices * static_cast<std::int64_t>(sizeof(std::uint32_t)) + kMinChunkEdges * kCollectBytesPerEdge +
         store_files * kMinFileBuffer + kMinRangeBytes;
}

// Each buffer takes its share, but never so much that the lists get less than their minimum.
BuildBudget split_budget(std::int64_t dram_budget_bytes, std::int64_t num_vertices, int store_files) {
  const std::int64_t minimum = minimum_build_budget(num_vertices, store_files);
  BuildBudget budget;
  budget.degree_bytes = num_vertices * static_cast<std::int64_t>(sizeof(std::uint32_t));
  if (dram_budget_bytes < minimum) {
    throw Error("external build: a DRAM budget of " + std::to_string(dram_budget_bytes) + " bytes is too small for " +
                std::to_string(num_vertices) + " vertices (their degrees alone take " +
                std::to_string(budget.degree_bytes) + " bytes); give at least " + std::to_string(minimum) + " bytes");
  }
  const std::int64_t rest = dram_budget_bytes - budget.degree_bytes;
  const std::int64_t chunk_room = rest - store_files * kMinFileBuffer - kMinRangeBytes;
  budget.chunk_edges = std::clamp(round_down(rest / kBufferShare / kCollectBytesPerEdge, kMinChunkEdges), kMinChunkEdges,
                                  std::min(kMaxChunkEdges, round_down(chunk_room / kCollectBytesPerEdge, kMinChunkEdges)));
  const std::int64_t buffer_room = (rest - budget.chunk_edges * kCollectBytesPerEdge - kMinRangeBytes) / store_files;
  budget.file_buffer_bytes = std::clamp(round_down(rest / kBufferShare / store_files, kMinFileBuffer), kMinFileBuffer,
                                        std::min(kMaxFileBuffer, round_down(buffer_room, kMinFileBuffer)));
  budget.range_bytes = rest - budget.chunk_edges * kCollectBytesPerEdge - budget.file_buffer_bytes * store_files;
  return budget;
}

std::vector<VertexRange> plan_vertex_ranges(std::span<const std::uint32_t> entries, std::int64_t bytes_per_entry,
                                            std::int64_t bytes_per_vertex, std::int64_t range_bytes,
                                            std::int64_t max_entries) {
  std::vector<VertexRange> ranges;
  const auto num_vertices = static_cast<std::int64_t>(entries.size());
  VertexId begin = 0;
  std::int64_t cost = bytes_per_vertex;  // the extra offset
  std::int64_t range_entries = 0;
  for (VertexId vertex = 0; vertex < num_vertices; ++vertex) {
    const std::int64_t vertex_cost = bytes_per_vertex + bytes_per_entry * entries[vertex];
    if ((cost + vertex_cost > range_bytes || range_entries + entries[vertex] > max_entries) && vertex > begin) {
      ranges.push_back({begin, vertex});
      begin = vertex;
      cost = bytes_per_vertex;
      range_entries = 0;
    }
    range_entries += entries[vertex];
    if (cost + vertex_cost > range_bytes) {
      throw Error("external build: vertex " + std::to_string(vertex) + " has " + std::to_string(entries[vertex]) +
                  " list entries, which need " + std::to_string(cost + vertex_cost) +
                  " bytes at once; the budget leaves " + std::to_string(range_bytes) +
                  " for lists (raise the DRAM budget by at least " + std::to_string(cost + vertex_cost - range_bytes) +
                  " bytes)");
    }
    cost += vertex_cost;
  }
  if (num_vertices > begin || ranges.empty()) ranges.push_back({begin, num_vertices});
  return ranges;
}

}  // namespace semibfs
