#include "store/graph_store.hpp"

#include "core/damaged_store_file.hpp"

#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <filesystem>
#include <memory>
#include <fstream>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/file_output.hpp"
#include "core/sha256.hpp"
#include "io/async_reader.hpp"
#include "io/io_kind.hpp"
#include "io/read_request.hpp"
#include "io/sequential_read.hpp"
#include "edges/packed_edge.hpp"
#include "store/array_checks.hpp"
#include "store/store_manifest.hpp"
#include "store/store_writer.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {
namespace {

std::string read_text(const std::string& path) {
  std::string problem;
  std::optional<std::string> text = read_regular_file(path, problem);
  if (!text) throw Error("cannot read store manifest '" + path + "': " + problem);
  return *std::move(text);
}

[[noreturn]] void damaged(const std::string& path, const std::string& what) { store_file_damaged(path, what); }

// Large reads, several in flight, through the block reader: O_DIRECT where the filesystem allows
// it, so a reused store is read from the device, not from what the page cache kept.
// The destination is not block-aligned, so each request is staged in the reader's own buffers:
// 1 MiB requests, 4 in flight, keep that staging within a few MiB of a DRAM budget.
void read_whole_file(const std::string& path, std::span<std::byte> into) {
  constexpr std::uint64_t kChunkBytes = std::uint64_t{1} << 20;
  ReaderOptions options;
  options.queue_depth = 4;
  const std::unique_ptr<AsyncReader> reader = make_reader(IoKind::kAuto, path, options);
  std::vector<ReadRequest> requests;
  for (std::uint64_t offset = 0; offset < into.size(); offset += kChunkBytes) {
    const std::uint64_t length = std::min<std::uint64_t>(kChunkBytes, into.size() - offset);
    requests.push_back({offset, length, into.data() + offset, offset});
  }
  reader->submit(requests);
  std::vector<std::uint64_t> done;
  reader->drain(done);
}

// The file `path`, whose manifest entry is `entry` (its size checked), read whole into `into`, its
// SHA-256 checked.
void read_checked_file(const std::string& path, const StoreArray& entry, std::span<std::byte> into) {
  read_whole_file(path, into);
  if (Sha256::hex_of(into.data(), into.size()) != entry.sha256) damaged(path, "SHA-256 does not match the manifest");
}

template <typename T>
std::vector<T> read_array(const std::string& directory, const StoreManifest& manifest, const std::string& name) {
  const std::string path = store_path(directory, name);
  const StoreArray& entry = checked_store_array(directory, manifest, name);
  if (entry.bytes % static_cast<std::int64_t>(sizeof(T)) != 0) damaged(path, "size is not a whole number of entries");
  std::vector<T> values;
  assign_in_huge_pages(values, static_cast<std::size_t>(entry.bytes) / sizeof(T));  // lists are read at random
  read_checked_file(path, entry, std::as_writable_bytes(std::span<T>(values)));
  return values;
}

// An array of one entry per row and one more (offsets, positions), its length checked.
template <typename T>
std::vector<T> read_row_array(const std::string& directory, const StoreManifest& manifest, const std::string& name,
                              std::int64_t rows) {
  std::vector<T> values = read_array<T>(directory, manifest, name);
  if (static_cast<std::int64_t>(values.size()) != rows + 1) {
    damaged(store_path(directory, name), std::to_string(values.size()) + " entries for " + std::to_string(rows) + " rows");
  }
  return values;
}

CsrGraph read_graph(const std::string& directory, const StoreManifest& manifest, int partition, const char* graph,
                    std::int64_t rows) {
  std::vector<std::int64_t> offsets = read_store_offsets(directory, manifest, partition, graph, rows);
  const std::string name = store_array_name(partition, graph, "neighbors");
  std::vector<NeighborId> neighbors = read_array<NeighborId>(directory, manifest, name);
  check_neighbor_ids(store_path(directory, name), neighbors, 0, allowed_neighbors(manifest, partition, graph));
  return CsrGraph(rows, std::move(offsets), std::move(neighbors));
}

std::string describe(const std::optional<RankPart>& part) {
  if (!part) return "the whole graph (one process)";
  return std::to_string(part->rank) + " of " + std::to_string(part->ranks) + " (mpirun -np " + std::to_string(part->ranks) + ")";
}

void check_matches(const std::string& directory, const StoreManifest& manifest, const StoreRequest& request) {
  const auto mismatch = [&](const std::string& field, const std::string& stored, const std::string& asked) {
    throw Error("store '" + directory + "' holds a graph with " + field + " " + stored + ", but this run asks for " +
                asked + " (use another directory, or build the graph asked for in an empty one)");
  };
  if (manifest.made_from != request.made_from) mismatch("made-from", "'" + manifest.made_from + "'", "'" + request.made_from + "'");
  if (manifest.partitions != request.partitions) {
    mismatch("partitions", std::to_string(manifest.partitions), std::to_string(request.partitions));
  }
  if (manifest.list_codec.has_value() != request.compressed_lists) {
    mismatch("lists", manifest.list_codec ? "compressed" : "not compressed",
             request.compressed_lists ? "compressed lists (--compress)" : "uncompressed lists (add --compress to use this store)");
  }
  if (manifest.vertex_order.empty() == request.relabelled) {
    mismatch("vertex order", manifest.vertex_order.empty() ? "input" : manifest.vertex_order,
             request.relabelled ? "degree (--vertex-order degree)" : "the input's (add --vertex-order degree to use this store)");
  }
  if (manifest.neighbor_order != to_string(request.order)) mismatch("neighbor-order", manifest.neighbor_order, to_string(request.order));
  if (manifest.direction != request.direction) mismatch("direction", to_string(manifest.direction), to_string(request.direction));
  if (manifest.rank_part != request.rank_part) mismatch("rank part", describe(manifest.rank_part), describe(request.rank_part));
}

}  // namespace

