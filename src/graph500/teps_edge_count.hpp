// The TEPS numerator of one search, counted as the reference does (src/validate.c): input tuples
// that are not self-loops and whose endpoints were both reached, duplicates counted.
#pragma once

#include <cstdint>
#include <span>

#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"

namespace semibfs {

// Endpoints must be in [0, parent.size()). One parallel loop per chunk of the source.
std::int64_t count_traversed_edges(const EdgeSource& edges, std::span<const VertexId> parent);
std::int64_t count_traversed_edges(const EdgeSource& edges, std::span<const std::int32_t> parent);
std::int64_t count_traversed_edges(const EdgeList& edge_list, std::span<const VertexId> parent);

}  // namespace semibfs
