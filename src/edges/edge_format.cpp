#include "edges/edge_format.hpp"

#include <cerrno>
#include <bit>
#include <charconv>
#include <cstring>
#include <vector>

#include "core/error.hpp"

namespace semibfs {

EdgeFormat parse_edge_format(const std::string& text) {
  if (text == "int64") return EdgeFormat::kInt64;
  if (text == "packed48") return EdgeFormat::kPacked48;
  if (text == "text") return EdgeFormat::kText;
  throw UsageError("unknown edge format '" + text + "': use int64, packed48 or text");
}

std::string to_string(EdgeFormat format) {
  switch (format) {
    case EdgeFormat::kInt64: return "int64";
    case EdgeFormat::kPacked48: return "packed48";
    case EdgeFormat::kText: return "text";
  }
  return "unknown";
}

namespace {

void write_bytes(std::FILE* file, const std::string& file_name, const void* data, std::size_t size) {
  if (size == 0) return;  // an empty span's data() may be null, which fwrite must not get
  if (std::fwrite(data, 1, size, file) != size) {
    throw Error("cannot write the edge list to " + file_name + ": " + std::strerror(errno) +
                " (check free space and permissions)");
  }
}

// The int64 and packed layouts are little-endian, which is this machine's own order.
static_assert(std::endian::native == std::endian::little, "edge files are written little-endian");

std::vector<char> encode(EdgeFormat format, std::span<const PackedEdge> edges) {
  std::vector<char> bytes;
  if (format == EdgeFormat::kInt64) {
    bytes.resize(edges.size() * 16);
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const std::int64_t pair[2] = {edges[i].v0(), edges[i].v1()};
      std::memcpy(bytes.data() + 16 * i, pair, 16);
    }
  } else if (format == EdgeFormat::kText) {
    bytes.resize(edges.size() * 42);  // two 20-digit ids, a space and a newline
    char* out = bytes.data();
    for (const PackedEdge& edge : edges) {
      out = std::to_chars(out, out + 20, edge.v0()).ptr;
      *out++ = ' ';
      out = std::to_chars(out, out + 20, edge.v1()).ptr;
      *out++ = '\n';
    }
    bytes.resize(static_cast<std::size_t>(out - bytes.data()));
  }
  return bytes;
}

}  // namespace

void write_edges(std::FILE* file, const std::string& file_name, EdgeFormat format,
                 std::span<const PackedEdge> edges) {
  if (format == EdgeFormat::kPacked48) {
    write_bytes(file, file_name, edges.data(), edges.size_bytes());
    return;
  }
  const std::vector<char> bytes = encode(format, edges);
  write_bytes(file, file_name, bytes.data(), bytes.size());
}

}  // namespace semibfs
