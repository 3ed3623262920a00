// Where the SSSP kernel reads the tails of a store's plain lists under a budget: in the store's own
// files, or in packed copies the kernel writes when it is made. In the store's files the tails of a
// bucket's hubs have the resident lists of the vertices between them in between, which reads merged
// over short gaps read too (at SCALE 20 and 25% of the footprint, half of the 257 MB a search read:
// docs/PERFORMANCE.md); packed side by side, a bucket's hubs' tails lie together and are read alone.
// A packed tail lies at its row's entries before it less their resident ones, which the lists'
// offsets already give (TieredCsr::packed_tail_byte_begin): no index is kept.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"
#include "core/types.hpp"
#include "tiered/tiered_graph.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {

class TailPlaces {
 public:
  // The store's own files. Both must outlive this.
  TailPlaces(const TieredGraph& graph, const TieredWeights& weights);

  // Bytes [begin, end) of a partition's neighbours file and of its weights file that hold the tail
  // of a plain `row` (the same bytes in both).
  std::uint64_t begin(const TieredCsr& lists, std::int64_t row) const {
    return packed() ? lists.packed_tail_byte_begin(row) : lists.tail_byte_begin(row);
  }
  std::uint64_t end(const TieredCsr& lists, std::int64_t row) const {
    return begin(lists, row) + static_cast<std::uint64_t>(lists.tail_entries(row)) * sizeof(NeighborId);
  }
  const std::string& neighbors_path(int partition) const { return paths_[0][static_cast<std::size_t>(partition)]; }
  const std::string& weights_path(int partition) const { return paths_[1][static_cast<std::size_t>(partition)]; }
  bool packed() const { return !packed_files_.empty(); }

  // Whether the graph's tails can be packed: plain lists split row by row, some with a tail.
  static bool packable(const TieredGraph& graph);
  // From now on the tails are read from `files` (a partition's neighbours, then its weights, for
  // each partition in order), which the packer wrote and which go when this does.
  void use_packed(std::vector<std::unique_ptr<RemovedUnlessKept>> files);

 private:
  std::vector<std::string> paths_[2];  // neighbours, weights: a path a partition
  std::vector<std::unique_ptr<RemovedUnlessKept>> packed_files_;
};

// Writes every tail, handed over in file order, into the packed files beside the store (named for
// this process, so that a store's next writer removes them if it dies: stale_temporary_files.hpp).
// Each file is synced and dropped from the page cache when done, so that the searches read it from
// the device as they read the store. Files that cannot be written (no room, a read-only directory)
// are removed and the packer fails quietly (failed()): the searches then read the store's files.
class TailPacker {
 public:
  // Throws semibfs::Error when the directory has too little room for the files.
  explicit TailPacker(const TieredGraph& graph);
  TailPacker(const TailPacker&) = delete;
  TailPacker& operator=(const TailPacker&) = delete;
  ~TailPacker();

  // The next tail entry, of partition `partition` (partitions in order, each's rows in order).
  void append(int partition, NeighborId neighbor, float weight) {
    if (failed_) return;
    while (partition_ < partition && !failed_) next_partition();  // one without tails gets its empty files too
    if (neighbors_.size() == kBufferEntries) flush();
    neighbors_.push_back(neighbor);
    weights_.push_back(weight);
  }
  // Every tail appended: moves the files into `places`, unless they could not be written or do not
  // hold exactly each partition's tails (an internal error: they are dropped). Whether it did.
  bool finish_into(TailPlaces& places);
  // Whether writing failed: nothing more is written, and the files are gone.
  bool failed() const { return failed_; }
  // Bytes of the packed files written (both files).
  std::int64_t bytes_written() const { return bytes_written_; }

 private:
  static constexpr std::size_t kBufferEntries = std::size_t{64} << 10;
  void next_partition();
  void flush();
  void close_partition();
  void fail();
  const std::string& path(int file) const { return files_[files_.size() - 2 + static_cast<std::size_t>(file)]->path(); }

  const TieredGraph& graph_;
  std::string directory_;
  std::vector<std::unique_ptr<RemovedUnlessKept>> files_;
  int partition_ = -1;
  int descriptors_[2] = {-1, -1};
  std::uint64_t written_[2] = {0, 0};  // of the open partition
  std::vector<NeighborId> neighbors_;
  std::vector<float> weights_;
  std::int64_t bytes_written_ = 0;
  bool failed_ = false;
};

}  // namespace semibfs