void write_store(const std::string& directory, const PartitionedGraph& graph, const std::string& made_from,
                 const ListWeightsView* weights) {
  StoreWriter writer(directory);
  for (int k = 0; k < graph.num_partitions(); ++k) {
    writer.add_array(store_array_name(k, "backward", "offsets"), graph.backward(k).offsets());
    writer.add_array(store_array_name(k, "backward", "neighbors"), graph.backward(k).all_neighbors());
    if (!graph.has_separate_forward()) continue;  // the forward graph is the backward graph
    writer.add_array(store_array_name(k, "forward", "offsets"), graph.forward(k).offsets());
    writer.add_array(store_array_name(k, "forward", "neighbors"), graph.forward(k).all_neighbors());
  }
  if (weights != nullptr) add_list_weights(writer, *weights);
  writer.finish({made_from, graph.num_vertices(), graph.num_adjacencies(), graph.num_partitions(), graph.neighbor_order(),
                 graph.direction(), std::nullopt, std::nullopt, std::nullopt, "", weights != nullptr});
}

void write_rank_part_store(const std::string& directory, const CsrGraph& lists, std::int64_t vertices, RankPart part,
                           NeighborOrder order, const std::string& made_from, std::span<const CompactEdge> edge_share,
                           std::span<const float> list_weights, std::span<const float> edge_weights) {
  const bool weighted = !list_weights.empty() || !edge_weights.empty();
  if (weighted && (std::ssize(list_weights) != lists.num_adjacencies() || edge_weights.size() != edge_share.size())) {
    throw Error("rank part '" + directory + "': " + std::to_string(list_weights.size()) + " list weights for " +
                std::to_string(lists.num_adjacencies()) + " entries and " + std::to_string(edge_weights.size()) +
                " edge weights for " + std::to_string(edge_share.size()) + " tuples (an internal error)");
  }
  StoreWriter writer(directory);
  writer.add_array(store_array_name(0, "backward", "offsets"), lists.offsets());
  writer.add_array(store_array_name(0, "backward", "neighbors"), lists.all_neighbors());
  StoreArrayStream& edges = writer.open_edge_file(std::size_t{1} << 20);
  for (const CompactEdge& edge : edge_share) edges.append_value(PackedEdge::make(edge.v0(), edge.v1()));
  RemovedUnlessKept edge_weights_file(store_path(directory, kEdgeWeightsName));  // as the store's files
  std::optional<StoreArray> edge_weights_entry;
  if (weighted) {
    writer.add_array(list_weights_name(0), std::as_bytes(list_weights));
    EdgeWeightsWriter weights(directory);
    weights.append(edge_weights);
    edge_weights_entry = weights.finish();
  }
  StoreDescription description{made_from, vertices, lists.num_adjacencies(), 1, order, GraphDirection::kUndirected,
                               std::nullopt, part, std::nullopt, "", weighted, edge_weights_entry};
  writer.finish(description);
  edge_weights_file.keep();
}

