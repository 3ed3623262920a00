// `semibfs bfs`: searches on a store made by `semibfs build`, every result validated against the
// input's edges (streamed from the store's edge file) and reported in the file's own ids.
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "graph500/graph500_run.hpp"
#include "graph500/semi_external_run.hpp"
#include "cli/commands.hpp"
#include "cli/search_options.hpp"
#include "cli/search_report.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/timer.hpp"
#include "gen/roots.hpp"
#include "import/input_store.hpp"
#include "validate/failure_log.hpp"
#include "validate/tree_levels.hpp"

namespace semibfs::cli {

const char* const kBfsHelp =
    "Usage: semibfs bfs STORE --root ID [--output FILE] [OPTIONS]\n"
    "       semibfs bfs STORE --roots N [OPTIONS]\n"
    "\n"
    "Breadth-first searches on a store made by 'semibfs build'. Every search is validated by the\n"
    "five Graph500 rules against the input's edges, streamed from the store. Progress and one\n"
    "line per search go to stderr.\n"
    "\n"
    "  --root ID            one search from vertex ID, an id as the input file writes it; prints\n"
    "                       the vertices reached, levels, traversed edges and time\n"
    "  --output FILE        with --root: the parent and level of every reached vertex, in the\n"
    "                       file's ids (written to a temporary name, then renamed)\n"
    "  --output-format F    text (default: '# ...' header, then 'vertex parent level' per line;\n"
    "                       the root is its own parent, level 0) or binary (three little-endian\n"
    "                       int64 per reached vertex: vertex, parent, level)\n"
    "  --roots N            N roots drawn as the Graph500 reference draws them (vertices with an\n"
    "                       edge), timed, and the statistics block of 'run' on stdout; its SCALE\n"
    "                       is ceil(log2 vertices) and its edgefactor input edges / vertices\n"
    "  --seed1 A --seed2 B  seeds of the root draw (default 2 and 3)\n"
    "  --threads N          OpenMP threads (default: all cores)\n"
    "  --policy P, --direction D, --alpha A, --beta B, --summary-bits N\n"
    "                       how each step's direction is chosen, as for 'run'; a directed store's\n"
    "                       default is beamer (edge counts: much of a directed graph may be\n"
    "                       unreachable, which a frontier-size rule does not see)\n"
    "  --dram-budget SIZE   semi-external memory: keep at most SIZE in DRAM (placement planned\n"
    "                       and printed as for 'run'); the rest of each list is read from the store\n"
    "  --backward-head K    with --dram-budget: the first K entries of every list in DRAM\n"
    "  --io KIND            auto (default), uring or pread: how lists are read from the store\n"
    "  --skip-validation    do not validate (the figures are then not a valid result)\n"
    "  --json FILE          also write the figures and per-level statistics (as 'run' does)\n"
    "  -h, --help           this text\n";

namespace {

enum class OutputFormat { kText, kBinary };

struct BfsRequest {
  Graph500Options options;
  std::string store;
  std::optional<std::uint64_t> root;  // a file id
  std::optional<int> roots;
  std::string output;
  OutputFormat output_format = OutputFormat::kText;
  std::uint64_t seed1 = 2;
  std::uint64_t seed2 = 3;
  std::string json_path;
  bool policy_chosen = false;  // --policy or --direction given
  bool help = false;
};

OutputFormat parse_output_format(const std::string& text) {
  if (text == "text") return OutputFormat::kText;
  if (text == "binary") return OutputFormat::kBinary;
  throw UsageError("--output-format must be text or binary, got '" + text + "'");
}

void check_bfs_request(const BfsRequest& request) {
  if (request.store.empty()) throw UsageError("no STORE given (a directory made by 'semibfs build')");
  if (request.root.has_value() == request.roots.has_value()) throw UsageError("give either --root ID or --roots N");
  if (!request.output.empty() && !request.root) throw UsageError("--output needs --root (it writes one search)");
  if (!request.output.empty()) check_writable(request.output);
  if (!request.json_path.empty()) check_writable(request.json_path);
  check_search_options(request.options);
}

BfsRequest parse_bfs(Arguments& arguments) {
  BfsRequest request;
  while (!arguments.done()) {
    const std::string option = arguments.take();
    request.policy_chosen = request.policy_chosen || option == "--policy" || option == "--direction";
    if (take_search_option(option, arguments, request.options)) continue;
    if (option == "-h" || option == "--help") {
      request.help = true;
      return request;
    } else if (option == "--root") {
      request.root = parse_unsigned(option, arguments.take_value(option));
    } else if (option == "--roots") {
      request.roots = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 1 << 20));
    } else if (option == "--output" || option == "-o") {
      request.output = arguments.take_value(option);
    } else if (option == "--output-format") {
      request.output_format = parse_output_format(arguments.take_value(option));
    } else if (option == "--seed1") {
      request.seed1 = parse_unsigned(option, arguments.take_value(option));
    } else if (option == "--seed2") {
      request.seed2 = parse_unsigned(option, arguments.take_value(option));
    } else if (option == "--threads") {
      request.options.threads = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 4096));
    } else if (option == "--json") {
      request.json_path = arguments.take_value(option);
    } else if (!option.starts_with("-") && request.store.empty()) {
      request.store = option;
    } else {
      throw UsageError("unknown option '" + option + "'");
    }
  }
  check_bfs_request(request);
  return request;
}

