// Where a pass over the weighted input tuples reads their SSSP weights from (issue 40): beside the
// edge list in DRAM, or the store's edges.weights file (one float per edge-file record, in its
// order) read chunk by chunk as the edge file streams past, so that validation under a DRAM
// budget holds no array per edge (edge_source.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/aligned_buffer.hpp"
#include "io/block_file.hpp"

namespace semibfs {

class EdgeWeightSource {
 public:
  virtual ~EdgeWeightSource() = default;
  virtual std::int64_t num_edges() const = 0;
  // The weights of edges [first, first + count), valid until the next call; one caller at a time
  // (the pass's own thread, as EdgeSource::for_each_chunk calls its visitor). Throws
  // semibfs::Error when the range is outside the edges or cannot be read.
  virtual std::span<const float> weights(std::int64_t first, std::int64_t count) const = 0;
  // Bytes it holds to stage a chunk (0 when the weights are in DRAM anyway).
  virtual std::int64_t buffer_bytes() const = 0;
};

// The weights as they are in DRAM; they must outlive the source.
class InMemoryEdgeWeights final : public EdgeWeightSource {
 public:
  explicit InMemoryEdgeWeights(std::span<const float> weights) : weights_(weights) {}
  std::int64_t num_edges() const override { return static_cast<std::int64_t>(weights_.size()); }
  std::span<const float> weights(std::int64_t first, std::int64_t count) const override;
  std::int64_t buffer_bytes() const override { return 0; }

 private:
  std::span<const float> weights_;
};

// A file of floats read a chunk at a time (O_DIRECT where the filesystem allows it, as the edge
// file is read), into one buffer of `chunk_edges` weights.
class FileEdgeWeights final : public EdgeWeightSource {
 public:
  // Throws semibfs::Error naming the file when it cannot be opened or its size is not `edges` floats.
  FileEdgeWeights(const std::string& path, std::int64_t edges, std::int64_t chunk_edges);
  std::int64_t num_edges() const override { return edges_; }
  std::span<const float> weights(std::int64_t first, std::int64_t count) const override;
  std::int64_t buffer_bytes() const override { return static_cast<std::int64_t>(buffer_.size()); }

 private:
  BlockFile file_;
  std::int64_t edges_ = 0;
  mutable AlignedBuffer buffer_;
};

}  // namespace semibfs
