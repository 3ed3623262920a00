// The in-memory edge: two 32-bit vertex ids, 8 bytes instead of the reference's 12 (packed_edge.hpp).
// In-memory runs have at most 2^32 vertices (32-bit CSR neighbour ids), so every id fits; files keep
// the reference's layouts (edge_format.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/types.hpp"

namespace semibfs {

inline bool fits_compact_edge(VertexId v) { return v >= 0 && v < kMaxVertices; }

struct CompactEdge {
  std::uint32_t v0_id;
  std::uint32_t v1_id;

  VertexId v0() const { return static_cast<VertexId>(v0_id); }
  VertexId v1() const { return static_cast<VertexId>(v1_id); }

  // Keeps the low 32 bits: only for ids known to fit (the generator below SCALE 33); see make_checked.
  static CompactEdge make(VertexId v0, VertexId v1) {
    return CompactEdge{static_cast<std::uint32_t>(v0), static_cast<std::uint32_t>(v1)};
  }
  // Throws semibfs::Error when an id is outside [0, 2^32) rather than wrapping it.
  static CompactEdge make_checked(VertexId v0, VertexId v1) {
    if (!fits_compact_edge(v0) || !fits_compact_edge(v1)) {
      throw Error("edge (" + std::to_string(v0) + ", " + std::to_string(v1) +
                  ") has a vertex id outside [0, 2^32): an in-memory edge list holds 32-bit ids");
    }
    return make(v0, v1);
  }
};
static_assert(sizeof(CompactEdge) == 8, "the in-memory edge is two 32-bit ids");

// Throws semibfs::Error unless num_vertices is in [0, 2^32], the in-memory limit.
inline void check_compact_vertex_count(std::int64_t num_vertices) {
  if (num_vertices < 0 || num_vertices > kMaxVertices) {
    throw Error(std::to_string(num_vertices) +
                " vertices: an in-memory edge list holds 0 to 2^32 vertices (SCALE <= 32); "
                "write larger graphs to a file with `semibfs generate`");
  }
}

}  // namespace semibfs
