// Helpers of the format tests: bytes written into files, gzip made with zlib, whole inputs read
// through the streaming reader, and the message of the error a read throws.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "formats/edge_file_reader.hpp"
#include "support/scratch_directory.hpp"

#ifdef SEMIBFS_HAVE_ZLIB
#include <zlib.h>
#endif

namespace semibfs::testing {

inline void write_bytes(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

inline std::vector<RawEdge> read_all(EdgeFileReader& reader) {
  std::vector<RawEdge> edges;
  std::vector<RawEdge> chunk;
  while (reader.next_chunk(chunk)) edges.insert(edges.end(), chunk.begin(), chunk.end());
  return edges;
}

inline std::vector<RawEdge> read_file(const std::string& path, InputFormat format = InputFormat::kAuto,
                                      const EdgeReaderOptions& options = {}) {
  return read_all(*open_edge_file(path, format, options));
}

inline std::vector<RawEdge> read_memory(std::string_view bytes, InputFormat format,
                                        const std::string& name = "<memory>", const EdgeReaderOptions& options = {}) {
  return read_all(*open_edge_memory(bytes, format, name, options));
}

// The message of the semibfs::Error that `action` throws; fails the test when it throws none.
inline std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
    return message;
  }
  ADD_FAILURE() << "expected a semibfs::Error";
  return {};
}

inline std::vector<RawEdge> edges(std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> pairs) {
  std::vector<RawEdge> result;
  for (const auto& [source, target] : pairs) result.push_back(RawEdge{source, target});
  return result;
}

#ifdef SEMIBFS_HAVE_ZLIB
// One gzip member holding `bytes` (window bits 15 + 16: gzip framing).
inline std::string gzip(std::string_view bytes) {
  z_stream stream{};
  EXPECT_EQ(deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string compressed(deflateBound(&stream, static_cast<uLong>(bytes.size())) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(compressed.data());
  stream.avail_out = static_cast<uInt>(compressed.size());
  EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
  compressed.resize(stream.total_out);
  deflateEnd(&stream);
  return compressed;
}
#endif

}  // namespace semibfs::testing

namespace semibfs {
// Printed by googletest when an edge comparison fails.
inline void PrintTo(const RawEdge& edge, std::ostream* out) {
  *out << "(" << edge.source << ", " << edge.target << ")";
}
}  // namespace semibfs
