#include "construction/external_build.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/progress_log.hpp"
#include "graph/partition_layout.hpp"
#include "construction/build_budget.hpp"
#include "construction/endpoint_counts.hpp"
#include "construction/list_weight_pass.hpp"
#include "edges/packed_edge_file.hpp"
#include "construction/range_lists.hpp"
#include "construction/scratch_file.hpp"
#include "construction/store_list_writer.hpp"
#include "store/edge_file_seal.hpp"
#include "store/store_writer.hpp"

namespace semibfs {
namespace {

void check_request(std::int64_t num_vertices, const ExternalBuildOptions& options) {
  if (num_vertices < 0 || num_vertices > kMaxVertices) {
    throw Error("external build: " + std::to_string(num_vertices) +
                " vertices; the store supports 0 to 2^32 vertices (32-bit neighbour ids)");
  }
  if (options.partitions < 1) {
    throw Error("external build: " + std::to_string(options.partitions) + " partitions; need at least 1");
  }
  if (options.rank_part) {
    const VertexRange rows = options.rank_part->rows;
    if (options.partitions != 1 || options.direction != GraphDirection::kUndirected || rows.begin < 0 ||
        rows.end > num_vertices || rows.begin > rows.end) {
      throw Error("external build: a rank's part is undirected, of one partition, with rows inside the graph");
    }
  }
  if (options.list_codec && options.rank_part) throw Error("external build: a rank's part is not compressed");
  const bool directed = options.direction == GraphDirection::kDirected;
  if (options.edge_weights && ((directed && (options.partitions != 1 || options.rank_part)) ||
                               (options.rank_part && options.rank_part->entry_weights_path.empty()))) {
    throw Error(
        "external build: list weights are kept beside undirected lists (of one process, or of a rank's part from its "
        "entries' weights), or directed ones of one partition of one process");
  }
  if (options.written_counts != nullptr && (options.rank_part || !options.relabel_new_of.empty() ||
                                            options.direction != GraphDirection::kUndirected)) {
    throw Error("external build: counts taken as the edge file was written are of undirected edges in the input's ids");
  }
}

// The counts taken as the file was written must be of this file (a different one would give a
// store of no graph).
void check_written_counts(const PackedEdgeFile& edges, std::int64_t num_vertices, const WrittenEdgeCounts& counts) {
  if (counts.edges() != edges.num_edges() || counts.num_vertices() != num_vertices) {
    throw Error("external build: the endpoint counts given are of " + std::to_string(counts.edges()) + " edges on " +
                std::to_string(counts.num_vertices()) + " vertices, but edge file '" + edges.path() + "' has " +
                std::to_string(edges.num_edges()) + " edges on " + std::to_string(num_vertices) +
                " (count while writing this file)");
  }
  counts.finish();
}

// What every pass works with.
struct BuildContext {
  const PackedEdgeFile& edges;
  const BuildBudget& budget;
  std::span<std::uint32_t> degrees;
  BufferLedger& ledger;
  ProgressLog& log;
  ExternalBuildStats& stats;
  VertexRange rows;                          // whose lists are built: every vertex, or a rank's
  const RankPartLists* rank_part = nullptr;  // set for a rank's part
  // Set for the first pass only: the edge file's checksum and pair digest, taken as the build reads it.
  EdgeFileSeal* edge_file_seal = nullptr;
  // Set until the first pass: the endpoints were counted as the file was written (degrees hold them).
  bool endpoints_counted = false;
};

// Pass 1, unless the endpoints were counted as the file was written.
void count_first_pass(BuildContext& context, CollectBuffers& buffers, ListEnds ends) {
  if (context.endpoints_counted) {
    context.endpoints_counted = false;
    context.edge_file_seal = nullptr;
    context.log.say("endpoints counted as the edge file was written");
    return;
  }
  // Two endpoints an edge of a chunk: 8 bytes an edge, less than the lists of a range take later.
  LedgerArray<std::uint32_t> staging(context.ledger, 2 * buffers.chunk.size());
  count_endpoints(context.edges, buffers.chunk.span(), staging.span(), context.degrees, ends, context.log,
                  context.edge_file_seal);
  ++context.stats.edge_file_passes;
  context.edge_file_seal = nullptr;
}

// The rows cut into ranges whose lists fit the budget (plan_vertex_ranges over the rows alone).
std::vector<VertexRange> plan_row_ranges(const BuildContext& context, std::int64_t bytes_per_entry) {
  const VertexRange rows = context.rows;
  std::vector<VertexRange> ranges = plan_vertex_ranges(
      context.degrees.subspan(static_cast<std::size_t>(rows.begin), static_cast<std::size_t>(rows.size())),
      bytes_per_entry, kRangeBytesPerVertex, context.budget.range_bytes, kMaxRangeEntries);
  for (VertexRange& range : ranges) range = {range.begin + rows.begin, range.end + rows.begin};
  return ranges;
}

// A rank's entries all have their rows in the rank's range.
void check_rows(const BuildContext& context) {
  const VertexRange rows = context.rows;
  const auto num_vertices = static_cast<VertexId>(context.degrees.size());
  for (VertexId v = 0; v < num_vertices; ++v) {
    if (context.degrees[static_cast<std::size_t>(v)] != 0 && !rows.contains(v)) {
      throw Error("edge file '" + context.edges.path() + "': an entry has row " + std::to_string(v) +
                  ", outside the rank's rows [" + std::to_string(rows.begin) + ", " + std::to_string(rows.end) + ")");
    }
  }
}

const char* lists_name(ListEnds ends) {
  return ends == ListEnds::kBoth ? "lists" : ends == ListEnds::kTarget ? "in-lists" : "out-lists";
}

// Passes 1 and 2: hands each range's lists (of `ends`), sorted by id, to `sink`, range after range.
template <typename Sink>
void collect_lists(BuildContext& context, ListEnds ends, Sink&& sink) {
  const auto chunk_edges = std::clamp<std::int64_t>(context.edges.num_edges(), 1, context.budget.chunk_edges);
  CollectBuffers buffers(context.ledger, chunk_edges);
  count_first_pass(context, buffers, ends);
  if (context.rank_part != nullptr) check_rows(context);
  const std::vector<VertexRange> ranges = plan_row_ranges(context, kRangeBytesPerEntry);
  if (ends != ListEnds::kSource || context.rank_part != nullptr) {
    context.stats.collect_ranges = static_cast<std::int64_t>(ranges.size());
  }
  context.log.say("counted endpoints; collecting " + std::string(lists_name(ends)) + " in " +
                  std::to_string(ranges.size()) + " ranges of vertices");
  for (const VertexRange range : ranges) {
    throw_if_interrupted();  // a safe point between ranges (the passes over the edge file have their own)
    RangeLists lists = collect_range_lists(context.edges, buffers, range, context.degrees, context.ledger, ends);
    ++context.stats.edge_file_passes;
    sink(lists);
    context.log.tick("collecting: vertex", range.end, context.rows.end, ProgressUnit::kVertices);
  }
}

// How lists collected from `ends` are written: a rank's lists (collected from its entries' rows)
// are whole lists of an undirected graph.
ListEnds written_as(const BuildContext& context, ListEnds ends) {
  return context.rank_part != nullptr ? ListEnds::kBoth : ends;
}

// The range's lists in vertex order: whole lists of an undirected graph, or in-lists (backward)
// or out-lists (forward) of a directed one.
void write_lists(StoreListWriter& writer, RangeLists& lists, ListEnds ends) {
  for (std::int64_t local = 0; local < lists.range.size(); ++local) {
    if (ends == ListEnds::kBoth) {
      writer.append(lists.list(local));
    } else if (ends == ListEnds::kTarget) {
      writer.append_backward(lists.list(local));
    } else {
      writer.append_forward(lists.list(local));
    }
  }
}

// Compressed lists are written in id order whatever the order, only their heads (the first entry
// in the order) depend on it: the id-ordered lists are compressed in parallel, batch by batch, in
// the DRAM the edge chunks held during the collect passes (freed by now), and never reordered.
bool writes_sorted(const BuildContext& context, const StoreListWriter& writer, ListEnds ends) {
  const ListEnds written = written_as(context, ends);
  return written != ListEnds::kSource && writer.takes_sorted_backward(written == ListEnds::kBoth);
}

// Ordered by degree (hub first or all): each head is the list's highest-degree neighbour.
void write_sorted_lists(const BuildContext& context, StoreListWriter& writer, RangeLists& lists) {
  writer.append_sorted_backward(lists.offsets.span(), lists.neighbors.span(), context.degrees,
                                context.budget.chunk_edges * kCollectBytesPerEdge);
}

// Pass 3: the id-ordered lists back from the scratch file, range by range, ordered and written.
void order_lists(BuildContext& context, const ScratchFile& scratch, NeighborOrder order, ListEnds ends,
                 StoreListWriter& writer) {
  const bool sorted = writes_sorted(context, writer, ends);
  const std::int64_t bytes_per_entry =
      kRangeBytesPerEntry + (order == NeighborOrder::kByDegree && !sorted ? kDegreeKeyBytesPerEntry : 0);
  const std::vector<VertexRange> ranges = plan_row_ranges(context, bytes_per_entry);
  context.stats.order_ranges = static_cast<std::int64_t>(ranges.size());
  context.log.say("ordering lists (" + to_string(order) + ") in " + std::to_string(ranges.size()) + " ranges of vertices");
  std::int64_t offset = 0;
  for (const VertexRange range : ranges) {
    throw_if_interrupted();
    RangeLists lists = load_range_lists(scratch, offset, range, context.degrees, context.ledger);
    offset += lists.entries() * static_cast<std::int64_t>(sizeof(NeighborId));
    if (sorted) {
      write_sorted_lists(context, writer, lists);
    } else {
      order_range_lists(lists, order, context.degrees, context.ledger);
      write_lists(writer, lists, written_as(context, ends));
    }
    context.log.tick("ordering: vertex", range.end, context.rows.end, ProgressUnit::kVertices);
  }
}

// The backward lists (whole lists, or in-lists when directed) into `writer`, in `order`: written
// as collected with id order, else spilled to a scratch file in the store directory and ordered
// once every unique degree is known.
void build_backward_lists(BuildContext& context, NeighborOrder order, ListEnds ends, const std::string& directory,
                          StoreListWriter& writer) {
  if (order == NeighborOrder::kById) {
    collect_lists(context, ends, [&](RangeLists& lists) { write_lists(writer, lists, written_as(context, ends)); });
    return;
  }
  ScratchFile scratch(directory);
  collect_lists(context, ends, [&](RangeLists& lists) {
    scratch.append(std::as_bytes(lists.neighbors.span().first(static_cast<std::size_t>(lists.entries()))));
  });
  context.stats.scratch_bytes = scratch.size();
  if (context.rank_part != nullptr) context.rank_part->gather_degrees(context.degrees);
  order_lists(context, scratch, order, ends, writer);
}

// The manifest records the edge file when it lies in the store (validation streams it later).
std::optional<StoreArray> edge_file_entry(const PackedEdgeFile& edges, const std::string& store_directory,
                                          EdgeFileSeal& seal) {
  std::error_code error;
  if (!std::filesystem::equivalent(edges.path(), store_path(store_directory, kEdgeFileName), error) || error) {
    return std::nullopt;
  }
  return seal.finish(edges.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge)));
}

