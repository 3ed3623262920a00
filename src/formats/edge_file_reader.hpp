// Streaming readers of people's graph files (SNAP text, Matrix Market, plain edge lists, Graph500
// binary; any of them gzip-compressed): the edges come in bounded chunks, never the whole file in
// memory. Formats, detection and errors are described in docs/FORMATS.md and input_format.hpp.
//
//   auto reader = open_edge_file(path, parse_input_format("auto"));
//   std::vector<RawEdge> chunk;
//   while (reader->next_chunk(chunk)) { ... }   // edges in file ids (MTX made 0-based: info().first_id)
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/byte_source.hpp"
#include "formats/input_format.hpp"
#include "formats/raw_edge.hpp"

namespace semibfs {

struct EdgeReaderOptions {
  std::size_t chunk_edges = std::size_t{1} << 20;  // edges per next_chunk (16 MiB of RawEdge)
  std::size_t read_bytes = std::size_t{4} << 20;   // bytes per read from the file
  // Whether an edge's value (MTX real or integer, an el file's third column) is read as its weight;
  // when false it is skipped unread, as `build --no-weights` asks.
  bool read_weights = true;
};

// What the file says about itself, known once it is opened (headers are read by the open).
enum class Directedness { kUnknown, kDirected, kUndirected };

struct EdgeFileInfo {
  std::string name;                 // the path, or the name given to open_edge_memory
  InputFormat format = InputFormat::kAuto;  // the format read: never kAuto after the open
  bool gzip = false;                // decompressed while reading
  // SNAP: "# Directed graph" / "# Undirected graph" before the first edge; MTX: general / symmetric.
  Directedness declared = Directedness::kUnknown;
  // MTX: the matrix order, so ids run over 0..rows-1 even where some have no edge.
  std::optional<std::uint64_t> declared_vertices;
  // The id the file numbers from: 1 for MTX (its rows are delivered as row - 1), else 0. An IdMap
  // numbered_from(first_id) speaks the file's own numbering again.
  std::uint64_t first_id = 0;
  // MTX: nnz (checked); SNAP: the "Edges: N" comment (only reported, SNAP counts are not reliable).
  std::optional<std::uint64_t> declared_edges;
  // Each edge has a weight (chunk_weights): a Matrix Market file of real or integer values (not
  // skew-symmetric, whose mirrored entries would weigh less than nothing), or an el file whose
  // first edge line has a third column.
  bool weighted = false;
};

std::string to_string(Directedness directedness);

class EdgeFileReader {
 public:
  virtual ~EdgeFileReader() = default;
  EdgeFileReader(const EdgeFileReader&) = delete;
  EdgeFileReader& operator=(const EdgeFileReader&) = delete;

  const EdgeFileInfo& info() const { return info_; }
  // Replaces `out` with the next edges, at most EdgeReaderOptions::chunk_edges; false (and `out` empty)
  // once the file is done. Throws Error on a malformed file, and on one that holds no edge at all.
  bool next_chunk(std::vector<RawEdge>& out);
  std::uint64_t edges_read() const { return edges_read_; }
  // The weights of the edges the last next_chunk gave, one each, when info().weighted; else empty.
  std::span<const float> chunk_weights() const { return chunk_weights_; }

 protected:
  EdgeFileReader(EdgeFileInfo info, const EdgeReaderOptions& options);
  // Appends edges to `out` until it holds `limit`; stops short only at the end of the input, after
  // checking what the end must satisfy (MTX nnz, whole binary records).
  virtual void read_edges(std::vector<RawEdge>& out, std::size_t limit) = 0;
  // A weighted reader's read_edges appends each edge's weight here too.
  void add_weight(float weight) { chunk_weights_.push_back(weight); }
  EdgeFileInfo info_;

 private:
  std::size_t chunk_edges_;
  std::uint64_t edges_read_ = 0;
  bool finished_ = false;
  std::vector<float> chunk_weights_;
};

// Opens a graph file; `format` kAuto detects it (input_format.hpp). Reads the header (SNAP comments
// before the first edge, the MTX banner and size line) before it returns.
std::unique_ptr<EdgeFileReader> open_edge_file(const std::string& path, InputFormat format,
                                               const EdgeReaderOptions& options = {});
// The same over any byte source (e.g. one that counts the bytes read, for progress lines); `name`
// stands for the file name in detection and errors.
std::unique_ptr<EdgeFileReader> open_edge_source(std::unique_ptr<ByteSource> bytes, InputFormat format,
                                                 const std::string& name, const EdgeReaderOptions& options = {});
// The same over bytes in memory (tests, fuzzers); `bytes` must outlive the reader and `name`
// stands for the file name in detection and errors.
std::unique_ptr<EdgeFileReader> open_edge_memory(std::string_view bytes, InputFormat format,
                                                 const std::string& name = "<memory>",
                                                 const EdgeReaderOptions& options = {});

}  // namespace semibfs
