// Vertex ids and the sentinel values shared by every layer.
#pragma once

#include <cstdint>

namespace semibfs {

// Global vertex ids are 64-bit everywhere (Graph500 asks for at least 48 bits).
using VertexId = std::int64_t;

// Parent of a vertex that the search did not reach (Graph500 convention).
inline constexpr VertexId kUnreached = -1;

// The most vertices a graph may have: neighbour lists and in-memory edges hold 32-bit ids, so ids
// are in [0, 2^32). Files name vertices with up to 48 bits; a graph built from them still fits here.
inline constexpr std::int64_t kMaxVertices = std::int64_t{1} << 32;
// The largest Graph500 SCALE whose 2^SCALE vertices fit under kMaxVertices.
inline constexpr int kMaxScale = 32;
static_assert(std::int64_t{1} << kMaxScale == kMaxVertices);

}  // namespace semibfs
