#include "build/store_list_writer.hpp"

#include "store/store_manifest.hpp"

namespace semibfs {

// Every offsets array starts with 0.
StoreListWriter::GraphFiles StoreListWriter::open_graph(StoreWriter& writer, int partition, const char* graph,
                                                        std::size_t buffer_bytes) {
  StoreArrayStream& offsets = writer.open_array(store_array_name(partition, graph, "offsets"), buffer_bytes);
  StoreArrayStream& neighbors = writer.open_array(store_array_name(partition, graph, "neighbors"), buffer_bytes);
  offsets.append_value(std::int64_t{0});
  return {&offsets, &neighbors, 0};
}

StoreListWriter::StoreListWriter(StoreWriter& writer, const PartitionLayout& layout, GraphDirection direction,
                                 std::size_t buffer_bytes, BufferLedger& ledger)
    : layout_(layout),
      buffers_(ledger, static_cast<std::int64_t>(buffer_bytes) * files(layout.count(), direction)) {
  for (int k = 0; k < layout_.count(); ++k) {
    backward_.push_back(open_graph(writer, k, "backward", buffer_bytes));
    if (forward_graph_is_separate(layout_.count(), direction)) {
      forward_.push_back(open_graph(writer, k, "forward", buffer_bytes));
    }
  }
}

void StoreListWriter::append(std::span<const NeighborId> list) {
  append_backward(list);
  if (!forward_.empty()) append_forward(list);
}

void StoreListWriter::append_backward(std::span<const NeighborId> list) {
  GraphFiles& backward = backward_[layout_.partition_of(next_backward_vertex_)];
  backward.neighbors->append_values(list);
  backward.entries += static_cast<std::int64_t>(list.size());
  backward.offsets->append_value(backward.entries);
  adjacencies_ += static_cast<std::int64_t>(list.size());
  ++next_backward_vertex_;
}

void StoreListWriter::append_forward(std::span<const NeighborId> list) {
  for (const NeighborId neighbor : list) {
    GraphFiles& forward = forward_[layout_.partition_of(neighbor)];
    forward.neighbors->append_value(neighbor);
    ++forward.entries;
  }
  for (GraphFiles& forward : forward_) forward.offsets->append_value(forward.entries);
}

}  // namespace semibfs