PartitionedGraph read_store(const std::string& directory, const StoreRequest& request) {
  const StoreManifest manifest = read_store_manifest(directory, request);
  if (manifest.list_codec) {
    throw Error("store '" + directory + "' holds compressed lists, which are searched where they lie (an internal "
                "error: this path reads uncompressed lists)");
  }
  const std::string manifest_path = store_path(directory, kManifestName);
  std::vector<CsrGraph> backward;
  std::vector<CsrGraph> forward;
  PairDigest backward_pairs;
  PairDigest forward_pairs;
  for (int k = 0; k < manifest.partitions; ++k) {
    const VertexRange rows = manifest.partition_rows(k);
    backward.push_back(read_graph(directory, manifest, k, "backward", rows.size()));
    backward_pairs.add_lists(rows.begin, backward.back().offsets(), backward.back().all_neighbors());
    if (has_separate_forward(manifest.partitions, manifest.direction)) {
      forward.push_back(read_graph(directory, manifest, k, "forward", manifest.vertices));
      forward_pairs.add_lists(0, forward.back().offsets(), forward.back().all_neighbors());
    }
  }
  check_lists_agree(directory, manifest, backward_pairs, forward_pairs);
  PartitionedGraph graph(request.order, std::move(backward), std::move(forward), manifest.direction);
  if (graph.num_adjacencies() != manifest.adjacencies) {
    damaged(manifest_path, "lists " + std::to_string(manifest.adjacencies) + " adjacencies, the arrays hold " +
                               std::to_string(graph.num_adjacencies()));
  }
  return graph;
}

StoreManifest read_store_manifest(const std::string& directory) {
  check_store_directory(directory);
  const std::string manifest_path = store_path(directory, kManifestName);
  if (!store_exists(directory)) {
    throw Error("store directory '" + directory + "' holds no store (no manifest): build one first");
  }
  return StoreManifest::parse(read_text(manifest_path), manifest_path);
}

StoreManifest read_store_manifest(const std::string& directory, const StoreRequest& request) {
  StoreManifest manifest = read_store_manifest(directory);
  check_matches(directory, manifest, request);
  return manifest;
}

// The manifest's parse refused an unknown neighbour order, naming the file and line.
StoreRequest request_matching(const StoreManifest& manifest) {
  return {manifest.made_from, manifest.partitions, parse_neighbor_order(manifest.neighbor_order), manifest.direction,
          manifest.rank_part, manifest.list_codec.has_value(), !manifest.vertex_order.empty()};
}

const StoreArray& checked_store_array(const std::string& directory, const StoreManifest& manifest,
                                      const std::string& name) {
  const std::string path = store_path(directory, name);
  const StoreArray& entry = manifest.array(name, store_path(directory, kManifestName));
  std::error_code error;
  const auto size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
  if (error) damaged(path, "cannot be read: " + error.message());
  if (size != entry.bytes) {
    damaged(path, std::to_string(size) + " bytes where the manifest says " + std::to_string(entry.bytes));
  }
  return entry;
}

std::vector<std::int64_t> read_store_offsets(const std::string& directory, const StoreManifest& manifest,
                                             int partition, const char* graph, std::int64_t rows) {
  const std::string name = store_array_name(partition, graph, "offsets");
  std::vector<std::int64_t> offsets = read_row_array<std::int64_t>(directory, manifest, name, rows);
  if (manifest.list_codec) {
    // The entries are counted when the lists are decoded; their sum is checked against the manifest.
    check_store_offsets(store_path(directory, name), offsets, offsets.back());
    return offsets;
  }
  const std::string lists = store_array_name(partition, graph, "neighbors");
  const StoreArray& list_file = checked_store_array(directory, manifest, lists);
  if (list_file.bytes % static_cast<std::int64_t>(sizeof(NeighborId)) != 0) {
    damaged(store_path(directory, lists), "size is not a whole number of entries");
  }
  check_store_offsets(store_path(directory, name), offsets, list_file.bytes / static_cast<std::int64_t>(sizeof(NeighborId)));
  return offsets;
}

void read_store_array_into(const std::string& directory, const StoreManifest& manifest, const std::string& name,
                           std::span<std::byte> into) {
  const std::string path = store_path(directory, name);
  const StoreArray& entry = checked_store_array(directory, manifest, name);
  if (entry.bytes != static_cast<std::int64_t>(into.size())) {
    damaged(path, std::to_string(entry.bytes) + " bytes where " + std::to_string(into.size()) + " are expected");
  }
  read_checked_file(path, entry, into);
}

