// The tuples of a file in the reference's packed layout (12 bytes an edge, edges/packed_edge.hpp, as
// `semibfs generate --format g500-packed` writes it), read in chunks of bounded size so that a pass
// over an edge list larger than DRAM holds only the chunk buffers (issue 4, semi-external memory).
// Large sequential reads go through the block reader (O_DIRECT where allowed, so a pass does not
// fill the page cache); the next chunk is read while the current one is visited.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "edges/edge_source.hpp"
#include "io/io_kind.hpp"

namespace semibfs {

struct PackedFileOptions {
  // 2^21 edges: 24 MiB read and 16 MiB unpacked per chunk, 64 MiB of buffers with the second read
  // buffer; multiples of 1024 edges keep every read block aligned (1024 * 12 bytes = 3 blocks).
  std::int64_t chunk_edges = std::int64_t{1} << 21;
  IoKind io = IoKind::kAuto;
  // O_DIRECT where the filesystem allows it; buffered reads drop what they read from the page cache.
  bool allow_direct = true;
};

class PackedFileEdgeSource final : public EdgeSource {
 public:
  // Opens `path` and allocates the chunk buffers. Throws semibfs::Error naming the file when it
  // cannot be read, when its size is not a multiple of 12 bytes, when num_vertices is above 2^32
  // (chunks hold 32-bit ids) or when chunk_edges is below 1.
  PackedFileEdgeSource(const std::string& path, std::int64_t num_vertices, const PackedFileOptions& options = {});
  ~PackedFileEdgeSource() override;

  std::int64_t num_vertices() const override { return num_vertices_; }
  std::int64_t num_edges() const override { return num_edges_; }
  // Also throws semibfs::Error naming the file and the edge index when an endpoint is outside
  // [0, num_vertices), and when a read fails. Passes from several threads take turns; a visitor
  // must not start another pass over the same source (it would wait for itself).
  void for_each_chunk(const EdgeChunkVisitor& visit) const override;
  // Two read buffers of chunk_edges * 12 bytes (block rounded) and one of chunk_edges * 8.
  std::int64_t buffer_bytes() const override;

  const std::string& path() const { return path_; }
  // True when reads bypass the page cache (O_DIRECT).
  bool direct() const;
  // "io_uring" or "pread".
  std::string_view reader_name() const;

 private:
  struct Pipeline;  // the reader and the buffers, kept from pass to pass

  std::string path_;
  std::int64_t num_vertices_ = 0;
  std::int64_t num_edges_ = 0;
  std::int64_t chunk_edges_ = 0;
  mutable std::mutex pass_mutex_;  // one pass at a time owns the pipeline
  std::unique_ptr<Pipeline> pipeline_;
};

}  // namespace semibfs
