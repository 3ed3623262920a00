#include "sssp/weighted_lists.hpp"

#include "core/error.hpp"
#include "io/read_request.hpp"

namespace semibfs {

DramWeightedLists::DramWeightedLists(const PartitionedGraph& graph, ListWeightsView weights)
    : graph_(graph), weights_(std::move(weights)) {
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const CsrGraph& lists = graph.backward(k);
    partitions_.push_back(
        {graph.layout().range(k).begin, lists.offsets().data(), lists.all_neighbors().data(), weights_.partition(k).data()});
  }
}

TieredWeightedLists::TieredWeightedLists(const TieredGraph& graph, const TieredWeights& weights, IoKind io)
    : graph_(graph), weights_(weights), io_(io) {
  for (int k = 0; k < graph.num_partitions(); ++k) {
    if (graph.backward(k).compressed_lists()) throw Error("SSSP over a tiered graph: its lists must not be compressed");
  }
}

std::int64_t TieredWeightedLists::reader_bytes() {
  // prepare() reads whole blocks into the arenas, never staged by the readers.
  return 2 * static_cast<std::int64_t>(Reader::kArenaBytes + round_up_to_block(Reader::kPieceBytes) + 2 * kBlockBytes);
}

TieredWeightedLists::Reader::OpenFile& TieredWeightedLists::Reader::file(std::vector<std::optional<OpenFile>>& files,
                                                                         const std::string& path, int partition) {
  if (files.empty()) files.resize(static_cast<std::size_t>(lists_.graph_.num_partitions()));
  std::optional<OpenFile>& open = files[static_cast<std::size_t>(partition)];
  if (!open) {
    ReaderOptions options;
    options.queue_depth = kQueueDepth;
    options.pread_threads = 4;  // the pread fallback's pool, a reader per file and SSSP thread
    open.emplace(OpenFile{BlockFile(path), AlignedBuffer(), make_reader(lists_.io_, path, options)});
  }
  return *open;
}

void TieredWeightedLists::Reader::prepare(std::span<const NeighborId> vertices) {
  prepared_.clear();
  next_ = 0;
  if (neighbor_arena_.size() == 0) {
    neighbor_arena_ = AlignedBuffer(kArenaBytes);
    weight_arena_ = AlignedBuffer(kArenaBytes);
  }
  const auto partitions = static_cast<std::size_t>(lists_.graph_.num_partitions());
  neighbor_requests_.resize(partitions);
  weight_requests_.resize(partitions);
  std::uint64_t used = 0;
  for (const NeighborId vertex : vertices) {
    const int partition = lists_.graph_.layout().partition_of(vertex);
    const std::int64_t row = vertex - lists_.graph_.layout().range(partition).begin;
    const TieredCsr& lists = lists_.graph_.backward(partition);
    // Whole blocks from a block boundary into a block of the arena: read without staging.
    const std::uint64_t begin = lists.tail_byte_begin(row);
    const std::uint64_t first = round_down_to_block(begin);
    const std::uint64_t length = lists.tail_byte_end(row) - first;
    if (lists.tail_entries(row) == 0 || used + round_up_to_block(length) > kArenaBytes) continue;  // none, or alone
    const std::uint64_t tag = prepared_.size();
    neighbor_requests_[partition].push_back({first, length, neighbor_arena_.data() + used, tag, true});
    weight_requests_[partition].push_back({first, length, weight_arena_.data() + used, tag, true});
    const std::uint64_t tail_bytes = lists.tail_byte_end(row) - begin;
    prepared_.push_back({vertex, static_cast<std::size_t>(tail_bytes / sizeof(NeighborId)), used + (begin - first)});
    used += round_up_to_block(length);
    bytes_read_ += static_cast<std::int64_t>(2 * tail_bytes);
  }
  for (std::size_t k = 0; k < partitions; ++k) {
    const int partition = static_cast<int>(k);
    submit(neighbor_files_, lists_.graph_.backward(partition).tail_path(), partition, neighbor_requests_[k]);
    submit(weight_files_, lists_.weights_.tail_path(partition), partition, weight_requests_[k]);
  }
  wait_for_prepared();
}

void TieredWeightedLists::Reader::submit(std::vector<std::optional<OpenFile>>& files, const std::string& path,
                                         int partition, std::vector<ReadRequest>& requests) {
  if (requests.empty()) return;
  file(files, path, partition).reader->submit(requests);
  requests.clear();
}

// Every read the last prepare() started, in each partition's two files.
void TieredWeightedLists::Reader::wait_for_prepared() {
  for (std::vector<std::optional<OpenFile>>* files : {&neighbor_files_, &weight_files_}) {
    for (std::optional<OpenFile>& open : *files) {
      if (!open) continue;
      completed_.clear();
      open->reader->drain(completed_);
    }
  }
}

std::span<const NeighborId> TieredWeightedLists::Reader::read_neighbors(int partition, std::uint64_t begin,
                                                                        std::uint64_t length) {
  const std::span<const std::byte> bytes =
      read(neighbor_files_, lists_.graph_.backward(partition).tail_path(), partition, begin, length);
  return {reinterpret_cast<const NeighborId*>(bytes.data()), bytes.size() / sizeof(NeighborId)};
}

std::span<const float> TieredWeightedLists::Reader::read_weights(int partition, std::uint64_t begin,
                                                                 std::uint64_t length) {
  const std::span<const std::byte> bytes =
      read(weight_files_, lists_.weights_.tail_path(partition), partition, begin, length);
  return {reinterpret_cast<const float*>(bytes.data()), bytes.size() / sizeof(float)};
}

std::span<const std::byte> TieredWeightedLists::Reader::read(std::vector<std::optional<OpenFile>>& files,
                                                             const std::string& path, int partition,
                                                             std::uint64_t begin, std::uint64_t length) {
  OpenFile& open = file(files, path, partition);
  bytes_read_ += static_cast<std::int64_t>(length);
  return read_range(open.file, open.buffer, begin, length);
}

}  // namespace semibfs
