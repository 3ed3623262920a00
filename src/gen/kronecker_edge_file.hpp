// The Kronecker edge list written to a file in chunks, so that no SCALE needs the whole list in
// memory: `semibfs generate` (any written layout, to a file or stdout) and the input of the
// external construction (external_build.hpp) for `run --dram-budget`.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <span>
#include <string>

#include "edges/edge_file_writer.hpp"
#include "edges/edge_format.hpp"
#include "gen/kronecker.hpp"

namespace semibfs {

struct EdgeFileStats {
  std::int64_t edges = 0;
  std::int64_t bytes = 0;
  std::int64_t chunk_edges = 0;
  std::int64_t peak_buffer_bytes = 0;  // the one chunk and its encoded copy
  double seconds = 0;
};

// The smallest budget write_kronecker_edges accepts in `format`: one chunk of 1024 edges and its
// encoded copy.
std::int64_t minimum_edge_file_budget(EdgeFormat format = EdgeFormat::kG500Packed);

// Writes edges [0, m) in edge-index order to `out` in its format and commits it, generating chunks
// that with their encoded copy take at most dram_budget_bytes (OpenMP-parallel within a chunk).
// Progress lines go to `progress` when set, prefixed by `progress_name`. On failure the writer is
// left uncommitted (a path: nothing left there).
EdgeFileStats write_kronecker_edges(const KroneckerParams& params, EdgeFileWriter& out, std::int64_t dram_budget_bytes,
                                    std::ostream* progress = nullptr, const std::string& progress_name = "edge file");

// Takes each chunk's SSSP weights, in edge-index order, as the edges go to the file (the store's
// edges.weights beside the edge file, for `run --sssp --dram-budget`).
using EdgeWeightSink = std::function<void(std::span<const float> weights)>;
// Takes each chunk's edges, in edge-index order, as they go to the file (the external construction's
// endpoint counts and seal, construction/endpoint_counts.hpp, so that it need not read the file for them).
using EdgeChunkSink = std::function<void(std::span<const PackedEdge> edges)>;

// Edges [begin, end) of the edge list, in edge-index order (a rank's share, mpi/rank_part_build.hpp).
struct EdgeIndexRange {
  std::int64_t begin = 0;
  std::int64_t end = 0;
};
// With `weights` set, the generator's weights too (a chunk then also holds them within the budget);
// with `chunks` set, each chunk's edges after they are written.
EdgeFileStats write_kronecker_edges(const KroneckerParams& params, EdgeIndexRange edges, EdgeFileWriter& out,
                                    std::int64_t dram_budget_bytes, std::ostream* progress = nullptr,
                                    const std::string& progress_name = "edge file", const EdgeWeightSink& weights = {},
                                    const EdgeChunkSink& chunks = {});

// The same to `path` (a temporary name, renamed when complete), in the reference's packed 12-byte
// layout unless told otherwise.
EdgeFileStats write_kronecker_edge_file(const KroneckerParams& params, const std::string& path,
                                        std::int64_t dram_budget_bytes, std::ostream* progress = nullptr,
                                        EdgeFormat format = EdgeFormat::kG500Packed,
                                        const EdgeWeightSink& weights = {}, const EdgeChunkSink& chunks = {});
// Edges [begin, end) alone to `path`, packed; with `weights` set, their weights too (a rank's share).
EdgeFileStats write_kronecker_edge_file(const KroneckerParams& params, EdgeIndexRange edges, const std::string& path,
                                        std::int64_t dram_budget_bytes, std::ostream* progress = nullptr,
                                        const EdgeWeightSink& weights = {});

}  // namespace semibfs
