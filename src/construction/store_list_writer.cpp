#include "construction/store_list_writer.hpp"

#include <algorithm>
#include <functional>
#include <string>

#include "compress/list_encoder.hpp"
#include "graph/neighbor_order.hpp"
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
      ledger_(&ledger),
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

namespace {

// Lists compressed at a time at most: their ends and heads take 12 bytes each.
constexpr std::size_t kBatchLists = std::size_t{1} << 16;

// The end of the batch of lists from `begin`: at most kBatchLists lists, and entries that take at
// most `entry_bytes` at 4 bytes each, unless the first list alone takes more.
std::size_t batch_end(std::span<const std::uint32_t> offsets, std::size_t begin, std::int64_t entry_bytes) {
  const std::size_t lists = offsets.size() - 1;
  const std::size_t last = std::min(lists, begin + kBatchLists);
  const auto within = [&](std::size_t end) {
    return static_cast<std::int64_t>(offsets[end] - offsets[begin]) * std::int64_t{4} <= entry_bytes;
  };
  std::size_t end = begin + 1;
  while (end < last && within(end + 1)) ++end;
  return end;
}

bool ascending_without_repeats(std::span<const NeighborId> list) {
  return std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) == list.end();
}

}  // namespace

void StoreListWriter::encode_batch(std::span<const std::uint32_t> offsets, std::span<const NeighborId> neighbors,
                                   std::span<const std::uint32_t> hub_degrees) {
  const std::size_t lists = offsets.size() - 1;
  const auto list_of = [&](std::size_t index) { return neighbors.subspan(offsets[index], offsets[index + 1] - offsets[index]); };
  const auto first_vertex = static_cast<std::uint64_t>(next_backward_vertex_);
  encoded_ends_.assign(lists + 1, 0);
  heads_.resize(lists);
  std::int64_t first_bad = static_cast<std::int64_t>(lists);
#pragma omp parallel for schedule(dynamic, 64) reduction(min : first_bad)
  for (std::size_t index = 0; index < lists; ++index) {
    const std::span<const NeighborId> list = list_of(index);
    if (!ascending_without_repeats(list)) first_bad = std::min(first_bad, static_cast<std::int64_t>(index));
    heads_[index] = list.empty() ? kNoFirstNeighbor : hub_degrees.empty() ? list.front() : list[hub_index(list, hub_degrees)];
    encoded_ends_[index + 1] = first_bad < static_cast<std::int64_t>(lists) ? 0 : byte_list_size(first_vertex + index, list, codec_->min_interval_length);
  }
  if (first_bad < static_cast<std::int64_t>(lists)) {
    throw Error("compressed store: the list of vertex " + std::to_string(first_vertex + static_cast<std::uint64_t>(first_bad)) +
                " is not ascending without repeats");
  }
  for (std::size_t index = 0; index < lists; ++index) encoded_ends_[index + 1] += encoded_ends_[index];
  encoded_.resize(encoded_ends_[lists]);
#pragma omp parallel for schedule(dynamic, 64)
  for (std::size_t index = 0; index < lists; ++index) {
    write_byte_list(first_vertex + index, list_of(index), codec_->min_interval_length, encoded_.data() + encoded_ends_[index]);
  }
}

void StoreListWriter::write_batch(std::span<const std::uint32_t> offsets) {
  for (std::size_t index = 0; index + 1 < offsets.size(); ++index) {
    const VertexId vertex = next_backward_vertex_++;
    GraphFiles& files = backward_[layout_.partition_of(vertex)];
    const std::uint32_t entries = offsets[index + 1] - offsets[index];
    files.entries += entries;
    adjacencies_ += entries;
    files.offsets->append_value(files.entries);
    files.first_neighbors->append_value(heads_[index]);
    const std::uint64_t bytes = encoded_ends_[index + 1] - encoded_ends_[index];
    files.neighbors->append_values(std::span<const std::uint8_t>(encoded_.data() + encoded_ends_[index], bytes));
    files.bytes += bytes;
    files.positions->append_value(files.bytes);
  }
}

void StoreListWriter::append_sorted_backward(std::span<const std::uint32_t> offsets, std::span<const NeighborId> neighbors,
                                             std::span<const std::uint32_t> hub_degrees, std::int64_t batch_bytes) {
  LedgerTicket held;
  for (std::size_t begin = 0; begin + 1 < offsets.size();) {
    const std::size_t end = batch_end(offsets, begin, batch_bytes / 2);
    const std::span<const std::uint32_t> batch = offsets.subspan(begin, end - begin + 1);
    encode_batch(batch, neighbors, hub_degrees);
    held = LedgerTicket();
    held = LedgerTicket(*ledger_, static_cast<std::int64_t>(encoded_.capacity() + encoded_ends_.capacity() * sizeof(std::uint64_t) +
                                                            heads_.capacity() * sizeof(NeighborId)));
    write_batch(batch);
    begin = end;
  }
  // Given back with the ticket.
  encoded_ = {};
  encoded_ends_ = {};
  heads_ = {};
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
