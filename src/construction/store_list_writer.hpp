// Writes the arrays of a store (graph_store.hpp) from the final neighbour lists, one vertex after
// the other, without holding any graph: each list goes whole to its vertex's backward graph and,
// with more than one partition, is split among the forward graphs (partition k's forward list of
// v: the entries of v's list inside partition k, in the list's order, as PartitionedGraph makes
// them). A directed graph's in-lists (backward) and out-lists (forward) differ, so they are
// appended apart, each in vertex order. Every file is a StoreArrayStream, opened in write_store's
// order. With a list codec the lists are compressed one by one (compress/list_codec.hpp), sorted
// by id first (the code wants ascending ids): each graph's neighbors file becomes a positions and a
// lists file, and each backward list's first entry in its order (the hub, in hub-first or degree
// order) goes to the file `heads` (its name from before the first-neighbour name), the first neighbour a bottom-up step probes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "compress/list_codec.hpp"
#include "core/graph_direction.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partition_layout.hpp"
#include "construction/build_budget.hpp"
#include "store/store_writer.hpp"

namespace semibfs {

class StoreListWriter {
 public:
  // Files a store of `partitions` partitions has besides its manifest.
  static int files(int partitions, GraphDirection direction, bool compressed_lists = false) {
    const int backward = compressed_lists ? 4 : 2;
    const int forward = compressed_lists ? 3 : 2;
    return partitions * (backward + (has_separate_forward(partitions, direction) ? forward : 0));
  }

  // The buffers (`buffer_bytes` per file) are counted in `ledger`; `codec` set: compressed lists.
  StoreListWriter(StoreWriter& writer, const PartitionLayout& layout, GraphDirection direction,
                  std::size_t buffer_bytes, BufferLedger& ledger, std::optional<ListCodec> codec = std::nullopt);

  // Undirected: the list of the next vertex, 0 first, already in its final order.
  void append(std::span<const NeighborId> list);
  // Directed: the next vertex's in-list (final order) and, apart, the next vertex's out-list.
  void append_backward(std::span<const NeighborId> list);
  void append_forward(std::span<const NeighborId> list);

  // Whether append_sorted_backward takes the lists of `ends` (range_lists.hpp's ListEnds: whole
  // lists, or a directed graph's in-lists): compressed lists with no separate forward graph to split.
  bool takes_sorted_backward(bool whole_lists) const { return codec_ && (!whole_lists || forward_.empty()); }
  // The backward lists of the next offsets.size() - 1 vertices, list i at neighbors [offsets[i],
  // offsets[i + 1]), each ascending by id: compressed in parallel, a batch of lists at a time whose
  // entries take at most batch_bytes / 8 (their compressed bytes, counted in the ledger, about as
  // many at most). Each head (the `heads` file) is the list's first highest-degree neighbour when
  // `hub_degrees` is given (hub-first and degree order), else its first entry. Throws semibfs::Error
  // naming the first vertex whose list is not ascending without repeats.
  void append_sorted_backward(std::span<const std::uint32_t> offsets, std::span<const NeighborId> neighbors,
                              std::span<const std::uint32_t> hub_degrees, std::int64_t batch_bytes);

  // Closes every list file (renamed to its name in the store, its buffer freed), so that the lists
  // can be read back before the manifest is written; nothing may be appended after.
  void close();

  // Backward lists written, and their entries.
  std::int64_t vertices_written() const { return next_backward_vertex_; }
  std::int64_t adjacencies() const { return adjacencies_; }

 private:
  struct GraphFiles {
    StoreArrayStream* offsets = nullptr;
    StoreArrayStream* neighbors = nullptr;  // the list entries, or the compressed lists
    StoreArrayStream* positions = nullptr;  // compressed only: where each list starts
    StoreArrayStream* first_neighbors = nullptr;      // compressed backward graphs only: each list's first neighbour
    std::int64_t entries = 0;
    std::uint64_t bytes = 0;  // of the compressed lists
  };
  GraphFiles open_graph(StoreWriter& writer, int partition, const char* graph, std::size_t buffer_bytes) const;
  // One list of `vertex` appended to `files` as it is, or compressed.
  void append_list(GraphFiles& files, VertexId vertex, std::span<const NeighborId> list);
  // A batch of append_sorted_backward's: each list's compressed bytes into encoded_, their ends in
  // encoded_ends_ (from 0), their heads in heads_.
  void encode_batch(std::span<const std::uint32_t> offsets, std::span<const NeighborId> neighbors,
                    std::span<const std::uint32_t> hub_degrees);
  void write_batch(std::span<const std::uint32_t> offsets);

  PartitionLayout layout_;
  std::vector<GraphFiles> backward_;
  std::vector<GraphFiles> forward_;  // empty when the forward graph is the backward graph
  std::optional<ListCodec> codec_;
  std::vector<std::uint8_t> encoded_;               // one compressed list
  std::vector<NeighborId> sorted_;                  // one list in id order
  std::vector<std::vector<NeighborId>> pieces_;     // compressed: a forward list's piece per partition
  std::vector<std::uint64_t> encoded_ends_;         // a batch: each list's compressed end in encoded_
  std::vector<NeighborId> heads_;                   // a batch: each list's head
  BufferLedger* ledger_;
  VertexId next_backward_vertex_ = 0;
  VertexId next_forward_vertex_ = 0;
  std::int64_t adjacencies_ = 0;
  LedgerTicket buffers_;
};

}  // namespace semibfs
