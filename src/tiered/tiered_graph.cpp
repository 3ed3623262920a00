#include "tiered/tiered_graph.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <utility>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/sha256.hpp"
#include "io/aligned_buffer.hpp"
#include "io/sequential_read.hpp"
#include "store/array_checks.hpp"
#include "tiered/compressed_list_collector.hpp"

namespace semibfs {

TieredGraph::TieredGraph(NeighborOrder order, std::int64_t num_adjacencies, std::vector<NeighborId> first_neighbors,
                         Bitmap isolated, std::vector<TieredCsr> backward, std::vector<TieredCsr> forward,
                         GraphDirection direction)
    : PartitionedLists(PartitionLayout(isolated.num_bits(), static_cast<int>(backward.size())), order, direction,
                       num_adjacencies),
      owned_first_neighbors_(std::move(first_neighbors)),
      owned_isolated_(std::make_unique<Bitmap>(std::move(isolated))) {
  backward_ = std::move(backward);
  forward_ = std::move(forward);
  first_neighbors_ = owned_first_neighbors_;
  isolated_ = owned_isolated_.get();
  const bool separate = semibfs::has_separate_forward(layout_.count(), direction_);
  if (forward_.size() != ((separate || !forward_.empty()) ? backward_.size() : 0)) {
    throw Error("tiered graph: " + std::to_string(forward_.size()) + " forward graphs for a " + to_string(direction_) +
                " graph of " + std::to_string(backward_.size()) + " partitions");
  }
}

TieredGraph TieredGraph::take_out_lists() && {
  check_out_lists_alone();
  std::vector<TieredCsr> out_lists;
  out_lists.push_back(std::move(forward_.front()));
  const std::int64_t vertices = num_vertices();
  const std::int64_t entries = out_lists.front().num_entries();
  *this = TieredGraph();
  return TieredGraph(NeighborOrder::kById, entries, {}, Bitmap(vertices), std::move(out_lists), {});
}

TieredGraph TieredGraph::all_in_dram(const PartitionedGraph& graph) {
  TieredGraph tiered;
  tiered.layout_ = graph.layout();
  tiered.order_ = graph.neighbor_order();
  tiered.direction_ = graph.direction();
  tiered.num_adjacencies_ = graph.num_adjacencies();
  for (int k = 0; k < graph.num_partitions(); ++k) {
    tiered.backward_.push_back(TieredCsr::all_in_dram(graph.backward(k)));
    if (graph.has_separate_forward()) tiered.forward_.push_back(TieredCsr::all_in_dram(graph.forward(k)));
  }
  tiered.first_neighbors_ = graph.first_neighbors();
  tiered.isolated_ = &graph.isolated();
  return tiered;
}

TieredGraph TieredGraph::view_of_partition(const TieredCsr& lists, NeighborOrder order) {
  TieredGraph tiered;
  tiered.layout_ = PartitionLayout(lists.num_rows(), 1);
  tiered.order_ = order;
  tiered.direction_ = GraphDirection::kUndirected;
  tiered.num_adjacencies_ = lists.num_entries();
  tiered.backward_.push_back(lists.view());
  return tiered;
}

bool TieredGraph::has_tails() const {
  const auto tails = [](const TieredCsr& lists) { return lists.has_tails(); };
  return std::any_of(backward_.begin(), backward_.end(), tails) || std::any_of(forward_.begin(), forward_.end(), tails);
}

std::int64_t TieredGraph::vertices_with_tails() const {
  std::int64_t vertices = 0;
  for (const TieredCsr& lists : backward_) vertices += lists.rows_with_tails();
  return vertices;
}

std::int64_t TieredGraph::owned_bytes() const {
  std::int64_t bytes = static_cast<std::int64_t>(owned_first_neighbors_.size() * sizeof(NeighborId));
  if (owned_isolated_) bytes += owned_isolated_->num_words() * 8;
  for (const TieredCsr& lists : backward_) bytes += lists.owned_bytes();
  for (const TieredCsr& lists : forward_) bytes += lists.owned_bytes();
  return bytes;
}

ResidencyRule backward_residency(const PlacementPlan& plan, bool compressed_lists) {
  if (plan.fits_in_memory) return ResidencyRule::everything();
  ResidencyRule rule;
  rule.scan_cuts = plan.scan_cuts;  // a scan's stripes: nothing else kept
  if (!plan.scan_cuts.empty()) return rule;
  if (compressed_lists) {
    rule.whole_up_to_degree = plan.head_entries;  // compressed lists are whole or nothing
  } else {
    rule.head_entries = plan.head_entries;
    rule.whole_up_to_degree = plan.whole_backward_degree;
  }
  return rule;
}

ResidencyRule forward_residency(const PlacementPlan& plan) {
  if (plan.fits_in_memory) return ResidencyRule::everything();
  ResidencyRule rule;
  rule.scan_cuts = plan.scan_cuts;  // a scan's stripes: nothing else kept
  if (!plan.scan_cuts.empty()) return rule;
  rule.whole_up_to_degree = plan.low_degree_limit;
  rule.whole_from_degree = plan.hub_degree_limit;
  return rule;
}

namespace {

// Copies the resident part of every row while the neighbours file streams past once, and checks
// the file against the manifest on the way (its checksum, its ids, its pairs into `digest`).
class ResidentCollector {
 public:
  ResidentCollector(TieredCsr& lists, std::string path, VertexRange allowed, VertexId row_base, PairDigest& digest)
      : lists_(lists), offsets_(lists.offsets()), path_(std::move(path)), allowed_(allowed), row_base_(row_base),
        digest_(digest) {}

