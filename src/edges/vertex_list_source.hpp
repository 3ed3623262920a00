// Where a validation pass reads the input's edges from when they are grouped by vertex: every
// vertex's neighbour list, in blocks of consecutive vertices, in vertex order (issue 41 item 2). A
// store's lists hold the input's edges in fewer bytes than its edge file (store/stored_list_source.hpp
// reads them); the lists in memory here serve the tests. Each list is ascending and without repeats:
// the pairs the tuples make, not the tuples (the validator counts repeats from the tuples).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/types.hpp"

namespace semibfs {

// The lists of vertices [first_vertex(), first_vertex() + num_vertices()).
class ListBlock {
 public:
  virtual ~ListBlock() = default;
  virtual VertexId first_vertex() const = 0;
  virtual std::int64_t num_vertices() const = 0;
  // v's list into `entries` (replacing what it held); any thread may call it at once.
  virtual void list_of(VertexId v, std::vector<std::uint32_t>& entries) const = 0;
};

// Called once per block on the calling thread, which may run an OpenMP loop over it; the block is
// valid only during the call.
using ListBlockVisitor = std::function<void(const ListBlock& block)>;

class VertexListSource {
 public:
  virtual ~VertexListSource() = default;
  virtual std::int64_t num_vertices() const = 0;
  // Visits every vertex's list once, block by block in vertex order; the next block may be read
  // while `visit` runs. An exception thrown by `visit` ends the pass and propagates.
  virtual void for_each_block(const ListBlockVisitor& visit) const = 0;
  // Bytes the source holds while a pass runs (its blocks in flight), and the most vertices a block has.
  virtual std::int64_t buffer_bytes() const = 0;
  virtual std::int64_t max_block_vertices() const = 0;
  // Bytes read from files by all passes so far (0 for lists in memory).
  virtual std::int64_t bytes_read() const = 0;
};

// Lists in memory as offsets (num_vertices + 1) and entries; handed out `block_vertices` at a time.
class InMemoryListSource final : public VertexListSource {
 public:
  InMemoryListSource(std::span<const std::int64_t> offsets, std::span<const std::uint32_t> entries,
                     std::int64_t block_vertices = 4096);
  std::int64_t num_vertices() const override { return static_cast<std::int64_t>(offsets_.size()) - 1; }
  void for_each_block(const ListBlockVisitor& visit) const override;
  std::int64_t buffer_bytes() const override { return 0; }
  std::int64_t max_block_vertices() const override { return block_vertices_; }
  std::int64_t bytes_read() const override { return 0; }

 private:
  std::span<const std::int64_t> offsets_;
  std::span<const std::uint32_t> entries_;
  std::int64_t block_vertices_;
};

}  // namespace semibfs
