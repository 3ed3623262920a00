// `semibfs add-edges` and `semibfs compact`: versions of a store made by `semibfs build` (Lee et
// al., ExtraV, Sec. 4.5; store/store_versions.hpp). add-edges writes a version holding only the
// edges that are new to the latest one, found by a job-queue streaming query of their sources'
// lists; compact folds every version into a rebuilt base (import/store_compaction.hpp).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "formats/edge_file_reader.hpp"
#include "import/input_store.hpp"
#include "import/store_compaction.hpp"
#include "session/query_store.hpp"
#include "store/store_versions.hpp"

namespace semibfs::cli {
namespace {

// DRAM an added edge takes until the version is written: the edge, its store ids and order.
constexpr std::int64_t kAddedEdgeBytes = 32;

struct VersionRequest {
  std::string input;
  std::string store;
  InputFormat format = InputFormat::kAuto;
  DramBudget budget;
  int threads = 0;
};

OptionTable add_edges_options(VersionRequest& request) {
  OptionTable table({"add-edges INPUT --store DIR [OPTIONS]"},
                    "Adds the edges of a graph file to a store made by 'semibfs build' as a new version: only the "
                    "edges new to the latest version are written, beside the store, and nothing of the base is "
                    "rewritten. Every command then reads the latest version unless --version N says otherwise. "
                    "Ids are the store's file ids; an edge naming a vertex the store lacks is refused (a version "
                    "adds edges, not vertices). Edges count in the store's direction; self-loops and edges already "
                    "there are dropped.");
  table.positional("INPUT", "the graph file of the added edges, plain or gzip-compressed (docs/FORMATS.md)",
                   [&request](const std::string& value) { request.input = value; });
  add_store_option(table, request.store, "the store, made by 'semibfs build'");
  table.value("--format", "F", "the file's format, as 'semibfs build' reads it (default auto)",
              [&request](const std::string& value) { request.format = parse_input_format(value); });
  add_dram_budget_option(table, request.budget,
                         "the most the process holds in DRAM, the program and the added edges included; the "
                         "store's lists are read as the placement planner splits them (default: all in DRAM)");
  add_threads_option(table, request.threads);
  return table;
}

// The added edges the budget leaves room for beside the program and the id map, as they are read
// (before the store is opened, which checks the whole); none when there is no budget.
std::optional<std::int64_t> added_edges_that_fit(const VersionRequest& request, const InputDescription& input) {
  if (!request.budget.is_set()) return std::nullopt;
  return std::max<std::int64_t>(0, request.budget.phase_bytes() - id_map_bytes(input)) / kAddedEdgeBytes;
}

[[noreturn]] void fail_too_many_added_edges(const VersionRequest& request, std::int64_t fitting) {
  throw Error("'" + request.input + "': more than " + std::to_string(fitting) + " edges to add, at " +
              std::to_string(kAddedEdgeBytes) + " bytes each, do not fit in --dram-budget " +
              format_bytes(request.budget.dram_budget_bytes) + " beside the program (" +
              format_bytes(request.budget.program_bytes) + "); give a larger budget or add the edges in parts");
}

// The file's edges in the store's input ids, ascending, without self-loops or repeats (an
// undirected edge as (smaller, larger)).
std::vector<CompactEdge> read_added_edges(const VersionRequest& request, const InputDescription& input,
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

int run_add_edges(const VersionRequest& request) {
  const InputDescription input = read_input_description(request.store);
  std::vector<CompactEdge> edges = read_added_edges(request, input, read_id_map(request.store, input));
  QueryStoreOptions options;
  options.budget = request.budget;
  options.lock = StoreLock::Mode::kWrite;
  options.caller_bytes = static_cast<std::int64_t>(edges.size()) * kAddedEdgeBytes;
  QueryStore store(request.store, options);
  const std::vector<char> present = present_edges(store, edges);
  std::vector<CompactEdge> added;
  for (std::size_t index = 0; index < edges.size(); ++index) {
    if (!present[index]) added.push_back(edges[index]);
  }
  std::printf("input: %s\nedges: %lld distinct, %lld already in version %d\n", request.input.c_str(),
              static_cast<long long>(edges.size()), static_cast<long long>(edges.size() - added.size()),
              store.version());
  if (added.empty()) {
    std::printf("version: %d unchanged (no new edge, so no version was written)\n", store.version());
    return 0;
  }
  const int version = write_store_version(request.store, added);
  std::printf("version: %d, %lld edges added\n", version, static_cast<long long>(added.size()));
  return 0;
}

OptionTable compact_options(VersionRequest& request) {
  OptionTable table({"compact --store DIR [OPTIONS]"},
                    "Folds a store's versions into its base: the base is rebuilt from its edges and every "
                    "version's, as 'semibfs build' would build them at once, beside the store, and swapped in by "
                    "one atomic rename; a crash leaves either the old store or the new one.");
  add_store_option(table, request.store, "the store, made by 'semibfs build'");
  add_dram_budget_option(table, request.budget,
                         "the most the rebuild holds in DRAM, the program itself included (default 512MiB)");
  add_threads_option(table, request.threads);
  return table;
}

}  // namespace

int add_edges_command(Arguments& arguments) {
  VersionRequest request;
  const OptionTable table = add_edges_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  if (request.input.empty()) throw UsageError("no INPUT file of edges given");
  require_store(request.store, "a directory made by 'semibfs build'");
  count_program_in_budget(request.budget, request.threads);
  return run_add_edges(request);
}

int compact_command(Arguments& arguments) {
  VersionRequest request;
  request.budget = DramBudget{std::int64_t{512} << 20};
  const OptionTable table = compact_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  require_store(request.store, "a directory made by 'semibfs build'");
  count_program_in_budget(request.budget, request.threads);
  const CompactionStats stats =
      compact_store(request.store, request.budget.phase_bytes(), request.budget.program_bytes, &std::cerr);
  if (stats.versions == 0) {
    std::printf("store: %s has no versions beyond its base; nothing to compact\n", request.store.c_str());
    return 0;
  }
  std::printf(
      "store: %s\nversions folded: %d\nedges: %lld (base %lld, added %lld)\nadjacencies: %lld\n"
      "compact_seconds: %.3f\n",
      request.store.c_str(), stats.versions, static_cast<long long>(stats.base_edges + stats.added_edges),
      static_cast<long long>(stats.base_edges), static_cast<long long>(stats.added_edges),
      static_cast<long long>(stats.adjacencies), stats.seconds);
  return 0;
}

}  // namespace semibfs::cli
