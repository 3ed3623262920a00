#include "gen/kronecker_edge_file.hpp"

#include <algorithm>
#include <memory>
#include <span>

#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/progress_log.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kMinChunkEdges = 1024;
// 48 MiB chunks: larger ones gain nothing (the generator's threads are long busy by then).
constexpr std::int64_t kMaxChunkEdges = std::int64_t{1} << 22;

}  // namespace

std::int64_t minimum_edge_file_budget() { return kMinChunkEdges * static_cast<std::int64_t>(sizeof(PackedEdge)); }

EdgeFileStats write_kronecker_edge_file(const KroneckerParams& params, const std::string& path,
                                        std::int64_t memory_budget_bytes, std::ostream* progress) {
  if (memory_budget_bytes < minimum_edge_file_budget()) {
    throw Error("edge file '" + path + "': a memory budget of " + std::to_string(memory_budget_bytes) +
                " bytes is too small; give at least " + std::to_string(minimum_edge_file_budget()) + " bytes");
  }
  EdgeFileStats stats;
  stats.edges = params.num_edges();
  stats.chunk_edges = std::clamp<std::int64_t>(memory_budget_bytes / static_cast<std::int64_t>(sizeof(PackedEdge)),
                                               kMinChunkEdges, kMaxChunkEdges);
  stats.chunk_edges = std::min(stats.chunk_edges, std::max<std::int64_t>(stats.edges, 1));
  const auto chunk = std::make_unique_for_overwrite<PackedEdge[]>(static_cast<std::size_t>(stats.chunk_edges));
  stats.peak_buffer_bytes = stats.chunk_edges * static_cast<std::int64_t>(sizeof(PackedEdge));
  ProgressLog log(progress, "edge file");
  AtomicFileWriter file(path);
  for (std::int64_t begin = 0; begin < stats.edges; begin += stats.chunk_edges) {
    const std::int64_t end = std::min(begin + stats.chunk_edges, stats.edges);
    generate_kronecker_range(params, begin, end, chunk.get(), nullptr);
    // The packed48 layout is the struct's own bytes (little-endian, checked in edge_format.cpp).
    file.append(std::as_bytes(std::span<const PackedEdge>(chunk.get(), static_cast<std::size_t>(end - begin))));
    log.tick("edges", end, stats.edges);
  }
  file.commit();
  stats.bytes = stats.edges * static_cast<std::int64_t>(sizeof(PackedEdge));
  stats.seconds = log.seconds();
  log.say("wrote " + std::to_string(stats.edges) + " edges to " + path);
  return stats;
}

}  // namespace semibfs
