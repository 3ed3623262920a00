// `semibfs bfs`: searches on a store made by `semibfs build`, every result validated against the
// input's edges (streamed from the store's edge file) and reported in the file's own ids.
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "cli/search_report.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/graph_direction.hpp"
#include "core/timer.hpp"
#include "gen/roots.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/search_session.hpp"
#include "import/input_store.hpp"
#include "session/output_paths.hpp"
#include "session/query_searcher.hpp"
#include "session/query_store.hpp"
#include "session/store_budget.hpp"
#include "store/store_lock.hpp"
#include "validate/failure_log.hpp"
#include "validate/tree_levels.hpp"

namespace semibfs::cli {

namespace {

enum class OutputFormat { kText, kBinary };

struct BfsRequest {
  SearchOptions search;
  std::string store;
  std::optional<std::uint64_t> root;  // a file id
  RootDraw draw;                      // num_roots set only with --roots
  bool roots_given = false;
  std::string output;
  OutputFormat output_format = OutputFormat::kText;
  std::string json_path;
  bool policy_chosen = false;
  std::optional<int> version;
};

OutputFormat parse_output_format(const std::string& text) {
  if (text == "text") return OutputFormat::kText;
  if (text == "binary") return OutputFormat::kBinary;
  throw UsageError("must be text or binary, got '" + text + "'");
}

void add_root_options(OptionTable& table, BfsRequest& request) {
  table
      .value("--root", "ID",
             "one search from vertex ID, an id as the input file writes it; prints the vertices reached, levels, "
             "traversed edges and time",
             [&request](const std::string& value) { request.root = parse_unsigned(value); })
      .value("--output", "FILE",
             "with --root: the parent and level of every reached vertex, in the file's ids (written to a "
             "temporary name, then renamed; '-' for stdout, the summary then on stderr)",
             [&request](const std::string& value) { request.output = value; }, "-o")
      .value("--output-format", "F",
             "text (default: '# ...' header, then 'vertex parent level' per line; the root is its own parent, "
             "level 0) or binary (three little-endian int64 per reached vertex: vertex, parent, level)",
             [&request](const std::string& value) { request.output_format = parse_output_format(value); })
      .value("--roots", "N",
             "N roots drawn as the Graph500 reference draws them (vertices with an edge), timed, and the "
             "statistics block of 'run' on stdout; its SCALE is ceil(log2 vertices) and its edgefactor input "
             "edges / vertices",
             [&request](const std::string& value) {
               request.draw.num_roots = static_cast<int>(parse_integer(value, 1, 1 << 20));
               request.roots_given = true;
             })
      .value("--seed1", "A", "first seed of the root draw (default 2)",
             [&request](const std::string& value) { request.draw.seed1 = parse_unsigned(value); })
      .value("--seed2", "B", "second seed of the root draw (default 3)",
             [&request](const std::string& value) { request.draw.seed2 = parse_unsigned(value); });
}

OptionTable bfs_options(BfsRequest& request) {
  OptionTable table({"bfs --store DIR --root ID [--output FILE] [OPTIONS]", "bfs --store DIR --roots N [OPTIONS]"},
                    "Breadth-first searches on a store made by 'semibfs build'. Every search is validated by the "
                    "five Graph500 rules against the input's edges, streamed from the store. Progress and one line "
                    "per search go to stderr. The default policy is beamer (edge counts: it suits graphs of any "
                    "degree distribution, and directed ones, much of which may be unreachable).");
  add_store_option(table, request.store, "the store, made by 'semibfs build'");
  add_root_options(table, request);
  add_search_options(table, request.search, request.policy_chosen);
  add_version_option(table, request.version);
  table.value("--json", "FILE", "also write the figures and per-level statistics (as 'run' does; '-' for stdout)",
              [&request](const std::string& value) { request.json_path = value; });
  return table;
}

void check_bfs_request(const BfsRequest& request) {
  require_store(request.store, "a directory made by 'semibfs build'");
  if (request.root.has_value() == request.roots_given) throw UsageError("give either --root ID or --roots N");
  if (!request.output.empty() && !request.root) throw UsageError("--output needs --root (it writes one search)");
  check_outputs({{"--output", request.output}, {"--json", request.json_path}}, {}, request.store);
  check_search_options(request.search);
}

// The official block has no place for a file's size but SCALE and edgefactor.
int official_scale(const InputDescription& input) {
  return input.vertices > 1 ? static_cast<int>(std::ceil(std::log2(static_cast<double>(input.vertices)))) : 0;
}
std::int64_t official_edgefactor(const InputDescription& input) {
  return input.vertices > 0 ? (input.edges + input.vertices / 2) / input.vertices : 0;
}

// The compact id of --root, before any work.
VertexId find_root(const BfsRequest& request, const IdMap& ids) {
  const std::optional<VertexId> root = ids.find(*request.root);
  if (!root) {
    throw Error("--root " + std::to_string(*request.root) + " is not a vertex of " + request.store +
                " (no edge of the input names it)");
  }
  return *root;
}

// Why the draw gave no root: no vertex has an out-edge, or the reference's 2n candidates missed the few that do.
template <typename HasOutEdges>
std::string no_root_found(const std::string& store, const IdMap& ids, HasOutEdges has_out_edges) {
  for (VertexId v = 0; v < static_cast<VertexId>(ids.size()); ++v) {
    if (!has_out_edges(v)) continue;
    return "the Graph500 draw of roots (the reference's, 2 candidates per vertex) missed every vertex of " + store +
           " with an out-edge: search from one with --root (file id " + std::to_string(ids.to_file(v)) +
           " has an out-edge)";
  }
  return "no vertex of " + store + " has an out-edge (an edge to another vertex), so there is no BFS root";
}

// The roots, as compact ids: the one asked for (found before any work), or N drawn as the
// reference draws them.
template <typename HasOutEdges>
std::vector<VertexId> choose_roots(const BfsRequest& request, std::optional<VertexId> root, const IdMap& ids,
                                   HasOutEdges has_out_edges) {
  if (root) return std::vector<VertexId>(1, root.value());
  std::vector<VertexId> roots = pick_bfs_roots(request.draw.seed1, request.draw.seed2,
                                               static_cast<std::int64_t>(ids.size()), request.draw.num_roots,
                                               has_out_edges);
  if (roots.empty()) throw Error(no_root_found(request.store, ids, has_out_edges));
  return roots;
}

void log_file_ids(const std::vector<VertexId>& roots, const IdMap& ids, std::ostream& log) {
  log << "roots in the input's ids:";
  for (const VertexId root : roots) log << ' ' << ids.to_file(root);
  log << std::endl;
}

// Little-endian int64 triples, or text lines; reached vertices only, in compact id order.
void write_tree(const BfsRequest& request, const IdMap& ids, VertexId root, const ParentArray& parent) {
  FailureLog failures;
  const std::vector<TreeLevel> level = parent.visit([&](auto entries) { return tree_levels(root, entries, failures); });
  if (!failures.empty()) throw Error("the search's parents do not form a tree, so no levels can be written");
  OutputFile writer(request.output);
  std::string text;
  if (request.output_format == OutputFormat::kText) {
    text = "# semibfs bfs " + request.store + ": root " + std::to_string(ids.to_file(root)) +
           "; vertex parent level, in the input's ids\n";
  }
  std::vector<std::int64_t> records;
  const auto flush = [&] {
    writer.append(std::as_bytes(std::span(text)));
    writer.append(std::as_bytes(std::span(records)));
    text.clear();
    records.clear();
  };
  for (std::int64_t v = 0; v < parent.size(); ++v) {
    if (parent[v] == kUnreached) continue;
    const auto vertex = static_cast<std::int64_t>(ids.to_file(v));
    const auto up = static_cast<std::int64_t>(ids.to_file(parent[v]));
    if (request.output_format == OutputFormat::kText) {
      text += std::to_string(vertex) + ' ' + std::to_string(up) + ' ' + std::to_string(level[v]) + '\n';
    } else {
      records.insert(records.end(), {vertex, up, static_cast<std::int64_t>(level[v])});
    }
    if (text.size() + records.size() * sizeof(std::int64_t) >= (std::size_t{1} << 22)) flush();
  }
  flush();
  writer.commit();
}

// On stdout, or on stderr when the tree itself went to stdout.
void print_single_search(const BfsRequest& request, const Graph500Report& report, const ParentArray& parent) {
  std::FILE* out = is_stdout(request.output) ? stderr : stdout;
  const RootResult& result = report.roots.front();
  std::int64_t reached = 0;
  for (std::int64_t v = 0; v < parent.size(); ++v) reached += parent[v] != kUnreached;
  std::fprintf(out, "root: %llu\nreached: %lld of %lld vertices\nlevels: %zu\nnedge: %lld\nbfs_time: %.6f s\nTEPS: %.4g\n"
              "validation: %s\n",
              static_cast<unsigned long long>(result.root), static_cast<long long>(reached),
              static_cast<long long>(parent.size()), result.levels.size(), static_cast<long long>(result.nedge),
              result.bfs_seconds, result.teps, request.search.skip_validation ? "skipped" : "passed");
  if (!request.output.empty() && !is_stdout(request.output)) std::fprintf(out, "output: %s\n", request.output.c_str());
}

// What the report says of the searched store: its real size, the roots asked for, the store.
void describe_store(const BfsRequest& request, const InputDescription& input, const StoreRequest& store,
                    Graph500Report& report) {
  report.vertices = input.vertices;
  report.input_edges = input.edges;
  report.draw = request.draw;
  if (!request.roots_given) report.draw.num_roots = 1;
  report.store_directory = request.store;
  report.neighbor_order = store.order;
  report.compressed_lists = store.compressed_lists;
  report.graph_from_store = true;
}

// What the searches found: the official block for --roots; else the one search's lines and tree.
int report_searches(const BfsRequest& request, SearchSession& session, const InputDescription& input,
                    const IdMap& ids, VertexId root, const ParentArray& parent) {
  const Graph500Report report = session.finish(official_scale(input), official_edgefactor(input));
  if (request.roots_given) return print_search_report(report, request.json_path, "bfs");
  if (!report.validation_passed) {
    write_json_report(report, request.json_path);
    throw Error("validation failed: " + report.validation_failure);
  }
  if (!request.output.empty()) write_tree(request, ids, root, parent);
  print_single_search(request, report, parent);
  write_json_report(report, request.json_path);
  return 0;
}

// The store at a later version: searched through the streaming queries, which read the versions'
// lists beside the base's; the budget counts the validation's edge buffers, the added edges kept
// for it and the validator as the caller's, before any of them is read.
int run_bfs_on_version(const BfsRequest& request, int version) {
  const SearchOptions search = store_search_options(request.search, request.policy_chosen);
  const std::int64_t vertices = read_input_description(request.store).vertices;
  VersionSearchStore opened =
      open_version_for_search(request.store, vertices, search, version, {query_search_bytes_per_vertex(vertices), 0, 0});
  QueryStore& store = *opened.store;
  const VersionEdgeSource& edges = *opened.edges;
  const InputDescription& input = store.input();
  const std::optional<VertexId> root = request.root ? std::optional(find_root(request, store.ids())) : std::nullopt;
  SearchSession session(search, store.request().made_from, store.request().partitions, std::cerr);
  session.use_file_ids([&store](VertexId vertex) { return store.file_id_of_input(vertex); });
  describe_store(request, input, store.request(), session.report());
  session.report().official.construction_seconds = store.open_seconds();
  session.report().memory.graph = store.graph_bytes();
  session.report().memory.bfs_status_bytes = kQueryKernelBytesPerVertex * input.vertices;  // + the parents
  session.check_edge_file(request.store, input.edges, edges.base_buffer_bytes());
  std::cerr << "version " << version << " of the store: searched through the streaming queries (the engine reads "
            << "a base only; 'semibfs compact' folds the versions into one)" << std::endl;
  const std::vector<VertexId> roots = choose_roots(request, root, store.ids(), [&store](VertexId v) {
    return store.graph().degree(ListSide::kOut, store.store_id(v)) > 0;
  });
  log_file_ids(roots, store.ids(), std::cerr);
  QueryRootSearcher searcher(store);
  ParentArray parent;
  session.search_with(edges.all(), direction_of(input), searcher, roots, request.roots_given, parent);
  return report_searches(request, session, input, store.ids(), roots.front(), parent);
}

int run_bfs(const BfsRequest& request) {
  const auto lock = lock_existing_store(request.store, StoreLock::Mode::kRead);
  const int version = chosen_version(request.store, request.version);
  if (version > 0) return run_bfs_on_version(request, version);  // its store takes a reader's lock too
  const InputDescription input = read_input_description(request.store);
  const StoreRequest store = input_store_request(request.store, input);
  const SearchOptions search = store_search_options(request.search, request.policy_chosen);
  // The one minimum, before the id map or any list is read (the plan states the same one).
  const SearchDramNeeds needs =
      search_dram_needs(input.vertices, search, omp_get_max_threads(), 0, id_map_bytes(input), store.relabelled);
  check_store_budget(request.store, input, store, search, needs);
  const IdMap ids = read_id_map(request.store, input);
  const std::optional<VertexId> root = request.root ? std::optional(find_root(request, ids)) : std::nullopt;
  SearchSession session(search, store.made_from, store.partitions, std::cerr);
  session.use_file_ids([&ids](VertexId vertex) { return ids.to_file(vertex); });
  describe_store(request, input, store, session.report());
  Stopwatch open_time;
  SearchInputs graph =
      session.open_store(request.store, store, input.vertices, input.edges, id_map_bytes(input));
  session.report().official.construction_seconds = open_time.seconds();

  const std::vector<VertexId> roots =
      choose_roots(request, root, ids, [&graph](VertexId v) { return graph.out_degree(v) > 0; });
  log_file_ids(roots, ids, std::cerr);
  ParentArray parent;
  session.search(graph, roots, request.roots_given, parent);
  return report_searches(request, session, input, ids, roots.front(), parent);
}

}  // namespace

int bfs_command(Arguments& arguments) {
  BfsRequest request;
  const OptionTable table = bfs_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  check_bfs_request(request);
  count_program_in_budget(request.search.budget, request.search.threads);
  return run_bfs(request);
}

}  // namespace semibfs::cli
