#include "session/edge_additions.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <vector>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "formats/edge_file_reader.hpp"
#include "import/input_store.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"
#include "session/query_store.hpp"
#include "store/store_versions.hpp"

namespace semibfs {
namespace {

// DRAM an added edge takes until the version is written: the edge, its store ids and order.
constexpr std::int64_t kAddedEdgeBytes = 32;

// The added edges the budget leaves room for beside the program and the id map, as they are read
// (before the store is opened, which checks the whole); none when there is no budget.
std::optional<std::int64_t> added_edges_that_fit(const AddEdgesOptions& request, const InputDescription& input) {
  if (!request.budget.is_set()) return std::nullopt;
  return std::max<std::int64_t>(0, request.budget.phase_bytes() - id_map_bytes(input)) / kAddedEdgeBytes;
}

[[noreturn]] void fail_too_many_added_edges(const AddEdgesOptions& request, std::int64_t fitting) {
  throw Error("'" + request.input + "': more than " + std::to_string(fitting) + " edges to add, at " +
              std::to_string(kAddedEdgeBytes) + " bytes each, do not fit in --dram-budget " +
              format_bytes(request.budget.dram_budget_bytes) + " beside the program (" +
              format_bytes(request.budget.program_bytes) + "); give a larger budget or add the edges in parts");
}

// The file's edges in the store's input ids, ascending, without self-loops or repeats (an
// undirected edge as (smaller, larger)).
std::vector<CompactEdge> read_added_edges(const AddEdgesOptions& request, const InputDescription& input,
                                          const IdMap& ids) {
  const std::optional<std::int64_t> fitting = added_edges_that_fit(request, input);
  const std::unique_ptr<EdgeFileReader> reader = open_edge_file(request.input, request.format);
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
  std::vector<RawEdge> chunk;
  while (reader->next_chunk(chunk)) {
    for (const RawEdge& raw : chunk) {
      std::uint32_t from = compact_id(raw.source), to = compact_id(raw.target);
      if (from == to) continue;
      if (!input.directed && to < from) std::swap(from, to);
      edges.push_back(CompactEdge{from, to});
    }
    if (fitting && static_cast<std::int64_t>(edges.size()) > *fitting) fail_too_many_added_edges(request, *fitting);
  }
  const auto key = [](const CompactEdge& edge) { return (std::uint64_t{edge.v0_id} << 32) | edge.v1_id; };
  std::sort(edges.begin(), edges.end(), [&](const CompactEdge& a, const CompactEdge& b) { return key(a) < key(b); });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [&](const CompactEdge& a, const CompactEdge& b) { return key(a) == key(b); }),
              edges.end());
  return edges;
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
  const InputDescription input = read_input_description(options.store);
  std::vector<CompactEdge> edges = read_added_edges(options, input, read_id_map(options.store, input));
  QueryStoreOptions opening;
  opening.budget = options.budget;
  opening.lock = StoreLock::Mode::kWrite;
  opening.caller_bytes = static_cast<std::int64_t>(edges.size()) * kAddedEdgeBytes;
  QueryStore store(options.store, opening);
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