namespace {

// One row array of a compressed store read front to back in pieces, its SHA-256 and its order
// checked on the way (as check_store_offsets checks a whole array).
class RowArrayStream {
 public:
  RowArrayStream(const std::string& directory, const StoreManifest& manifest, const std::string& name, std::int64_t rows)
      : path_(store_path(directory, name)), entry_(checked_store_array(directory, manifest, name)) {
    if (entry_.bytes != (rows + 1) * 8) {
      damaged(path_, std::to_string(entry_.bytes / 8) + " entries for " + std::to_string(rows) + " rows");
    }
    descriptor_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor_ < 0) damaged(path_, std::string("cannot be opened: ") + std::strerror(errno));
  }
  ~RowArrayStream() { ::close(descriptor_); }
  RowArrayStream(const RowArrayStream&) = delete;
  RowArrayStream& operator=(const RowArrayStream&) = delete;

  // Entries [first, first + into.size()), checked to continue the order of those read before.
  void read(std::int64_t first, std::span<std::int64_t> into) {
    const std::span<std::byte> bytes = std::as_writable_bytes(into);
    if (read_all_at(descriptor_, first * 8, bytes) != static_cast<std::int64_t>(bytes.size())) {
      damaged(path_, "cannot be read whole");
    }
    sha_.update(bytes.data(), bytes.size());
    if (first == 0 && into.front() != 0) damaged(path_, "the first offset is " + std::to_string(into.front()) + ", not 0");
    for (std::size_t i = 0; i < into.size(); ++i) {
      // Read as signed: a position past 2^63 would decrease, so one check of order serves.
      if (into[i] < last_) {
        damaged(path_, "offset " + std::to_string(first + static_cast<std::int64_t>(i)) + " (" + std::to_string(into[i]) +
                           ") is below the one before it (" + std::to_string(last_) + ")");
      }
      last_ = into[i];
    }
  }
  std::int64_t last() const { return last_; }
  void finish() {
    if (sha_.finish_hex() != entry_.sha256) damaged(path_, "SHA-256 does not match the manifest");
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  const StoreArray& entry_;
  int descriptor_ = -1;
  Sha256 sha_;
  std::int64_t last_ = 0;
};

}  // namespace

void stream_compressed_row_arrays(const std::string& directory, const StoreManifest& manifest, int partition,
                                  const char* graph, std::int64_t rows, const RowArrayPieces& consume) {
  constexpr std::int64_t kPieceRows = std::int64_t{1} << 16;  // 512 KiB of each array at a time
  RowArrayStream offsets(directory, manifest, store_array_name(partition, graph, "offsets"), rows);
  RowArrayStream positions(directory, manifest, store_array_name(partition, graph, "positions"), rows);
  const StoreArray& list_file = checked_store_array(directory, manifest, store_array_name(partition, graph, "lists"));
  std::vector<std::int64_t> offset_piece(static_cast<std::size_t>(std::min(rows + 1, kPieceRows) + 1));
  std::vector<std::int64_t> position_piece(offset_piece.size());
  std::size_t count = 0;
  for (std::int64_t first = 0; first <= rows; first += kPieceRows) {
    const auto fresh = static_cast<std::size_t>(std::min(kPieceRows, rows + 1 - first));
    // The last entry of the piece before begins this one.
    const std::size_t carry = first == 0 ? 0 : 1;
    if (carry == 1) {
      offset_piece[0] = offset_piece[count - 1];
      position_piece[0] = position_piece[count - 1];
    }
    offsets.read(first, std::span(offset_piece).subspan(carry, fresh));
    positions.read(first, std::span(position_piece).subspan(carry, fresh));
    count = carry + fresh;
    consume({offset_piece.data(), count}, {reinterpret_cast<const std::uint64_t*>(position_piece.data()), count});
  }
  offsets.finish();
  positions.finish();
  if (positions.last() != list_file.bytes) {
    damaged(positions.path(), "the last position is " + std::to_string(positions.last()) + ", but its list file holds " +
                                  std::to_string(list_file.bytes) + " bytes");
  }
}

void stream_store_array(const std::string& directory, const StoreManifest& manifest, const std::string& name,
                        const ArrayPieces& consume) {
  const std::string path = store_path(directory, name);
  const StoreArray& entry = checked_store_array(directory, manifest, name);
  SequentialReadOptions reading;
  reading.piece_bytes = std::uint64_t{1} << 20;
  Sha256 sha;
  read_file_in_order(path, reading, [&](std::span<const std::byte> bytes, std::uint64_t offset) {
    sha.update(bytes.data(), bytes.size());
    consume(bytes, offset);
  });
  if (sha.finish_hex() != entry.sha256) damaged(path, "SHA-256 does not match the manifest");
}

}  // namespace semibfs
