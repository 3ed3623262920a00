// Kronecker edges generated chunk by chunk into one EdgeFileWriter.
#include "gen/kronecker_edge_file.hpp"

#include <algorithm>
#include <memory>
#include <span>
#include <vector>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/progress_log.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kMinChunkEdges = 1024;
// 48 MiB chunks: larger ones gain nothing (the generator's threads are long busy by then).
constexpr std::int64_t kMaxChunkEdges = std::int64_t{1} << 22;

// A generated edge and its encoded copy.
std::int64_t bytes_per_edge(EdgeFormat format) {
  return static_cast<std::int64_t>(sizeof(PackedEdge)) + encoding_bytes_per_edge(format);
}

void check_budget(const std::string& name, std::int64_t dram_budget_bytes, EdgeFormat format) {
  if (dram_budget_bytes < minimum_edge_file_budget(format)) {
    throw Error("edge file '" + name + "': a memory budget of " + std::to_string(dram_budget_bytes) +
                " bytes is too small; give at least " + std::to_string(minimum_edge_file_budget(format)) + " bytes");
  }
}

}  // namespace

std::int64_t minimum_edge_file_budget(EdgeFormat format) { return kMinChunkEdges * bytes_per_edge(format); }

EdgeFileStats write_kronecker_edges(const KroneckerParams& params, EdgeFileWriter& out, std::int64_t dram_budget_bytes,
                                    std::ostream* progress, const std::string& progress_name) {
  return write_kronecker_edges(params, {0, params.num_edges()}, out, dram_budget_bytes, progress, progress_name);
}

EdgeFileStats write_kronecker_edges(const KroneckerParams& params, EdgeIndexRange edges, EdgeFileWriter& out,
                                    std::int64_t dram_budget_bytes, std::ostream* progress,
                                    const std::string& progress_name, const EdgeWeightSink& weights,
                                    const EdgeChunkSink& chunks) {
  const std::int64_t per_edge =
      bytes_per_edge(out.format()) + (weights ? static_cast<std::int64_t>(sizeof(float)) : 0);
  check_budget(out.name(), dram_budget_bytes, out.format());
  if (edges.begin < 0 || edges.begin > edges.end || edges.end > params.num_edges()) {
    throw Error("edge file '" + out.name() + "': edges [" + std::to_string(edges.begin) + ", " +
                std::to_string(edges.end) + ") are not a range of the graph's edges");
  }
  EdgeFileStats stats;
  stats.edges = edges.end - edges.begin;
  stats.chunk_edges = std::clamp<std::int64_t>(dram_budget_bytes / per_edge, kMinChunkEdges, kMaxChunkEdges);
  stats.chunk_edges = std::min(stats.chunk_edges, std::max<std::int64_t>(stats.edges, 1));
  const auto chunk = std::make_unique_for_overwrite<PackedEdge[]>(static_cast<std::size_t>(stats.chunk_edges));
  std::vector<float> chunk_weights(weights ? static_cast<std::size_t>(stats.chunk_edges) : 0);
  stats.peak_buffer_bytes = stats.chunk_edges * per_edge;
  ProgressLog log(progress, progress_name);
  for (std::int64_t begin = edges.begin; begin < edges.end; begin += stats.chunk_edges) {
    throw_if_interrupted();  // between chunks, outside the generator's parallel region
    const std::int64_t end = std::min(begin + stats.chunk_edges, edges.end);
    const auto count = static_cast<std::size_t>(end - begin);
    generate_kronecker_range(params, begin, end, chunk.get(), weights ? chunk_weights.data() : nullptr);
    out.append(std::span<const PackedEdge>(chunk.get(), count));
    if (chunks) chunks(std::span<const PackedEdge>(chunk.get(), count));
    if (weights) weights(std::span<const float>(chunk_weights.data(), count));
    log.tick("edges", end - edges.begin, stats.edges, ProgressUnit::kEdges);
  }
  out.commit();
  stats.bytes = out.bytes_written();
  stats.seconds = log.seconds();
  log.say("wrote " + std::to_string(stats.edges) + " edges (" + to_string(out.format()) + ") to " + out.name());
  return stats;
}

EdgeFileStats write_kronecker_edge_file(const KroneckerParams& params, const std::string& path,
                                        std::int64_t dram_budget_bytes, std::ostream* progress, EdgeFormat format,
                                        const EdgeWeightSink& weights, const EdgeChunkSink& chunks) {
  // Checked before the writer creates its temporary file, so a refused budget leaves nothing.
  check_budget(path, dram_budget_bytes, format);
  EdgeFileWriter out(path, format);
  return write_kronecker_edges(params, {0, params.num_edges()}, out, dram_budget_bytes, progress, "edge file", weights, chunks);
}

EdgeFileStats write_kronecker_edge_file(const KroneckerParams& params, EdgeIndexRange edges, const std::string& path,
                                        std::int64_t dram_budget_bytes, std::ostream* progress,
                                        const EdgeWeightSink& weights) {
  check_budget(path, dram_budget_bytes, EdgeFormat::kG500Packed);
  EdgeFileWriter out(path, EdgeFormat::kG500Packed);
  return write_kronecker_edges(params, edges, out, dram_budget_bytes, progress, "edge file", weights);
}

}  // namespace semibfs