  void consume(std::span<const std::byte> bytes, std::uint64_t offset) {
    sha_.update(bytes.data(), bytes.size());
    const auto first = static_cast<std::int64_t>(offset / sizeof(NeighborId));
    const std::int64_t end = first + static_cast<std::int64_t>(bytes.size() / sizeof(NeighborId));
    // Every entry passes here once, the tails too: the fetcher later reads checked ids.
    const auto* ids = reinterpret_cast<const NeighborId*>(bytes.data());
    check_neighbor_ids(path_, {ids, static_cast<std::size_t>(end - first)}, first, allowed_);
    digest_pairs(ids, first, end);
    lists_.copy_resident_piece(std::span<const NeighborId>(ids, static_cast<std::size_t>(end - first)), first,
                               [this](std::int64_t row) { return lists_.fill_resident(row); }, row_);
  }
  std::string finish_hex() { return sha_.finish_hex(); }

 private:
  // Entries [first, end) with their rows' vertices; the offsets (checked) find each entry's row.
  void digest_pairs(const NeighborId* ids, std::int64_t first, std::int64_t end) {
    for (std::int64_t entry = first; entry < end; ++entry) {
      while (offsets_[digest_row_ + 1] <= entry) ++digest_row_;
      digest_.add(row_base_ + digest_row_, ids[entry - first]);
    }
  }