// Every vertex's degree: the build's own array, or the counts taken as the file was written; in the
// ledger either way.
struct DegreeArray {
  LedgerArray<std::uint32_t> own;
  LedgerTicket written;
  std::span<std::uint32_t> degrees;
};

DegreeArray degree_array(BufferLedger& ledger, std::int64_t num_vertices, WrittenEdgeCounts* written_counts) {
  DegreeArray array;
  if (written_counts != nullptr) {
    array.written = LedgerTicket(ledger, num_vertices * static_cast<std::int64_t>(sizeof(std::uint32_t)));
    array.degrees = written_counts->degrees();
  } else {
    array.own = LedgerArray<std::uint32_t>(ledger, static_cast<std::size_t>(num_vertices));
    array.degrees = array.own.span();
  }
  return array;
}

}  // namespace

std::int64_t minimum_external_build_budget(std::int64_t num_vertices, int partitions, GraphDirection direction,
                                           bool compressed_lists) {
  return minimum_build_budget(num_vertices, StoreListWriter::files(partitions, direction, compressed_lists));
}

ExternalBuildStats build_store_from_edge_file(const std::string& edge_file, std::int64_t num_vertices,
                                              const std::string& store_directory, const ExternalBuildOptions& options) {
  check_request(num_vertices, options);
  const int store_files = StoreListWriter::files(options.partitions, options.direction, options.list_codec.has_value());
  const BuildBudget budget = split_budget(options.dram_budget_bytes, num_vertices, store_files);
  StoreWriter store(store_directory);
  if (!options.relabel_new_of.empty()) {
    store.add_array(kRelabelNewOfName, std::as_bytes(options.relabel_new_of));
    store.add_array(kRelabelOldOfName, std::as_bytes(options.relabel_old_of));
  }
  const PackedEdgeFile edges(edge_file);
  if (options.written_counts != nullptr) check_written_counts(edges, num_vertices, *options.written_counts);
  ProgressLog log(options.progress, "external build");
  BufferLedger ledger;
  ExternalBuildStats stats;
  stats.edges = edges.num_edges();
  DegreeArray degrees = degree_array(ledger, num_vertices, options.written_counts);
  EdgeFileSeal read_seal(options.direction);
  EdgeFileSeal& edge_file_seal = options.written_counts != nullptr ? options.written_counts->seal() : read_seal;
  const RankPartLists* part = options.rank_part ? &*options.rank_part : nullptr;
  const VertexRange rows = part != nullptr ? part->rows : VertexRange{0, num_vertices};
  BuildContext context{edges,           budget, degrees.degrees, ledger, log, stats, rows, part, &edge_file_seal,
                       options.written_counts != nullptr};
  // A rank's part is one partition of its own rows, its entries one direction of each.
  const PartitionLayout layout =
      part != nullptr ? PartitionLayout(rows.size(), 1) : PartitionLayout(num_vertices, options.partitions);
  const bool directed = options.direction == GraphDirection::kDirected;
  const ListEnds backward_ends = part != nullptr ? ListEnds::kSource : directed ? ListEnds::kTarget : ListEnds::kBoth;
  {
    // The writer's buffers are counted until the store is finished (closing frees them).
    StoreListWriter writer(store, layout, options.direction, static_cast<std::size_t>(budget.file_buffer_bytes), ledger,
                           options.list_codec);
    build_backward_lists(context, options.order, backward_ends, store_directory, writer);
    if (directed) {
      collect_lists(context, ListEnds::kSource, [&](RangeLists& lists) { write_lists(writer, lists, ListEnds::kSource); });
    }
    stats.adjacencies = writer.adjacencies();
    if (options.edge_weights) {
      writer.close();
      const std::string weights_path =
          part != nullptr ? part->entry_weights_path : store_path(store_directory, kEdgeWeightsName);
      stats.edge_file_passes += write_list_weights({store, store_directory, layout, degrees.degrees, edges, weights_path,
                                                    budget, ledger, log, options.list_codec, options.direction,
                                                    rows.begin});
    }
    store.finish({options.made_from, num_vertices, stats.adjacencies, options.partitions, options.order, options.direction,
                  part != nullptr            ? std::optional(part->edge_share)
                  : options.edge_file_record ? options.edge_file_record
                                             : edge_file_entry(edges, store_directory, edge_file_seal),
                  part != nullptr ? std::optional(part->part) : std::nullopt, options.list_codec,
                  options.relabel_new_of.empty() ? "" : "degree", options.edge_weights.has_value(),
                  options.edge_weights});
  }
  stats.peak_buffer_bytes = ledger.peak();
  stats.seconds = log.seconds();
  log.say("wrote the store in '" + store_directory + "': " + std::to_string(stats.adjacencies) + " adjacencies, " +
          std::to_string(stats.edge_file_passes) + " reads of the edge file, peak buffers " +
          std::to_string(stats.peak_buffer_bytes) + " bytes");
  return stats;
}

}  // namespace semibfs
