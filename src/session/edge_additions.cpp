#include "session/edge_additions.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "formats/edge_file_reader.hpp"
#include "formats/text_lines.hpp"
#include "import/input_store.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"
#include "session/query_store.hpp"
#include "store/store_versions.hpp"

namespace semibfs {
namespace {

// DRAM an added edge takes until the version is written: the edge, its store ids, its place in
// the sources' order, its source and whether it is present (present_edges), or two of its store
// ids and their names while a relabelled store renames them.
constexpr std::int64_t kAddedEdgeBytes = 40;
// The reader's buffers: a chunk of RawEdge (16 bytes an edge), a read and a carried-over line,
// gzip's compressed input and its state, the format detection's head.
constexpr std::size_t kChunkEdges = std::size_t{1} << 16;
constexpr std::size_t kReadBytes = std::size_t{1} << 20;
constexpr std::int64_t kReadingBytes = static_cast<std::int64_t>(kChunkEdges * sizeof(RawEdge) + 2 * kReadBytes +
                                                                 kMaxLineBytes) +
                                       (std::int64_t{1} << 20) + (std::int64_t{256} << 10);

std::unique_ptr<EdgeFileReader> open_added_edges(const AddEdgesOptions& request) {
  EdgeReaderOptions reading;
  reading.chunk_edges = kChunkEdges;
  reading.read_bytes = kReadBytes;
  return open_edge_source(limit_unsized(open_file_source(request.input), request.input, request.max_input_bytes),
                          request.format, request.input, reading);
}

// visit(chunk) for each chunk of the file, stopping between chunks at SIGINT or SIGTERM.
template <typename Visit>
void for_each_chunk(EdgeFileReader& reader, Visit visit) {
  std::vector<RawEdge> chunk;
  while (reader.next_chunk(chunk)) {
    throw_if_interrupted();
    visit(std::as_const(chunk));
  }
}

// Under a budget, a regular file's edges that are no self-loop, counted in a first pass: at most
// the edges to add. None without a budget, or for input that can be read only once (a pipe).
std::optional<std::int64_t> count_edges_to_add(const AddEdgesOptions& request) {
  std::error_code error;
  if (!request.budget.is_set() || !std::filesystem::is_regular_file(request.input, error)) return std::nullopt;
  std::int64_t count = 0;
  const std::unique_ptr<EdgeFileReader> reader = open_added_edges(request);
  for_each_chunk(*reader, [&](const std::vector<RawEdge>& chunk) {
    for (const RawEdge& raw : chunk) count += raw.source != raw.target;
  });
  return count;
}

// The added edges a budget leaves room for beside the program, the id map and the reader, as they
// arrive from input that was not counted first.
std::int64_t added_edges_that_fit(const AddEdgesOptions& request, const InputDescription& input) {
  return std::max<std::int64_t>(0, request.budget.phase_bytes() - id_map_bytes(input) - kReadingBytes) /
         kAddedEdgeBytes;
}

[[noreturn]] void fail_too_many_added_edges(const AddEdgesOptions& request, std::int64_t fitting) {
  throw Error("'" + request.input + "': more than " + std::to_string(fitting) + " distinct edges to add, at " +
              std::to_string(kAddedEdgeBytes) + " bytes each, do not fit in --dram-budget " +
              format_bytes(request.budget.dram_budget_bytes) + " beside the program (" +
              format_bytes(request.budget.program_bytes) +
              ") and the id map; it is not a regular file, so its edges could not be counted first: write them "
              "to a file (whose minimum budget add-edges states before reading it), give a larger budget or add "
              "the edges in parts");
}

std::uint64_t edge_key(const CompactEdge& edge) { return (std::uint64_t{edge.v0_id} << 32) | edge.v1_id; }

// Sorted by (source, target), each once.
void sort_and_drop_repeats(std::vector<CompactEdge>& edges) {
  std::sort(edges.begin(), edges.end(), [](const CompactEdge& a, const CompactEdge& b) { return edge_key(a) < edge_key(b); });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const CompactEdge& a, const CompactEdge& b) { return edge_key(a) == edge_key(b); }),
              edges.end());
}

// Appends `edge`, dropping repeats whenever the edges fill their room, so that a file repeating
// its edges holds each once; more than `most` distinct edges (when given) are refused.
void add_distinct(std::vector<CompactEdge>& edges, CompactEdge edge, std::optional<std::int64_t> most,
                  const AddEdgesOptions& request) {
  if (edges.size() == edges.capacity() && !edges.empty()) {
    sort_and_drop_repeats(edges);
    if (most && static_cast<std::int64_t>(edges.size()) >= *most) fail_too_many_added_edges(request, *most);
    if (!most && edges.size() > edges.capacity() / 2) edges.reserve(2 * edges.capacity());  // sorted once per doubling
  }
  edges.push_back(edge);
}

