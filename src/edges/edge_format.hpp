// Edge-list file formats the generator writes: the reference's unpacked (two little-endian int64
// per edge) and packed (12 bytes, generator/graph_generator.h) layouts, and text "v0 v1" lines.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>

#include "edges/packed_edge.hpp"

namespace semibfs {

enum class EdgeFormat { kInt64, kPacked48, kText };

// Parses "int64", "packed48" or "text"; throws UsageError otherwise.
EdgeFormat parse_edge_format(const std::string& text);
std::string to_string(EdgeFormat format);

// Appends the edges to `file` in `format`; throws Error naming `file_name` when a write fails.
void write_edges(std::FILE* file, const std::string& file_name, EdgeFormat format,
                 std::span<const PackedEdge> edges);

}  // namespace semibfs