// The official block has no place for a file's size but SCALE and edgefactor.
void fill_official_size(const InputDescription& input, Graph500Results& official) {
  official.scale = input.vertices > 1 ? static_cast<int>(std::ceil(std::log2(static_cast<double>(input.vertices)))) : 0;
  official.edgefactor = input.vertices > 0 ? (input.edges + input.vertices / 2) / input.vertices : 0;
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

// The roots, as compact ids: the one asked for (found before any work), or N drawn as the
// reference draws them.
std::vector<VertexId> choose_roots(const BfsRequest& request, std::optional<VertexId> root, const IdMap& ids,
                                   const SearchInputs& graph) {
  if (root) return {*root};
  std::vector<VertexId> roots = pick_bfs_roots(request.seed1, request.seed2, static_cast<std::int64_t>(ids.size()),
                                               *request.roots, [&graph](VertexId v) { return graph.out_degree(v) > 0; });
  if (roots.empty()) throw Error("no vertex of " + request.store + " has an edge, so there is no BFS root");
  return roots;
}

void log_file_ids(const std::vector<VertexId>& roots, const IdMap& ids, std::ostream& log) {
  log << "roots in the input's ids:";
  for (const VertexId root : roots) log << ' ' << ids.to_file(root);
  log << std::endl;
}

// Little-endian int64 triples, or text lines; reached vertices only, in compact id order.
void write_tree(const BfsRequest& request, const IdMap& ids, VertexId root, const std::vector<VertexId>& parent) {
  FailureLog failures;
  const std::vector<std::int64_t> level = tree_levels(root, parent, failures);
  if (!failures.empty()) throw Error("the search's parents do not form a tree, so no levels can be written");
  AtomicFileWriter writer(request.output);
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
  for (std::size_t v = 0; v < parent.size(); ++v) {
    if (parent[v] == kUnreached) continue;
    const auto vertex = static_cast<std::int64_t>(ids.to_file(static_cast<VertexId>(v)));
    const auto up = static_cast<std::int64_t>(ids.to_file(parent[v]));
    if (request.output_format == OutputFormat::kText) {
      text += std::to_string(vertex) + ' ' + std::to_string(up) + ' ' + std::to_string(level[v]) + '\n';
    } else {
      records.insert(records.end(), {vertex, up, level[v]});
    }
    if (text.size() + records.size() * sizeof(std::int64_t) >= (std::size_t{1} << 22)) flush();
  }
  flush();
  writer.commit();
}

void print_single_search(const BfsRequest& request, const IdMap& ids, const Graph500Report& report,
                         const std::vector<VertexId>& parent) {
  const RootResult& result = report.roots.front();
  std::int64_t reached = 0;
  for (const VertexId p : parent) reached += p != kUnreached;
  std::printf("root: %llu\nreached: %lld of %lld vertices\nlevels: %zu\nnedge: %lld\nbfs_time: %.6f s\nTEPS: %.4g\n"
              "validation: %s\n",
              static_cast<unsigned long long>(ids.to_file(result.root)), static_cast<long long>(reached),
              static_cast<long long>(parent.size()), result.levels.size(), static_cast<long long>(result.nedge),
              result.bfs_seconds, result.teps, request.options.skip_validation ? "skipped" : "passed");
  if (!request.output.empty()) std::printf("output: %s\n", request.output.c_str());
}

int run_bfs(const BfsRequest& request) {
  Graph500Options options = request.options;
  if (options.threads > 0) omp_set_num_threads(options.threads);
  const InputDescription input = read_input_description(request.store);
  const StoreRequest store = input_store_request(request.store, input);
  options.store_directory = request.store;
  options.reuse_store = true;
  options.num_roots = request.roots.value_or(1);
  options.partitions = store.partitions;
  options.neighbor_order = store.order;
  if (input.directed && !request.policy_chosen) {
    // Bottom-up scans every unvisited vertex, reachable or not; with the alpha-beta rule the
    // median search of a Kronecker file taken as directed ran 3.5x longer (docs/PERFORMANCE.md).
    options.bfs.policy = PolicyKind::kBeamer;
    std::cerr << "directed store: direction policy beamer (--policy overrides)" << std::endl;
  }
  check_dram_budget(options, input.vertices);
  const IdMap ids = read_id_map(request.store, input);
  options.caller_bytes = static_cast<std::int64_t>(ids.bytes());
  const std::optional<VertexId> root = request.root ? std::optional(find_root(request, ids)) : std::nullopt;

  Graph500Report report;
  report.options = options;
  report.graph = store.made_from;
  report.threads = omp_get_max_threads();
  report.partitions = store.partitions;
  report.graph_from_store = true;
  Stopwatch open_time;
  const SearchInputs graph = open_store_for_search(request.store, store, input.vertices, options, report, std::cerr);
  report.official.construction_seconds = open_time.seconds();

  const std::vector<VertexId> roots = choose_roots(request, root, ids, graph);
  log_file_ids(roots, ids, std::cerr);
  std::vector<VertexId> parent;
  run_searches(options, graph, roots, request.roots.has_value(), parent, report, std::cerr);
  if (request.roots) {
    fill_official_size(input, report.official);
    fill_official_searches(report);
    return print_search_report(report, request.json_path, "bfs");
  }
  fill_official_size(input, report.official);
  fill_official_searches(report);
  write_json_report(report, request.json_path);
  if (!report.validation_passed) throw Error("validation failed: " + report.validation_failure);
  if (!request.output.empty()) write_tree(request, ids, roots.front(), parent);
  print_single_search(request, ids, report, parent);
  return 0;
}

}  // namespace

int bfs_command(Arguments& arguments) {
  const BfsRequest request = parse_bfs(arguments);
  if (request.help) {
    std::fputs(kBfsHelp, stdout);
    return 0;
  }
  return run_bfs(request);
}

}  // namespace semibfs::cli