  TieredCsr& lists_;
  std::span<const std::int64_t> offsets_;
  std::string path_;
  VertexRange allowed_;
  VertexId row_base_;
  PairDigest& digest_;
  Sha256 sha_;
  std::int64_t row_ = 0;
  std::int64_t digest_row_ = 0;
};

// The index arrays of one graph of one partition, read with the store's index.
struct ListIndex {
  std::vector<std::int64_t> offsets;  // uncompressed stores
  CompressedRowIndex rows;            // compressed stores
};

using VertexDegree = std::function<std::int64_t(std::int64_t row)>;

// A compressed graph: the rows whose whole list `rule` keeps are copied as they are; every list is
// decoded and checked on the way, the backward lists' `heads` (read from the store) among them.
TieredCsr open_compressed_lists(const std::string& directory, const StoreManifest& manifest, int partition,
                                const char* graph, ListIndex index, const ResidencyRule& rule,
                                const SequentialReadOptions& reading, const VertexDegree& vertex_degree,
                                PairDigest& digest, std::span<const NeighborId> first_neighbors) {
  CompressedRows rows;
  rows.index = std::move(index.rows);
  rows.first_vertex = std::strcmp(graph, "backward") == 0 ? manifest.partition_rows(partition).begin : 0;
  const CompressedRowIndex& lists = rows.index;
  const std::uint64_t resident = rows.index.set_resident([&](std::int64_t row) {
    const std::int64_t length = lists.degree(row);
    return length > 0 &&
           rule.resident_entries(length, vertex_degree ? vertex_degree(row) : length, rows.first_vertex + row) >= length;
  });
  rows.resident.resize(static_cast<std::size_t>(resident));
  rows.num_vertices = manifest.vertices;
  rows.min_interval_length = manifest.list_codec->min_interval_length;
  const std::string name = store_array_name(partition, graph, "lists");
  rows.lists_path = store_path(directory, name);
  // read_store_positions checked that the positions end at the file's length.
  const StoreArray& entry = checked_store_array(directory, manifest, name);
  CompressedListCollector collector(rows, first_neighbors, allowed_neighbors(manifest, partition, graph), rows.lists_path, digest);
  read_file_in_order(rows.lists_path, reading, [&](std::span<const std::byte> bytes, std::uint64_t offset) {
    collector.consume(bytes, offset);
  });
  if (collector.finish_hex() != entry.sha256) store_file_damaged(rows.lists_path, "SHA-256 does not match the manifest");
  return TieredCsr(std::move(rows));
}

// Plain lists split by `rule` row by row (an offset a row locates each resident part); their
// resident entries not yet read.
TieredCsr split_by_rows(std::vector<std::int64_t> offsets, const ResidencyRule& rule, const VertexDegree& vertex_degree,
                        VertexId row_base, const std::string& path) {
  const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
  std::vector<std::int64_t> resident_offsets;  // read at random, beside the offsets
  assign_in_huge_pages(resident_offsets, static_cast<std::size_t>(rows) + 1);
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t length = offsets[row + 1] - offsets[row];
    const std::int64_t degree = vertex_degree ? vertex_degree(row) : length;
    resident_offsets[row + 1] = resident_offsets[row] + rule.resident_entries(length, degree, row_base + row);
  }
  std::vector<NeighborId> resident;
  assign_in_huge_pages(resident, static_cast<std::size_t>(resident_offsets.back()));  // read at random
  return TieredCsr(std::move(offsets), std::move(resident_offsets), std::move(resident), path);
}

// One graph of one partition: its offsets (already read) whole, its lists split by `rule`;
// `vertex_degree` gives the whole degree of a row's vertex where the list holds only part of it
// (forward lists). Its pairs go into `digest`, its rows being vertices row_base, row_base + 1, ...
// A compressed graph's heads, read from the store, are checked against its lists (empty: none).
TieredCsr open_lists(const std::string& directory, const StoreManifest& manifest, int partition, const char* graph,
                     ListIndex index, const ResidencyRule& rule, const SequentialReadOptions& reading,
                     const VertexDegree& vertex_degree, PairDigest& digest, std::span<const NeighborId> first_neighbors = {}) {
  if (manifest.list_codec) {
    return open_compressed_lists(directory, manifest, partition, graph, std::move(index), rule, reading, vertex_degree,
                                 digest, first_neighbors);
  }
  const VertexId row_base = std::strcmp(graph, "backward") == 0 ? manifest.partition_rows(partition).begin : 0;
  const std::string name = store_array_name(partition, graph, "neighbors");
  const std::string path = store_path(directory, name);
  TieredCsr lists = rule.scan_cuts.empty()
                        ? split_by_rows(std::move(index.offsets), rule, vertex_degree, row_base, path)
                        : TieredCsr::striped(std::move(index.offsets), row_base, rule.scan_cuts, path);
  // read_store_offsets checked that the offsets end at the file's length.
  const StoreArray& entry = checked_store_array(directory, manifest, name);
  ResidentCollector collector(lists, path, allowed_neighbors(manifest, partition, graph), row_base, digest);
  read_file_in_order(path, reading, [&](std::span<const std::byte> bytes, std::uint64_t offset) {
    collector.consume(bytes, offset);
  });
  if (collector.finish_hex() != entry.sha256) store_file_damaged(path, "SHA-256 does not match the manifest");
  return lists;
}

// Graph `graph`'s index arrays of partition k, moved out of the store's index.
ListIndex take_index(StoreIndex& index, const char* graph, int k) {
  const bool backward = std::strcmp(graph, "backward") == 0;
  if (index.manifest.list_codec) return {{}, std::move((backward ? index.backward_rows : index.forward_rows)[k])};
  return {std::move((backward ? index.backward_offsets : index.forward_offsets)[k]), {}};
}

// The forward lists, kept by `rule` according to each vertex's whole degree: its backward list's
// length when undirected (the forward lists split it among partitions), its out-degree when
// directed: a list's own length with one partition, else the lengths of its forward lists summed,
// read from the offsets before they move into the lists.
std::vector<TieredCsr> open_forward_lists(StoreIndex& index, const ResidencyRule& rule,
                                          const SequentialReadOptions& reading,
                                          const std::vector<TieredCsr>& backward, PairDigest& digest) {
  const PartitionLayout layout(index.manifest.vertices, index.manifest.partitions);
  const bool directed = index.manifest.direction == GraphDirection::kDirected;
  std::vector<std::int64_t> out_degrees;
  if (directed && layout.count() > 1) {
    out_degrees.assign(static_cast<std::size_t>(index.manifest.vertices), 0);
    for (int k = 0; k < layout.count(); ++k) {
      for (std::int64_t vertex = 0; vertex < index.manifest.vertices; ++vertex) {
        out_degrees[vertex] += index.manifest.list_codec ? index.forward_rows[k].degree(vertex)
                                                         : index.forward_offsets[k][vertex + 1] - index.forward_offsets[k][vertex];
      }
    }
  }
  VertexDegree vertex_degree;  // none: the list is the whole out-list
  if (!out_degrees.empty()) {
    vertex_degree = [&out_degrees](std::int64_t vertex) { return out_degrees[vertex]; };
  } else if (!directed) {
    vertex_degree = [&](std::int64_t vertex) {
      const int owner = layout.partition_of(vertex);
      return backward[owner].degree(vertex - layout.range(owner).begin);
    };
  }
  std::vector<TieredCsr> forward;
  for (int k = 0; k < layout.count(); ++k) {
    forward.push_back(open_lists(index.directory, index.manifest, k, "forward", take_index(index, "forward", k), rule,
                                 reading, vertex_degree, digest));
  }
  return forward;
}


}  // namespace

