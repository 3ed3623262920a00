// Writes the arrays of a store (graph_store.hpp) from the final neighbour lists, one vertex after
// the other, without holding any graph: each list goes whole to its vertex's backward graph and,
// with more than one partition, is split among the forward graphs (partition k's forward list of
// v: the entries of v's list inside partition k, in the list's order, as PartitionedGraph makes
// them). Every file is a StoreArrayStream, opened in write_store's order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/partition_layout.hpp"
#include "storage/build_budget.hpp"
#include "storage/store_writer.hpp"

namespace semibfs {

class StoreListWriter {
 public:
  // Files a store of `partitions` partitions has besides its manifest.
  static int files(int partitions) { return partitions == 1 ? 2 : 4 * partitions; }

  // The buffers (`buffer_bytes` per file) are counted in `ledger`.
  StoreListWriter(StoreWriter& writer, const PartitionLayout& layout, std::size_t buffer_bytes, BufferLedger& ledger);

  // The list of the next vertex, 0 first, already in its final order.
  void append(std::span<const NeighborId> list);

  std::int64_t vertices_written() const { return next_vertex_; }
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
  std::vector<GraphFiles> forward_;  // empty with one partition
  VertexId next_vertex_ = 0;
  std::int64_t adjacencies_ = 0;
  LedgerTicket buffers_;
};

}  // namespace semibfs
