#include "sssp/weighted_lists.hpp"

#include <algorithm>
#include <vector>

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
    : graph_(graph), weights_(weights), io_(io), reads_(reads), places_(graph, weights) {
  reads_.check();
  compressed_ = graph.num_partitions() > 0 && graph.backward(0).compressed_lists();
}

std::int64_t TieredWeightedLists::reader_bytes(const TailReadOptions& reads) {
  // The stream reads whole blocks into its arenas, never staged by the readers.
  const std::int64_t alone = 2 * static_cast<std::int64_t>(round_up_to_block(Reader::kPieceBytes) + 2 * kBlockBytes);
  return WeightedTailStream::held_bytes(reads, Reader::kBlockVertices) + alone;
}

namespace {

// A block's light tail entries, gathered in the order the reader expands the block, for adding in
// vertex order.
struct GatheredTail {
  VertexId vertex;
  std::size_t begin;
  std::size_t end;
};

// The packer of the tails when they can be packed and `pack` asks for it; none when there is no
// room for its files (the searches then read the store's files).
std::unique_ptr<TailPacker> packer_for(const TieredGraph& graph, bool pack) {
  if (!pack || !TailPlaces::packable(graph)) return nullptr;
  try {
    return std::make_unique<TailPacker>(graph);
  } catch (const Error&) {
    return nullptr;
  }
}

}  // namespace

void TieredWeightedLists::cover_light_tails(float limit, std::int64_t max_bytes, bool pack) {
  std::unique_ptr<TailPacker> packer = packer_for(graph_, pack);
  cover_and_pack(limit, max_bytes, packer.get());
  if (packer && packer->finish_into(places_)) packed_bytes_ = packer->bytes_written();
}

void TieredWeightedLists::cover_and_pack(float limit, std::int64_t max_bytes, TailPacker* packer) {
  light_ = LightTails(limit, max_bytes, graph_.num_vertices());
  Reader reader(*this);
  std::vector<NeighborId> block;
  std::vector<GatheredTail> gathered;
  std::vector<NeighborId> neighbors;
  std::vector<float> weights;
  const auto cover_block = [&] {
    reader.prepare(block);
    gathered.clear();
    neighbors.clear();
    weights.clear();
    for (const NeighborId vertex : block) {
      const Place place = locate(vertex);
      const std::int64_t resident = place.lists.resident_count(place.row);
      std::int64_t k = 0;
      const std::size_t begin = neighbors.size();
      reader.for_each(vertex, [&](NeighborId neighbor, float weight) {
        if (k++ < resident) return;
        if (packer) packer->append(place.partition, neighbor, weight);
        if (!(weight < limit)) return;  // only the light ones held, a block's few
        neighbors.push_back(neighbor);
        weights.push_back(weight);
      });
      gathered.push_back({vertex, begin, neighbors.size()});
    }
    std::sort(gathered.begin(), gathered.end(), [](const auto& a, const auto& b) { return a.vertex < b.vertex; });
    for (const GatheredTail& tail : gathered) {
      light_.add(tail.vertex, std::span(neighbors).subspan(tail.begin, tail.end - tail.begin),
                 std::span(weights).subspan(tail.begin, tail.end - tail.begin));
    }
    block.clear();
  };
  for (int partition = 0; partition < graph_.num_partitions() && ((packer && !packer->failed()) || !light_.full()); ++partition) {
    const TieredCsr& lists = graph_.backward(partition);
    const VertexRange range = graph_.layout().range(partition);
    for (VertexId vertex = range.begin; vertex < range.end && ((packer && !packer->failed()) || !light_.full()); ++vertex) {
      if (lists.tail_entries(vertex - range.begin) == 0) continue;
      block.push_back(static_cast<NeighborId>(vertex));
      if (block.size() == Reader::kBlockVertices) cover_block();
    }
  }
  if (!block.empty()) cover_block();
}

void TieredWeightedLists::Reader::throw_longer_than_weights(int partition, std::int64_t row) const {
  const TieredCsr& lists = lists_.graph_.backward(partition);
  throw Error("store file '" + lists.tail_path() + "' is damaged: the list of vertex " +
              std::to_string(lists_.graph_.layout().range(partition).begin + row) + " holds more than its " +
              std::to_string(lists.degree(row)) + " entries (rebuild the store)");
}

std::span<const NeighborId> TieredWeightedLists::Reader::read_neighbors(int partition, std::uint64_t begin,
                                                                        std::uint64_t length) {
  const std::span<const std::byte> bytes =
      read(neighbor_files_, lists_.places_.neighbors_path(partition), partition, begin, length);
  return {reinterpret_cast<const NeighborId*>(bytes.data()), bytes.size() / sizeof(NeighborId)};
}

std::span<const float> TieredWeightedLists::Reader::read_weights(int partition, std::uint64_t begin,
                                                                 std::uint64_t length) {
  const std::span<const std::byte> bytes =
      read(weight_files_, lists_.places_.weights_path(partition), partition, begin, length);
  return {reinterpret_cast<const float*>(bytes.data()), bytes.size() / sizeof(float)};
}

std::span<const std::byte> TieredWeightedLists::Reader::read(std::vector<std::optional<OpenFile>>& files,
                                                             const std::string& path, int partition,
                                                             std::uint64_t begin, std::uint64_t length) {
  if (files.empty()) files.resize(static_cast<std::size_t>(lists_.graph_.num_partitions()));
  std::optional<OpenFile>& open = files[static_cast<std::size_t>(partition)];
  if (!open) open.emplace(OpenFile{BlockFile(path), AlignedBuffer()});
  bytes_read_ += static_cast<std::int64_t>(length);
  ++read_requests_;
  return read_range(open->file, open->buffer, begin, length);
}

}  // namespace semibfs
