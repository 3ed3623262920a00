// Writing the files of an on-disk graph (graph_store.hpp): arrays whole or streamed piece by
// piece, each under a temporary name with its SHA-256 computed as it is written, renamed when
// complete, and the manifest last. Until finish() succeeds the destructor removes every file the
// writer made, so a failed write leaves no store behind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"
#include "core/sha256.hpp"
#include "graph/neighbor_order.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

// One array file, appended to in order through a buffer of fixed size.
class StoreArrayStream {
 public:
  StoreArrayStream(std::string directory, std::string name, std::size_t buffer_bytes);

  void append(std::span<const std::byte> bytes);
  template <typename T>
  void append_values(std::span<const T> values) {
    append(std::as_bytes(values));
  }
  // The common case of one offset or one neighbour, kept inline.
  template <typename T>
  void append_value(const T& value) {
    if (buffer_.size() - used_ < sizeof(T)) flush();
    if (buffer_.size() - used_ < sizeof(T)) return append(std::as_bytes(std::span<const T>(&value, 1)));
    std::memcpy(buffer_.data() + used_, &value, sizeof(T));
    used_ += sizeof(T);
  }

  std::size_t buffer_bytes() const { return buffer_.size(); }
  // Flushes, fsyncs and renames the file (once); returns its manifest entry.
  const StoreArray& close();
  bool closed() const { return closed_; }
  const std::string& name() const { return entry_.name; }

 private:
  void flush();

  StoreArray entry_;
  bool closed_ = false;
  AtomicFileWriter file_;
  Sha256 sha_;
  std::vector<std::byte> buffer_;
  std::size_t used_ = 0;
  std::int64_t bytes_ = 0;
};

// What the manifest says besides the arrays.
struct StoreDescription {
  std::string made_from;
  std::int64_t vertices = 0;
  std::int64_t adjacencies = 0;
  int partitions = 1;
  NeighborOrder order = NeighborOrder::kHubFirst;
  GraphDirection direction = GraphDirection::kUndirected;
  std::optional<StoreArray> edge_file;  // the edge file in the store, as the build read it
  std::optional<RankPart> rank_part = std::nullopt;
  std::optional<ListCodec> list_codec = std::nullopt;  // set: the lists are compressed
  std::string vertex_order;                            // "degree": relabelled (store_manifest.hpp)
  bool list_weights = false;                           // the arrays hold pK.backward.weights
  std::optional<StoreArray> edge_weights = std::nullopt;  // the edge file's weights, in the store
};

class StoreWriter {
 public:
  // Throws semibfs::Error when `directory` does not exist or already holds a store.
  explicit StoreWriter(std::string directory);
  StoreWriter(const StoreWriter&) = delete;
  StoreWriter& operator=(const StoreWriter&) = delete;
  ~StoreWriter();

  // Arrays are listed in the manifest in the order they are opened; a stream lives as long as
  // the writer. add_array writes and closes the array at once.
  StoreArrayStream& open_array(const std::string& name, std::size_t buffer_bytes);
  void add_array(const std::string& name, std::span<const std::byte> bytes);
  template <typename T>
  void add_array(const std::string& name, const std::vector<T>& values) {
    add_array(name, std::as_bytes(std::span<const T>(values)));
  }

  // The edge file (kEdgeFileName), appended to by the caller and listed as the manifest's edge
  // file; lives as long as the writer.
  StoreArrayStream& open_edge_file(std::size_t buffer_bytes);

  // Closes every array in the order opened, then writes the manifest with their entries.
  void finish(const StoreDescription& description);

 private:
  std::string directory_;
  std::vector<std::unique_ptr<StoreArrayStream>> streams_;
  std::unique_ptr<StoreArrayStream> edge_file_;
  bool complete_ = false;
};

}  // namespace semibfs
