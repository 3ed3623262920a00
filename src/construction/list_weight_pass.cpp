#include "construction/list_weight_pass.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "compress/corrupt_list.hpp"
#include "compress/list_walk.hpp"
#include "core/file_at.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "construction/range_lists.hpp"
#include "graph/least_weight_index.hpp"
#include "store/store_manifest.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {
namespace {

// A partition's weighted lists (backward, or a directed store's out-lists) read back range by range, in their entries'
// order: the neighbours file as it is, or the compressed lists decoded (their ids ascending, checked as they decode).
class StoredLists {
 public:
  StoredLists(const ListWeightPass& pass, int partition)
      : pass_(pass), first_row_(pass.layout.range(partition).begin + pass.first_row) {
    const auto name = [&pass, partition](const char* array) {
      return store_array_name(partition, weighted_lists_graph(pass.direction), array);
    };
    if (!pass.codec) {
      neighbors_.emplace(store_path(pass.directory, name("neighbors")));
      return;
    }
    positions_.emplace(store_path(pass.directory, name("positions")));
    lists_.emplace(store_path(pass.directory, name("lists")));
  }

  // The entries of the lists of `rows`, which start at entry `first_entry` of the partition.
  void read(std::int64_t first_entry, VertexRange rows, std::span<NeighborId> into) const {
    if (neighbors_) {
      neighbors_->read(first_entry, into);
      return;
    }
    std::vector<std::uint64_t> positions(static_cast<std::size_t>(rows.size() + 1));
    positions_->read(rows.begin - first_row_, std::span<std::uint64_t>(positions));
    LedgerArray<std::uint8_t> bytes(pass_.ledger, static_cast<std::size_t>(positions.back() - positions.front()));
    lists_->read(static_cast<std::int64_t>(positions.front()), bytes.span());
    std::size_t entry = 0;
    for (VertexId v = rows.begin; v < rows.end; ++v) {
      const std::size_t row = static_cast<std::size_t>(v - rows.begin);
      const std::span<const std::uint8_t> list =
          std::span<const std::uint8_t>(bytes.span()).subspan(positions[row] - positions.front(), positions[row + 1] - positions[row]);
      walk_byte_list(v, list, static_cast<std::uint64_t>(pass_.layout.num_vertices()),
                     static_cast<std::uint64_t>(pass_.codec->min_interval_length), [&](std::uint64_t id) {
                       if (entry == into.size()) throw_corrupt_list(v, "it holds more entries than its offsets say");
                       into[entry++] = static_cast<NeighborId>(id);
                       return false;
                     });
    }
    if (entry != into.size()) throw Error("list weights: the compressed lists of vertices [" + std::to_string(rows.begin) +
                                          ", " + std::to_string(rows.end) + ") hold fewer entries than their offsets say");
  }
  // Bytes a range holds per entry.
  std::int64_t bytes_per_entry() const { return neighbors_ ? kWeightBytesPerEntry : kCompressedWeightBytesPerEntry; }