namespace {

// A compressed graph's row index, built as its offsets and positions stream past.
CompressedRowIndex read_compressed_rows(const std::string& directory, const StoreManifest& manifest, int partition,
                                        const char* graph, std::int64_t rows) {
  CompressedRowIndex::Builder builder(rows);
  stream_compressed_row_arrays(directory, manifest, partition, graph, rows,
                               [&](std::span<const std::int64_t> offsets, std::span<const std::uint64_t> positions) {
                                 for (std::size_t i = 0; i + 1 < offsets.size(); ++i) {
                                   builder.add(offsets[i + 1] - offsets[i], positions[i + 1] - positions[i]);
                                 }
                               });
  return builder.finish();
}

}  // namespace

StoreIndex read_store_index(const std::string& directory, const StoreRequest& request) {
  StoreIndex index{directory, request, read_store_manifest(directory, request), {}, {}, {}, {}};
  const StoreManifest& manifest = index.manifest;
  const bool separate = has_separate_forward(manifest.partitions, manifest.direction);
  for (int k = 0; k < manifest.partitions; ++k) {
    const std::int64_t rows = manifest.partition_rows(k).size();
    if (manifest.list_codec) {
      index.backward_rows.push_back(read_compressed_rows(directory, manifest, k, "backward", rows));
      if (separate) index.forward_rows.push_back(read_compressed_rows(directory, manifest, k, "forward", manifest.vertices));
      continue;
    }
    index.backward_offsets.push_back(read_store_offsets(directory, manifest, k, "backward", rows));
    if (separate) index.forward_offsets.push_back(read_store_offsets(directory, manifest, k, "forward", manifest.vertices));
  }
  return index;
}

void make_forward_separate(StoreIndex& index) {
  if (index.has_separate_forward()) return;
  index.forward_offsets = index.backward_offsets;
  index.forward_rows = index.backward_rows;
  index.forward_in_backward_file = true;
}

