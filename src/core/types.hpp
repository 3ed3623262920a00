// Vertex ids and the sentinel values shared by every layer.
#pragma once

#include <cstdint>

namespace semibfs {

// Global vertex ids are 64-bit everywhere (Graph500 asks for at least 48 bits).
using VertexId = std::int64_t;

// Parent of a vertex that the search did not reach (Graph500 convention).
inline constexpr VertexId kUnreached = -1;

}  // namespace semibfs
