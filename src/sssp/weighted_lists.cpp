#include "sssp/weighted_lists.hpp"

#include "core/error.hpp"

namespace semibfs {

DramWeightedLists::DramWeightedLists(const PartitionedGraph& graph, ListWeightsView weights)
    : graph_(graph), weights_(std::move(weights)) {
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const CsrGraph& lists = graph.backward(k);
    partitions_.push_back(
        {graph.layout().range(k).begin, lists.offsets().data(), lists.all_neighbors().data(), weights_.partition(k).data()});
  }
}

TieredWeightedLists::TieredWeightedLists(const TieredGraph& graph, const TieredWeights& weights, IoKind io,
                                         TailReadOptions reads)
    : graph_(graph), weights_(weights), io_(io), reads_(reads) {
  reads_.check();
  for (int k = 0; k < graph.num_partitions(); ++k) {
    if (graph.backward(k).compressed_lists()) throw Error("SSSP over a tiered graph: its lists must not be compressed");
  }
}

std::int64_t TieredWeightedLists::reader_bytes(const TailReadOptions& reads) {
  // The stream reads whole blocks into its arenas, never staged by the readers.
  const std::int64_t alone = 2 * static_cast<std::int64_t>(round_up_to_block(Reader::kPieceBytes) + 2 * kBlockBytes);
  return WeightedTailStream::held_bytes(reads, Reader::kBlockVertices) + alone;
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
  if (files.empty()) files.resize(static_cast<std::size_t>(lists_.graph_.num_partitions()));
  std::optional<OpenFile>& open = files[static_cast<std::size_t>(partition)];
  if (!open) open.emplace(OpenFile{BlockFile(path), AlignedBuffer()});
  bytes_read_ += static_cast<std::int64_t>(length);
  return read_range(open->file, open->buffer, begin, length);
}

}  // namespace semibfs