namespace {

// The forward lists that make_forward_separate made of the backward lists' file: nothing resident,
// every list read from the file when a top-down step expands it. The backward lists' open checked
// that file (size, checksum, ids), so it is not streamed again.
std::vector<TieredCsr> forward_lists_in_backward_file(StoreIndex& index) {
  const StoreManifest& manifest = index.manifest;
  std::vector<TieredCsr> forward;
  if (manifest.list_codec) {
    CompressedRows rows;
    rows.index = std::move(index.forward_rows[0]);
    rows.index.set_resident([](std::int64_t) { return false; });
    rows.num_vertices = manifest.vertices;
    rows.min_interval_length = manifest.list_codec->min_interval_length;
    rows.lists_path = store_path(index.directory, store_array_name(0, "backward", "lists"));
    forward.emplace_back(std::move(rows));
    return forward;
  }
  std::vector<std::int64_t> offsets = std::move(index.forward_offsets[0]);
  std::vector<std::int64_t> nothing_resident(offsets.size(), 0);
  forward.emplace_back(std::move(offsets), std::move(nothing_resident), std::vector<NeighborId>(),
                       store_path(index.directory, store_array_name(0, "backward", "neighbors")));
  return forward;
}

}  // namespace

SequentialReadOptions reading_within(const PlacementPlan& plan) {
  SequentialReadOptions reading;
  if (plan.read_buffer_bytes > 0) {
    const auto share =
        static_cast<std::uint64_t>(plan.read_buffer_bytes) / static_cast<std::uint64_t>(reading.pieces_in_flight);
    reading.piece_bytes =
        std::clamp<std::uint64_t>(round_down_to_block(share), std::uint64_t{64} << 10, reading.piece_bytes);
  }
  return reading;
}

TieredGraph open_tiered_graph(StoreIndex index, const PlacementPlan& plan) {
  if (!plan.fits_in_memory && plan.head_entries < 1) {
    throw Error("tiered graph: the plan keeps " + std::to_string(plan.head_entries) +
                " entries per backward list in DRAM; the first neighbours need at least 1");
  }
  const std::string& directory = index.directory;
  const StoreManifest& manifest = index.manifest;
  const PartitionLayout layout(manifest.vertices, manifest.partitions);
  const std::int64_t num_vertices = manifest.vertices;
  const SequentialReadOptions reading = reading_within(plan);
  PairDigest backward_pairs;
  PairDigest forward_pairs;
  std::vector<TieredCsr> backward;
  std::vector<NeighborId> first_neighbors(plan.first_neighbors ? static_cast<std::size_t>(num_vertices) : 0, kNoFirstNeighbor);
  const bool compressed_lists = manifest.list_codec.has_value();
  const auto first_neighbors_of = [&](int k) {
    if (!plan.first_neighbors) return std::span<NeighborId>();
    const VertexRange range = layout.range(k);
    return std::span(first_neighbors).subspan(static_cast<std::size_t>(range.begin), static_cast<std::size_t>(range.size()));
  };
  for (int k = 0; k < layout.count(); ++k) {
    // A compressed store keeps each list's head apart (its lists are in id order, the head is the
    // hub in hub-first order): read first, then checked against the list.
    if (compressed_lists && plan.first_neighbors) {
      read_store_array_into(directory, manifest, store_array_name(k, "backward", "heads"), std::as_writable_bytes(first_neighbors_of(k)));
    }
    // A backward list is the vertex's whole list: its degree is its length (no degree function).
    backward.push_back(open_lists(directory, manifest, k, "backward", take_index(index, "backward", k),
                                  backward_residency(plan, compressed_lists), reading, nullptr, backward_pairs,
                                  compressed_lists ? first_neighbors_of(k) : std::span<NeighborId>()));
  }
  Bitmap isolated(num_vertices);
  std::int64_t adjacencies = 0;
  for (int k = 0; k < layout.count(); ++k) {
    const VertexRange range = layout.range(k);
    adjacencies += backward[k].num_entries();
    if (!compressed_lists && plan.first_neighbors) backward[k].first_entries(first_neighbors_of(k));
    for (VertexId vertex = range.begin; vertex < range.end; ++vertex) {
      if (backward[k].degree(vertex - range.begin) == 0) isolated.set(vertex);
    }
  }
  if (adjacencies != manifest.adjacencies) {
    store_file_damaged(store_path(directory, kManifestName), "lists " + std::to_string(manifest.adjacencies) +
                                                            " adjacencies, the arrays hold " + std::to_string(adjacencies));
  }
  std::vector<TieredCsr> forward;
  if (index.forward_in_backward_file) {
    forward = forward_lists_in_backward_file(index);
  } else if (index.has_separate_forward()) {
    forward = open_forward_lists(index, forward_residency(plan), reading, backward, forward_pairs);
    std::int64_t entries = 0;
    for (const TieredCsr& lists : forward) entries += lists.num_entries();
    if (entries != adjacencies) {
      store_file_damaged(store_path(directory, kManifestName), "forward lists hold " + std::to_string(entries) +
                                                              " entries, the backward lists " + std::to_string(adjacencies));
    }
  }
  check_lists_agree(directory, manifest, backward_pairs, forward_pairs);
  return TieredGraph(index.request.order, adjacencies, std::move(first_neighbors), std::move(isolated), std::move(backward),
                     std::move(forward), manifest.direction);
}

