// Chunk k + 1 is being read into one buffer while chunk k, in the other, is unpacked to 8-byte
// edges and visited: reading overlaps the visit's work, and a pass holds three buffers whatever
// the file's size.
#include "edges/packed_file_edge_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "edges/packed_edge.hpp"
#include "io/aligned_buffer.hpp"
#include "io/async_reader.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kPackedEdgeBytes = sizeof(PackedEdge);

// Requests of 4 MiB with a few in flight, as the graph store reads its arrays.
constexpr std::uint64_t kRequestBytes = std::uint64_t{4} << 20;
constexpr int kQueueDepth = 8;

// The file's size in bytes; the block reader would name the path too, but with a remedy for stores.
std::uint64_t packed_file_bytes(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    throw Error("cannot open the packed edge file " + path + ": " + std::strerror(errno));
  }
  if (!S_ISREG(status.st_mode)) throw Error("the packed edge file " + path + " is not a regular file");
  const auto bytes = static_cast<std::uint64_t>(status.st_size);
  if (bytes % kPackedEdgeBytes != 0) {
    throw Error("the packed edge file " + path + " has " + std::to_string(bytes) +
                " bytes, not a whole number of 12-byte edges (truncated, or not in the packed48 format?)");
  }
  return bytes;
}

PackedEdge packed_edge_at(const std::byte* bytes, std::int64_t index) {
  PackedEdge edge;
  std::memcpy(&edge, bytes + index * kPackedEdgeBytes, sizeof(edge));  // the buffer holds bytes, not edges
  return edge;
}

bool outside(const PackedEdge& edge, std::int64_t num_vertices) {
  return (edge.high != 0) | (static_cast<std::int64_t>(edge.v0_low) >= num_vertices) |
         (static_cast<std::int64_t>(edge.v1_low) >= num_vertices);
}

// A pass that ends early (the visitor or a check threw) leaves no read in flight into the buffers.
class DrainOnExit {
 public:
  explicit DrainOnExit(AsyncReader& reader) : reader_(reader) {}
  DrainOnExit(const DrainOnExit&) = delete;
  DrainOnExit& operator=(const DrainOnExit&) = delete;
  ~DrainOnExit() {
    try {
      std::vector<std::uint64_t> ignored;
      reader_.drain(ignored);
    } catch (...) {  // the pass is failing already; its own error is the one to report
    }
  }

 private:
  AsyncReader& reader_;
};

}  // namespace

struct PackedFileEdgeSource::Pipeline {
  std::unique_ptr<AsyncReader> reader;
  AlignedBuffer packed[2];
  std::vector<CompactEdge> unpacked;
  std::vector<ReadRequest> requests;
  std::vector<std::uint64_t> completed;

  void start_reading(std::int64_t chunk, std::int64_t first, std::int64_t count) {
    const auto offset = static_cast<std::uint64_t>(first * kPackedEdgeBytes);
    const auto bytes = static_cast<std::uint64_t>(count * kPackedEdgeBytes);
    std::byte* destination = packed[chunk % 2].data();
    requests.clear();
    for (std::uint64_t done = 0; done < bytes; done += kRequestBytes) {
      requests.push_back({offset + done, std::min(kRequestBytes, bytes - done), destination + done, 0});
    }
    reader->submit(requests);
  }

  void finish_reading() {
    completed.clear();
    reader->drain(completed);
  }

  // The next reads may reuse those pages at once; buffered reads would otherwise keep every chunk.
  void forget_cached(std::int64_t first, std::int64_t count) const {
    if (reader->file().direct()) return;
    ::posix_fadvise(reader->file().descriptor(), first * kPackedEdgeBytes, count * kPackedEdgeBytes,
                    POSIX_FADV_DONTNEED);
  }

  std::span<const CompactEdge> unpack(std::int64_t chunk, std::int64_t first, std::int64_t count,
                                      std::int64_t num_vertices, const std::string& path) {
    const std::byte* bytes = packed[chunk % 2].data();
    CompactEdge* edges = unpacked.data();
    int any_outside = 0;
#pragma omp parallel for schedule(static) reduction(| : any_outside)
    for (std::int64_t i = 0; i < count; ++i) {
      const PackedEdge edge = packed_edge_at(bytes, i);
      edges[i] = CompactEdge{edge.v0_low, edge.v1_low};
      any_outside |= static_cast<int>(outside(edge, num_vertices));
    }
    if (any_outside != 0) throw_first_outside(bytes, first, count, num_vertices, path);
    return {edges, static_cast<std::size_t>(count)};
  }