 private:
  const ListWeightPass& pass_;
  VertexId first_row_;
  std::optional<FileAt> neighbors_;
  std::optional<FileAt> positions_;
  std::optional<FileAt> lists_;
};

// One range's lists, indexed: keys[e] = the e-th smallest neighbour of its row << 32 | its place
// in the row's list, rows one after another (offsets); weights in list order.
struct RangeIndex {
  VertexRange rows;
  std::vector<std::int64_t> offsets;
  LedgerArray<std::uint64_t> keys;
  LedgerArray<float> weights;
};

RangeIndex index_range(const StoredLists& lists, std::int64_t first_entry, VertexRange rows,
                       std::span<const std::uint32_t> degrees, BufferLedger& ledger) {
  RangeIndex index{rows, {0}, {}, {}};
  for (VertexId v = rows.begin; v < rows.end; ++v) index.offsets.push_back(index.offsets.back() + degrees[v]);
  const auto entries = static_cast<std::size_t>(index.offsets.back());
  index.keys = LedgerArray<std::uint64_t>(ledger, entries);
  index.weights = LedgerArray<float>(ledger, entries);
  {
    LedgerArray<NeighborId> list(ledger, entries);
    lists.read(first_entry, rows, list.span());
    index_by_neighbor(index.offsets, list.span(), index.keys.span());
  }
  std::fill_n(index.weights.data(), entries, std::numeric_limits<float>::infinity());
  return index;
}

// Lowers the weight of the entry `neighbor` in the list of `vertex` (a row of the range) to
// `weight` when that is smaller; false when the list has no such entry.
bool keep_least(RangeIndex& index, VertexId vertex, VertexId neighbor, float weight) {
  return keep_least_weight(index.offsets, index.keys.span(), index.weights.span(), vertex - index.rows.begin,
                           static_cast<NeighborId>(neighbor), weight);
}

// One pass over the edges and their weights into the range's entries; returns the tuples with an
// endpoint in the range whose entry its list lacks (directed: a source, whose out-list lacks the target).
std::int64_t weigh_range(const ListWeightPass& pass, const FileAt& weight_file, RangeIndex& index) {
  const auto chunk_edges = static_cast<std::size_t>(std::clamp<std::int64_t>(pass.edges.num_edges(), 1, pass.budget.chunk_edges));
  LedgerArray<PackedEdge> chunk(pass.ledger, chunk_edges);
  LedgerArray<float> chunk_weights(pass.ledger, chunk_edges);
  std::int64_t missing = 0;
  pass.edges.for_each_chunk(chunk.span(), [&](std::int64_t first, std::span<const PackedEdge> edges) {
    const std::span<float> weights = chunk_weights.span().first(edges.size());
    weight_file.read(first, weights);
    const VertexRange rows = index.rows;
    const bool directed = pass.direction == GraphDirection::kDirected;
#pragma omp parallel for schedule(static) reduction(+ : missing)
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const VertexId u = edges[e].v0(), v = edges[e].v1();
      if (u == v) continue;
      if (rows.contains(u)) missing += keep_least(index, u, v, weights[e]) ? 0 : 1;
      if (!directed && rows.contains(v)) missing += keep_least(index, v, u, weights[e]) ? 0 : 1;
    }
  });
  return missing;
}

// An entry no tuple reached keeps infinity: the lists are not the edge file's.
void check_every_entry_weighed(const ListWeightPass& pass, const RangeIndex& index, std::int64_t missing) {
  const std::span<const float> weights = index.weights.span();
  const bool unweighed = std::any_of(weights.begin(), weights.end(), [](float w) { return std::isinf(w); });
  if (missing > 0 || unweighed) {
    throw Error("list weights: the lists of vertices [" + std::to_string(index.rows.begin) + ", " +
                std::to_string(index.rows.end) + ") do not match the edge file '" + pass.edges.path() +
                "' (was it changed while the store was built?)");
  }
}

// Partition k's weights into its array, range by range; returns the reads of the edge file.
std::int64_t write_partition_weights(const ListWeightPass& pass, const FileAt& weight_file, int k) {
  const VertexRange local = pass.layout.range(k);
  const VertexRange rows{local.begin + pass.first_row, local.end + pass.first_row};
  const StoredLists lists(pass, k);
  StoreArrayStream& out = pass.store.open_array(list_weights_name(k, pass.direction),
                                                static_cast<std::size_t>(pass.budget.file_buffer_bytes));
  std::vector<VertexRange> ranges = plan_vertex_ranges(
      pass.degrees.subspan(static_cast<std::size_t>(rows.begin), static_cast<std::size_t>(rows.size())),
      lists.bytes_per_entry(), kIndexBytesPerVertex, pass.budget.range_bytes);
  std::int64_t first_entry = 0;
  for (VertexRange range : ranges) {
    throw_if_interrupted();
    range = {range.begin + rows.begin, range.end + rows.begin};
    RangeIndex index = index_range(lists, first_entry, range, pass.degrees, pass.ledger);
    check_every_entry_weighed(pass, index, weigh_range(pass, weight_file, index));
    out.append_values(std::span<const float>(index.weights.span()));
    first_entry += index.offsets.back();
    pass.log.tick("list weights: vertex", range.end - pass.first_row, pass.layout.range(pass.layout.count() - 1).end,
                  ProgressUnit::kVertices);
  }
  out.close();
  return static_cast<std::int64_t>(ranges.size());
}

}  // namespace

std::int64_t write_list_weights(const ListWeightPass& pass) {
  const FileAt weight_file(pass.edge_weights_path);
  if (weight_file.size() != pass.edges.num_edges() * static_cast<std::int64_t>(sizeof(float))) {
    throw Error("edge weights '" + pass.edge_weights_path + "': " + std::to_string(weight_file.size()) +
                " bytes for " + std::to_string(pass.edges.num_edges()) + " edges (one float an edge)");
  }
  std::int64_t passes = 0;
  for (int k = 0; k < pass.layout.count(); ++k) passes += write_partition_weights(pass, weight_file, k);
  pass.log.say("list weights written: " + std::to_string(passes) + " reads of the edge file");
  return passes;
}

}  // namespace semibfs