TieredCsr open_rank_part_lists(StoreIndex index, const PlacementPlan& plan, PairDigest& digest) {
  const StoreManifest& manifest = index.manifest;
  if (!manifest.rank_part) throw Error("store '" + index.directory + "' is not a rank's part of a store");
  if (manifest.list_codec) throw Error("store '" + index.directory + "': a rank's part is never compressed");
  TieredCsr lists = open_lists(index.directory, manifest, 0, "backward", take_index(index, "backward", 0),
                               backward_residency(plan), reading_within(plan), nullptr, digest);
  if (lists.num_entries() != manifest.adjacencies) {
    store_file_damaged(store_path(index.directory, kManifestName),
                       "lists " + std::to_string(manifest.adjacencies) + " adjacencies, the arrays hold " +
                           std::to_string(lists.num_entries()));
  }
  return lists;
}

namespace {

// A compressed store's degree classes, each with its lists' bytes, backward and (when separate)
// forward; its row indexes stand for the offsets.
void add_compressed_classes(const StoreIndex& index, GraphProfile& profile) {
  profile.compressed_lists = true;
  for (const std::vector<CompressedRowIndex>* graphs : {&index.backward_rows, &index.forward_rows}) {
    for (const CompressedRowIndex& rows : *graphs) {
      profile.offset_bytes += rows.bytes();
      profile.longest_compressed_list_bytes =
          std::max(profile.longest_compressed_list_bytes, static_cast<std::int64_t>(rows.longest_list_bytes()));
    }
  }
  profile.degrees = compressed_degree_histogram(index.backward_rows, true);
  if (profile.separate_forward) profile.forward_degrees = compressed_degree_histogram(index.forward_rows, false);
}

}  // namespace

GraphProfile profile_of_store(const StoreIndex& index, std::int64_t bfs_status_bytes_per_vertex) {
  const StoreManifest& manifest = index.manifest;
  GraphProfile profile;
  // The vertices whose lists the store holds: all of them, or a rank's range in a rank's part.
  std::int64_t rows = 0;
  for (int k = 0; k < manifest.partitions; ++k) rows += manifest.partition_rows(k).size();
  profile.num_vertices = rows;
  profile.partitions = manifest.partitions;
  profile.separate_forward = index.has_separate_forward();
  profile.bfs_status_bytes_per_vertex = bfs_status_bytes_per_vertex;
  profile.entry_bytes = static_cast<std::int64_t>(sizeof(NeighborId));
  // As PartitionedGraph::bytes() counts them: 4 bytes of head per vertex and the isolated bitmap.
  profile.first_neighbor_bytes = rows * static_cast<std::int64_t>(sizeof(NeighborId)) + Bitmap::words_for(rows) * 8;
  if (manifest.list_codec) {
    add_compressed_classes(index, profile);
    return profile;
  }
  std::vector<std::span<const std::int64_t>> views;
  for (const std::vector<std::int64_t>& offsets : index.backward_offsets) {
    views.emplace_back(offsets);
    profile.offset_bytes += static_cast<std::int64_t>(offsets.size() * sizeof(std::int64_t));
    if (profile.separate_forward) profile.offset_bytes += (manifest.vertices + 1) * 8;
  }
  profile.degrees = degree_histogram(views);
  if (manifest.direction == GraphDirection::kDirected) {
    profile.forward_degrees =
        out_degree_histogram({index.forward_offsets.begin(), index.forward_offsets.end()});
  }
  return profile;
}

}  // namespace semibfs