  [[noreturn]] static void throw_first_outside(const std::byte* bytes, std::int64_t first, std::int64_t count,
                                               std::int64_t num_vertices, const std::string& path) {
    std::int64_t i = 0;
    while (i + 1 < count && !outside(packed_edge_at(bytes, i), num_vertices)) ++i;
    const PackedEdge edge = packed_edge_at(bytes, i);
    throw Error("the packed edge file " + path + ": edge " + std::to_string(first + i) + " (" +
                std::to_string(edge.v0()) + ", " + std::to_string(edge.v1()) + ") has an endpoint outside [0, " +
                std::to_string(num_vertices) + ") (was it written for another SCALE?)");
  }
};

PackedFileEdgeSource::PackedFileEdgeSource(const std::string& path, std::int64_t num_vertices,
                                           const PackedFileOptions& options)
    : path_(path), num_vertices_(num_vertices), chunk_edges_(options.chunk_edges) {
  if (chunk_edges_ < 1) {
    throw Error("the packed edge file " + path + ": " + std::to_string(chunk_edges_) +
                " edges per chunk (a chunk needs at least 1)");
  }
  check_compact_vertex_count(num_vertices);
  num_edges_ = static_cast<std::int64_t>(packed_file_bytes(path)) / kPackedEdgeBytes;
  const std::int64_t buffered = std::min(chunk_edges_, std::max<std::int64_t>(num_edges_, 1));
  pipeline_ = std::make_unique<Pipeline>();
  ReaderOptions reader_options;
  reader_options.queue_depth = kQueueDepth;
  reader_options.allow_direct = options.allow_direct;
  pipeline_->reader = make_reader(options.io, path, reader_options);
  for (AlignedBuffer& buffer : pipeline_->packed) {
    buffer = AlignedBuffer(static_cast<std::uint64_t>(buffered * kPackedEdgeBytes));
  }
  pipeline_->unpacked.resize(static_cast<std::size_t>(buffered));
}

PackedFileEdgeSource::~PackedFileEdgeSource() = default;

void PackedFileEdgeSource::for_each_chunk(const EdgeChunkVisitor& visit) const {
  const std::lock_guard<std::mutex> lock(pass_mutex_);
  Pipeline& pipeline = *pipeline_;
  const std::int64_t chunks = (num_edges_ + chunk_edges_ - 1) / chunk_edges_;
  const DrainOnExit drain(*pipeline.reader);
  const auto first_of = [&](std::int64_t chunk) { return chunk * chunk_edges_; };
  const auto count_of = [&](std::int64_t chunk) { return std::min(chunk_edges_, num_edges_ - first_of(chunk)); };
  if (chunks > 0) pipeline.start_reading(0, 0, count_of(0));
  for (std::int64_t chunk = 0; chunk < chunks; ++chunk) {
    throw_if_interrupted();  // the reads in flight are drained by `drain`
    pipeline.finish_reading();
    if (chunk + 1 < chunks) pipeline.start_reading(chunk + 1, first_of(chunk + 1), count_of(chunk + 1));
    const std::span<const CompactEdge> edges =
        pipeline.unpack(chunk, first_of(chunk), count_of(chunk), num_vertices_, path_);
    pipeline.forget_cached(first_of(chunk), count_of(chunk));
    visit(edges, first_of(chunk));
  }
}

std::int64_t PackedFileEdgeSource::buffer_bytes() const {
  return static_cast<std::int64_t>(pipeline_->packed[0].size() + pipeline_->packed[1].size() +
                                   pipeline_->unpacked.size() * sizeof(CompactEdge));
}

bool PackedFileEdgeSource::direct() const { return pipeline_->reader->file().direct(); }

std::string_view PackedFileEdgeSource::reader_name() const { return pipeline_->reader->name(); }

}  // namespace semibfs
