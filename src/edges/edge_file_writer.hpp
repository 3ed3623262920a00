// Edges appended to an edge file in one of the layouts semibfs writes (edge_format.hpp), through
// core's OutputFile: a path appears whole at commit() or not at all; '-' or an open stream is
// flushed at commit().
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"
#include "edges/edge_format.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {

class EdgeFileWriter {
 public:
  // Throws Error when `format` is not a written one or the temporary file cannot be created.
  // '-' is stdout.
  EdgeFileWriter(const std::string& path, EdgeFormat format);
  // `stream` stays the caller's; `name` stands for it in errors and progress lines.
  EdgeFileWriter(std::FILE* stream, std::string name, EdgeFormat format);
  EdgeFileWriter(const EdgeFileWriter&) = delete;
  EdgeFileWriter& operator=(const EdgeFileWriter&) = delete;
  ~EdgeFileWriter();

  // Throws Error naming the file when a write fails.
  void append(std::span<const PackedEdge> edges);
  // The file renamed into place, or the stream flushed.
  void commit();

  EdgeFormat format() const { return format_; }
  const std::string& name() const { return out_.name(); }
  std::int64_t bytes_written() const { return bytes_written_; }

 private:
  void write(std::span<const std::byte> bytes);

  EdgeFormat format_;
  OutputFile out_;
  std::vector<char> encoded_;
  std::int64_t bytes_written_ = 0;
};

// The encoding buffer one edge needs in an EdgeFileWriter of `format`, beside the edge itself
// (none for g500-packed, written as it is).
std::int64_t encoding_bytes_per_edge(EdgeFormat format);

// Appends the edges to `file` in `format` (an EdgeFileWriter on it); throws Error naming
// `file_name` when a write fails. The caller flushes and closes the file.
void write_edges(std::FILE* file, const std::string& file_name, EdgeFormat format,
                 std::span<const PackedEdge> edges);

}  // namespace semibfs