// The file's edges in the store's input ids, ascending, without self-loops or repeats (an
// undirected edge as (smaller, larger)); room for `most` is taken at once when it is known.
std::vector<CompactEdge> read_added_edges(const AddEdgesOptions& request, const InputDescription& input,
                                          const IdMap& ids, std::optional<std::int64_t> most) {
  const std::unique_ptr<EdgeFileReader> reader = open_added_edges(request);
  const std::uint64_t first_id = reader->info().first_id;
  const auto compact_id = [&](std::uint64_t raw) {
    const std::optional<VertexId> id = ids.find(raw + first_id);
    if (!id) {
      throw Error("'" + request.input + "': vertex " + std::to_string(raw + first_id) +
                  " is not a vertex of the store '" + request.store +
                  "' (a version adds edges between its vertices; rebuild with 'semibfs build' to add vertices)");
    }
    return static_cast<std::uint32_t>(*id);
  };
  std::vector<CompactEdge> edges;
  if (most) edges.reserve(static_cast<std::size_t>(std::max<std::int64_t>(*most, 1)));
  for_each_chunk(*reader, [&](const std::vector<RawEdge>& chunk) {
    for (const RawEdge& raw : chunk) {
      std::uint32_t from = compact_id(raw.source), to = compact_id(raw.target);
      if (from == to) continue;
      if (!input.directed && to < from) std::swap(from, to);
      add_distinct(edges, CompactEdge{from, to}, most, request);
    }
  });
  sort_and_drop_repeats(edges);
  return edges;
}

// The store opened for the query of the edges' sources, `caller_bytes` reserved for them.
std::unique_ptr<QueryStore> open_for_additions(const AddEdgesOptions& request, std::int64_t caller_bytes,
                                               std::optional<std::int64_t> counted) {
  QueryStoreOptions opening;
  opening.budget = request.budget;
  opening.lock = StoreLock::Mode::kWrite;
  opening.caller_bytes = caller_bytes;
  if (counted) opening.work = "adding the " + std::to_string(*counted) + " edges of '" + request.input + "' to";
  return std::make_unique<QueryStore>(request.store, opening);
}

// Which of `edges` (input ids) the latest version already has: one job-queue query of their
// sources' lists (out-lists; an undirected list holds both directions).
std::vector<char> present_edges(QueryStore& store, const std::vector<CompactEdge>& edges) {
  std::vector<CompactEdge> in_store = edges;
  store.to_store_ids(in_store);
  std::vector<std::size_t> order(edges.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return in_store[a].v0_id < in_store[b].v0_id; });
  std::vector<VertexId> sources;
  for (const std::size_t index : order) {
    if (sources.empty() || sources.back() != in_store[index].v0()) sources.push_back(in_store[index].v0());
  }
  std::vector<char> present(edges.size(), 0);
  StreamingQuery query;
  query.kind = QueryKind::kJobQueue;
  query.side = ListSide::kOut;
  query.jobs = sources;
  store.graph().stream(query, [&](VertexId source, std::span<const NeighborId> neighbours) {
    std::vector<NeighborId> sorted(neighbours.begin(), neighbours.end());
    std::sort(sorted.begin(), sorted.end());
    auto at = std::lower_bound(order.begin(), order.end(), source,
                               [&](std::size_t index, VertexId v) { return in_store[index].v0() < v; });
    for (; at != order.end() && in_store[*at].v0() == source; ++at) {
      present[*at] = std::binary_search(sorted.begin(), sorted.end(), in_store[*at].v1_id);
    }
  });
  return present;
}

}  // namespace

void AddEdgesOptions::check() const {
  if (input.empty()) throw UsageError("no INPUT file of edges given");
  require_store(store, "a directory made by 'semibfs build'");
  if (threads != 0) check_thread_count(threads);
}

AddedEdges add_edges(AddEdgesOptions options) {
  options.check();
  count_program_in_budget(options.budget, options.threads);
  const std::optional<std::int64_t> counted = count_edges_to_add(options);
  std::unique_ptr<QueryStore> opened;
  std::vector<CompactEdge> edges;
  if (counted) {  // the one minimum, with the edges' room, refused before any is held
    opened = open_for_additions(options, *counted * kAddedEdgeBytes + kReadingBytes, counted);
    edges = read_added_edges(options, opened->input(), opened->ids(), counted);
  } else {
    const InputDescription input = read_input_description(options.store);
    const std::optional<std::int64_t> fitting =
        options.budget.is_set() ? std::optional(added_edges_that_fit(options, input)) : std::nullopt;
    edges = read_added_edges(options, input, read_id_map(options.store, input), fitting);
    opened = open_for_additions(options, static_cast<std::int64_t>(edges.size()) * kAddedEdgeBytes, std::nullopt);
  }
  QueryStore& store = *opened;
  const std::vector<char> present = present_edges(store, edges);
  std::vector<CompactEdge> added;
  for (std::size_t index = 0; index < edges.size(); ++index) {
    if (!present[index]) added.push_back(edges[index]);
  }
  AddedEdges result;
  result.distinct = static_cast<std::int64_t>(edges.size());
  result.present = static_cast<std::int64_t>(edges.size() - added.size());
  result.read_version = store.version();
  if (!added.empty()) result.written_version = write_store_version(options.store, added);
  return result;
}

std::string add_edges_summary(const AddEdgesOptions& options, const AddedEdges& added) {
  std::string text = "input: " + options.input + "\nedges: " + std::to_string(added.distinct) + " distinct, " +
                     std::to_string(added.present) + " already in version " + std::to_string(added.read_version) + "\n";
  if (added.written_version < 0) {
    return text + "version: " + std::to_string(added.read_version) +
           " unchanged (no new edge, so no version was written)\n";
  }
  return text + "version: " + std::to_string(added.written_version) + ", " +
         std::to_string(added.distinct - added.present) + " edges added\n";
}

}  // namespace semibfs
