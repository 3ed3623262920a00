// What every fuzz target does with its input: the first two bytes choose the chunk size, the read
// size and a variant (layout or file name), the rest is the file. The reader must either deliver
// edges that keep its promises (ids in range, bounded chunks, MTX counts, an id map that round-trips)
// or throw a one-line semibfs::Error; anything else (a crash, a sanitizer report, another exception,
// a broken promise) stops the fuzzer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "formats/edge_file_reader.hpp"
#include "formats/id_map.hpp"

namespace semibfs::fuzzing {

struct FuzzInput {
  FuzzInput(const std::uint8_t* data, std::size_t size) {
    const std::uint8_t sizes = size > 0 ? data[0] : 0;
    variant = size > 1 ? data[1] : 0;
    const std::size_t skipped = std::min<std::size_t>(size, 2);
    bytes = std::string_view(reinterpret_cast<const char*>(data) + skipped, size - skipped);
    options.chunk_edges = std::size_t{1} << (sizes & 7);          // 1 to 128 edges
    options.read_bytes = std::size_t{1} << ((sizes >> 3) & 15);   // 1 byte to 32 KiB
  }
  std::string_view bytes;
  EdgeReaderOptions options;
  std::uint8_t variant = 0;
};

inline void require(bool promise_kept) {
  if (!promise_kept) __builtin_trap();
}

inline void check_reader(const FuzzInput& input, InputFormat format, const std::string& name) {
  try {
    const auto reader = open_edge_memory(input.bytes, format, name, input.options);
    const EdgeFileInfo& info = reader->info();
    require(info.format != InputFormat::kAuto && (format == InputFormat::kAuto || info.format == format));
    std::vector<RawEdge> chunk;
    IdMapBuilder builder(16);
    std::uint64_t edges = 0;
    while (reader->next_chunk(chunk)) {
      require(!chunk.empty() && chunk.size() <= input.options.chunk_edges);
      for (const RawEdge& edge : chunk) {
        require(edge.source <= kMaxFileId && edge.target <= kMaxFileId);
        if (info.declared_vertices) {
          require(edge.source < *info.declared_vertices && edge.target < *info.declared_vertices);
        }
      }
      builder.add(chunk);
      edges += chunk.size();
    }
    require(edges > 0 && edges == reader->edges_read());
    if (info.format == InputFormat::kMtx) require(info.declared_edges == edges);
    require(info.first_id == (info.format == InputFormat::kMtx ? 1u : 0u));  // MTX rows count from 1
    const IdMap map = std::move(builder).build().numbered_from(info.first_id);
    require(map.size() > 0 && map.size() <= 2 * edges);
    for (VertexId id = 0; id < static_cast<VertexId>(std::min<std::uint64_t>(map.size(), 64)); ++id) {
      require(map.to_compact(map.to_file(id)) == id && map.to_file(id) >= info.first_id);
    }
  } catch (const Error& error) {
    const std::string_view message = error.what();
    require(!message.empty() && message.find('\n') == std::string_view::npos && message.size() < 1024);
  }
}

}  // namespace semibfs::fuzzing
