// The edge-file layouts semibfs names, one name each, declared once for what `build --format`
// reads (formats/) and what `generate --format` writes (edge_file_writer.hpp):
//   snap         text, two ids per line, '#' comments             read
//   mtx          Matrix Market coordinate, rows from 1              read
//   el           text "v0 v1" lines, ids from 0, no comments        read and written
//   g500-packed  the reference's 12-byte packed_edge (packed_edge.hpp) read and written
//   g500-int64   two little-endian int64 per edge                   read and written
// kAuto is no layout but the request to detect one (formats/input_format.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "edges/packed_edge.hpp"

namespace semibfs {

enum class EdgeFormat { kAuto, kSnap, kMtx, kEl, kG500Packed, kG500Int64 };

// Every format, kAuto first, in the order help texts list them.
inline constexpr EdgeFormat kEdgeFormats[] = {EdgeFormat::kAuto, EdgeFormat::kSnap,       EdgeFormat::kMtx,
                                              EdgeFormat::kEl,   EdgeFormat::kG500Packed, EdgeFormat::kG500Int64};

std::string to_string(EdgeFormat format);
// The format named `text` ("auto" included); none for any other text.
std::optional<EdgeFormat> find_edge_format(std::string_view text);

// True for the layouts semibfs writes: el, g500-packed and g500-int64.
bool is_written_format(EdgeFormat format);
// Parses a format to write: "el", "g500-packed" or "g500-int64". Throws UsageError otherwise; the
// names generate used before (int64, packed48, text) get one naming the new one.
EdgeFormat parse_written_edge_format(const std::string& text);

// The most bytes one edge takes in `format` (a written one): 16, 12, or 42 for two 20-digit ids.
std::int64_t max_bytes_per_edge(EdgeFormat format);
// `edges` in `format` (a written one but g500-packed, which is the edges' own bytes) into `out`,
// replacing what it held.
void encode_edges(EdgeFormat format, std::span<const PackedEdge> edges, std::vector<char>& out);

}  // namespace semibfs
