// Graph500 Kronecker generator, bit-identical to the reference v3.0.0 (generator/graph_generator.c):
// the same edges in the same edge-index order, the vertex scramble, and the SSSP weight per edge.
#pragma once

#include <cstdint>
#include <functional>

#include "edges/compact_edge.hpp"
#include "edges/edge_list.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {

struct KroneckerParams {
  int scale = 16;                  // log2 of the number of vertices
  std::int64_t edgefactor = 16;    // edges per vertex
  std::uint64_t seed1 = 2;         // the reference's default seeds (src/main.c)
  std::uint64_t seed2 = 3;

  std::int64_t num_vertices() const { return std::int64_t{1} << scale; }
  std::int64_t num_edges() const { return edgefactor << scale; }
};

// Writes edges [begin, end) into edges[0, end - begin) and, when weights is not null, their weights.
// Any sub-range is generated on its own; the output does not depend on the thread count.
// The reference's 12-byte layout, for files of any SCALE up to 48.
void generate_kronecker_range(const KroneckerParams& params, std::int64_t begin, std::int64_t end,
                              PackedEdge* edges, float* weights);
// The same edges in the 8-byte in-memory layout; throws semibfs::Error above SCALE 32.
void generate_kronecker_range(const KroneckerParams& params, std::int64_t begin, std::int64_t end,
                              CompactEdge* edges, float* weights);

// The whole edge list in memory, OpenMP-parallel; throws semibfs::Error above SCALE 32.
EdgeList generate_kronecker(const KroneckerParams& params, bool with_weights);
// The same edges in about a hundred chunks, `after_chunk(edges done)` called after each (a progress
// bar); a chunk's threads skip ahead once more, which costs next to nothing.
EdgeList generate_kronecker(const KroneckerParams& params, bool with_weights,
                            const std::function<void(std::int64_t)>& after_chunk);

}  // namespace semibfs
