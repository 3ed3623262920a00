// Writes the arrays of a store (graph_store.hpp) from the final neighbour lists, one vertex after
// the other, without holding any graph: each list goes whole to its vertex's backward graph and,
// with more than one partition, is split among the forward graphs (partition k's forward list of
// v: the entries of v's list inside partition k, in the list's order, as PartitionedGraph makes
// them). A directed graph's in-lists (backward) and out-lists (forward) differ, so they are
// appended apart, each in vertex order. Every file is a StoreArrayStream, opened in write_store's
// order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/graph_direction.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partition_layout.hpp"
#include "build/build_budget.hpp"
#include "store/store_writer.hpp"

namespace semibfs {

class StoreListWriter {
 public:
  // Files a store of `partitions` partitions has besides its manifest.
  static int files(int partitions, GraphDirection direction) {
    return forward_graph_is_separate(partitions, direction) ? 4 * partitions : 2;
  }

  // The buffers (`buffer_bytes` per file) are counted in `ledger`.
  StoreListWriter(StoreWriter& writer, const PartitionLayout& layout, GraphDirection direction,
                  std::size_t buffer_bytes, BufferLedger& ledger);

  // Undirected: the list of the next vertex, 0 first, already in its final order.
  void append(std::span<const NeighborId> list);
  // Directed: the next vertex's in-list (final order) and, apart, the next vertex's out-list.
  void append_backward(std::span<const NeighborId> list);
  void append_forward(std::span<const NeighborId> list);

  // Backward lists written, and their entries.
  std::int64_t vertices_written() const { return next_backward_vertex_; }
  std::int64_t adjacencies() const { return adjacencies_; }

 private:
  struct GraphFiles {
    StoreArrayStream* offsets = nullptr;
    StoreArrayStream* neighbors = nullptr;
    std::int64_t entries = 0;
  };
  static GraphFiles open_graph(StoreWriter& writer, int partition, const char* graph, std::size_t buffer_bytes);

  PartitionLayout layout_;
  std::vector<GraphFiles> backward_;
  std::vector<GraphFiles> forward_;  // empty when the forward graph is the backward graph
  VertexId next_backward_vertex_ = 0;
  std::int64_t adjacencies_ = 0;
  LedgerTicket buffers_;
};

}  // namespace semibfs
