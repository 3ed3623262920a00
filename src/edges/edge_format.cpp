// Format names and the encodings of the layouts semibfs writes.
#include "edges/edge_format.hpp"

#include <bit>
#include <charconv>
#include <cstring>

#include "core/error.hpp"

namespace semibfs {

std::string to_string(EdgeFormat format) {
  switch (format) {
    case EdgeFormat::kAuto: return "auto";
    case EdgeFormat::kSnap: return "snap";
    case EdgeFormat::kMtx: return "mtx";
    case EdgeFormat::kEl: return "el";
    case EdgeFormat::kG500Packed: return "g500-packed";
    case EdgeFormat::kG500Int64: return "g500-int64";
  }
  return "unknown";
}

std::optional<EdgeFormat> find_edge_format(std::string_view text) {
  for (const EdgeFormat format : kEdgeFormats) {
    if (text == to_string(format)) return format;
  }
  return std::nullopt;
}

bool is_written_format(EdgeFormat format) {
  return format == EdgeFormat::kEl || format == EdgeFormat::kG500Packed || format == EdgeFormat::kG500Int64;
}

EdgeFormat parse_written_edge_format(const std::string& text) {
  // generate's names before they became the ones build reads.
  const std::pair<const char*, EdgeFormat> renamed[] = {
      {"int64", EdgeFormat::kG500Int64}, {"packed48", EdgeFormat::kG500Packed}, {"text", EdgeFormat::kEl}};
  for (const auto& [old_name, format] : renamed) {
    if (text == old_name) {
      throw UsageError("edge format '" + text + "' is now called '" + to_string(format) +
                       "', the name the graph-file readers use");
    }
  }
  const std::optional<EdgeFormat> format = find_edge_format(text);
  if (!format || !is_written_format(*format)) {
    throw UsageError("unknown edge format to write '" + text + "': use g500-int64, g500-packed or el");
  }
  return *format;
}

std::int64_t max_bytes_per_edge(EdgeFormat format) {
  switch (format) {
    case EdgeFormat::kG500Int64: return 16;
    case EdgeFormat::kG500Packed: return static_cast<std::int64_t>(sizeof(PackedEdge));
    case EdgeFormat::kEl: return 42;  // two 20-digit ids, a space and a newline
    default: throw Error("edge format " + to_string(format) + " is read, not written (a bug in the caller)");
  }
}

// The int64 and packed layouts are little-endian, which is this machine's own order.
static_assert(std::endian::native == std::endian::little, "edge files are written little-endian");

void encode_edges(EdgeFormat format, std::span<const PackedEdge> edges, std::vector<char>& out) {
  out.resize(edges.size() * static_cast<std::size_t>(max_bytes_per_edge(format)));
  if (format == EdgeFormat::kG500Int64) {
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const std::int64_t pair[2] = {edges[i].v0(), edges[i].v1()};
      std::memcpy(out.data() + 16 * i, pair, 16);
    }
  } else if (format == EdgeFormat::kEl) {
    char* end = out.data();
    for (const PackedEdge& edge : edges) {
      end = std::to_chars(end, end + 20, edge.v0()).ptr;
      *end++ = ' ';
      end = std::to_chars(end, end + 20, edge.v1()).ptr;
      *end++ = '\n';
    }
    out.resize(static_cast<std::size_t>(end - out.data()));
  } else {
    std::memcpy(out.data(), edges.data(), edges.size_bytes());
  }
}

}  // namespace semibfs
