// Where a pass over the input tuples reads them from: the in-memory edge list here, or a file of the
// reference's 12-byte edges too large for DRAM (edges/packed_file_edge_source.hpp). The validator
// and the TEPS edge count visit the tuples chunk by chunk, in edge-index order, so that the same
// code runs over either (issue 4, semi-external memory).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "edges/compact_edge.hpp"
#include "edges/edge_list.hpp"

namespace semibfs {

// Called once per chunk on the calling thread, which may run an OpenMP loop over it; `first_index`
// is the edge index of edges[0]. The span is valid only during the call.
using EdgeChunkVisitor = std::function<void(std::span<const CompactEdge> edges, std::int64_t first_index)>;

class EdgeSource {
 public:
  virtual ~EdgeSource() = default;

  // Vertex ids are in [0, num_vertices) when the source is sound (the validator checks it once).
  virtual std::int64_t num_vertices() const = 0;
  virtual std::int64_t num_edges() const = 0;
  // Visits every tuple once, in chunks in edge-index order. An exception thrown by `visit` ends
  // the pass and propagates; the source can be visited again afterwards.
  virtual void for_each_chunk(const EdgeChunkVisitor& visit) const = 0;
  // Bytes the source holds to stage chunks (0 when the tuples are in memory anyway).
  virtual std::int64_t buffer_bytes() const = 0;
};

// The edge list as it is: chunks are spans into it, nothing is copied.
class InMemoryEdgeSource final : public EdgeSource {
 public:
  // One chunk with the whole list unless `chunk_edges` > 0 (tests cut it to exercise the seams).
  // The edge list must outlive the source.
  explicit InMemoryEdgeSource(const EdgeList& edge_list, std::int64_t chunk_edges = 0);

  std::int64_t num_vertices() const override { return edge_list_.num_vertices; }
  std::int64_t num_edges() const override { return edge_list_.num_edges(); }
  void for_each_chunk(const EdgeChunkVisitor& visit) const override;
  std::int64_t buffer_bytes() const override { return 0; }

 private:
  const EdgeList& edge_list_;
  std::int64_t chunk_edges_;
};

// Sources read one after another as one list, edge indexes running on from each to the next (a
// store's edge file, then the edges its versions added). Every part names the same vertices.
class ConcatenatedEdgeSource final : public EdgeSource {
 public:
  explicit ConcatenatedEdgeSource(std::vector<std::unique_ptr<EdgeSource>> parts);

  std::int64_t num_vertices() const override { return num_vertices_; }
  std::int64_t num_edges() const override { return num_edges_; }
  void for_each_chunk(const EdgeChunkVisitor& visit) const override;
  std::int64_t buffer_bytes() const override;  // every part's, as each holds its own

 private:
  std::vector<std::unique_ptr<EdgeSource>> parts_;
  std::int64_t num_vertices_ = 0;
  std::int64_t num_edges_ = 0;
};

}  // namespace semibfs
