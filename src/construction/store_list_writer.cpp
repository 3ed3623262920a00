#include "construction/store_list_writer.hpp"

#include <algorithm>
#include <string>

#include "compress/list_encoder.hpp"
#include "graph/partitioned_graph.hpp"
#include "core/error.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

// Every offsets (and positions) array starts with 0.
StoreListWriter::GraphFiles StoreListWriter::open_graph(StoreWriter& writer, int partition, const char* graph,
                                                        std::size_t buffer_bytes) const {
  GraphFiles files;
  files.offsets = &writer.open_array(store_array_name(partition, graph, "offsets"), buffer_bytes);
  files.offsets->append_value(std::int64_t{0});
  if (codec_) {
    files.positions = &writer.open_array(store_array_name(partition, graph, "positions"), buffer_bytes);
    files.positions->append_value(std::uint64_t{0});
    files.neighbors = &writer.open_array(store_array_name(partition, graph, "lists"), buffer_bytes);
    if (std::string(graph) == "backward") {
      files.first_neighbors = &writer.open_array(store_array_name(partition, graph, "heads"), buffer_bytes);
    }
  } else {
    files.neighbors = &writer.open_array(store_array_name(partition, graph, "neighbors"), buffer_bytes);
  }
  return files;
}

StoreListWriter::StoreListWriter(StoreWriter& writer, const PartitionLayout& layout, GraphDirection direction,
                                 std::size_t buffer_bytes, BufferLedger& ledger, std::optional<ListCodec> codec)
    : layout_(layout),
      codec_(codec),
      buffers_(ledger, static_cast<std::int64_t>(buffer_bytes) * files(layout.count(), direction, codec.has_value())) {
  if (codec_ && codec_->code != IntegerCode::kByte) throw Error("a store's lists are compressed with the byte code only");
  for (int k = 0; k < layout_.count(); ++k) {
    backward_.push_back(open_graph(writer, k, "backward", buffer_bytes));
    if (has_separate_forward(layout_.count(), direction)) {
      forward_.push_back(open_graph(writer, k, "forward", buffer_bytes));
    }
  }
  if (codec_) pieces_.resize(forward_.size());
}

void StoreListWriter::append_list(GraphFiles& files, VertexId vertex, std::span<const NeighborId> list) {
  files.entries += static_cast<std::int64_t>(list.size());
  files.offsets->append_value(files.entries);
  if (!codec_) {
    files.neighbors->append_values(list);
    return;
  }
  if (files.first_neighbors != nullptr) files.first_neighbors->append_value(list.empty() ? kNoFirstNeighbor : list.front());
  sorted_.assign(list.begin(), list.end());
  if (!std::is_sorted(sorted_.begin(), sorted_.end())) std::sort(sorted_.begin(), sorted_.end());
  if (std::adjacent_find(sorted_.begin(), sorted_.end()) != sorted_.end()) {
    throw Error("compressed store: the list of vertex " + std::to_string(vertex) + " holds a neighbour twice");
  }
  const auto vertex_id = static_cast<std::uint64_t>(vertex);
  encoded_.resize(byte_list_size(vertex_id, sorted_, codec_->min_interval_length));
  write_byte_list(vertex_id, sorted_, codec_->min_interval_length, encoded_.data());
  files.neighbors->append_values(std::span<const std::uint8_t>(encoded_));
  files.bytes += encoded_.size();
  files.positions->append_value(files.bytes);
}

void StoreListWriter::append(std::span<const NeighborId> list) {
  append_backward(list);
  if (!forward_.empty()) append_forward(list);
}

void StoreListWriter::append_backward(std::span<const NeighborId> list) {
  const VertexId vertex = next_backward_vertex_++;
  append_list(backward_[layout_.partition_of(vertex)], vertex, list);
  adjacencies_ += static_cast<std::int64_t>(list.size());
}

void StoreListWriter::append_forward(std::span<const NeighborId> list) {
  const VertexId vertex = next_forward_vertex_++;
  if (codec_) {
    for (std::vector<NeighborId>& piece : pieces_) piece.clear();
    for (const NeighborId neighbor : list) pieces_[layout_.partition_of(neighbor)].push_back(neighbor);
    for (std::size_t k = 0; k < forward_.size(); ++k) append_list(forward_[k], vertex, pieces_[k]);
    return;
  }
  for (const NeighborId neighbor : list) {
    GraphFiles& forward = forward_[layout_.partition_of(neighbor)];
    forward.neighbors->append_value(neighbor);
    ++forward.entries;
  }
  for (GraphFiles& forward : forward_) forward.offsets->append_value(forward.entries);
}

void StoreListWriter::close() {
  for (std::vector<GraphFiles>* graphs : {&backward_, &forward_}) {
    for (const GraphFiles& files : *graphs) {
      for (StoreArrayStream* stream : {files.offsets, files.neighbors, files.positions, files.first_neighbors}) {
        if (stream != nullptr) stream->close();
      }
    }
  }
  buffers_ = LedgerTicket();
}

}  // namespace semibfs
