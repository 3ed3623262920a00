#include "graph500/graph500_run.hpp"

#include <omp.h>

#include <cstdio>
#include <optional>

#include "graph500/teps_edge_count.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"
#include "gen/roots.hpp"
#include "core/numa_placement.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "bfs/search_state.hpp"
#include "store/graph_store.hpp"
#include "tiered/tiered_graph.hpp"
#include "graph500/semi_external_run.hpp"
#include "edges/edge_source.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6f s", seconds);
  return text;
}

std::string format_rate(double rate) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.4g", rate);
  return text;
}

std::string format_mebibytes(std::int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

std::string format_memory(const MemoryFootprint& memory) {
  return "memory: edge list " + format_mebibytes(memory.edge_list_bytes) + ", forward graph " +
         format_mebibytes(memory.graph.forward) + ", backward graph " + format_mebibytes(memory.graph.backward) +
         ", vertex heads " + format_mebibytes(memory.graph.heads) + ", BFS status " +
         format_mebibytes(memory.bfs_status_bytes) + ", validator " + format_mebibytes(memory.validator_bytes) +
         (memory.io_buffer_bytes > 0 ? ", I/O buffers " + format_mebibytes(memory.io_buffer_bytes) : "");
}

// Searches one root and validates the result; returns false when validation failed.
bool search_root(const EdgeSource& edges, BfsEngine& engine, const Validator* validator,
                 VertexId root, std::vector<VertexId>& parent, Graph500Report& report,
                 std::ostream& log) {
  RootResult result;
  result.root = root;
  Stopwatch search_time;
  result.levels = engine.run(root, parent);
  result.bfs_seconds = search_time.seconds();
  const IoStats io = engine.take_io_stats();
  result.io = io.summary();
  report.io.merge(io);
  result.nedge = count_traversed_edges(edges, parent);
  result.teps = static_cast<double>(result.nedge) / result.bfs_seconds;
  const std::size_t index = report.roots.size();
  log << "BFS " << index << ": root " << root << ", " << format_seconds(result.bfs_seconds) << ", nedge "
      << result.nedge << ", " << format_rate(result.teps) << " TEPS, " << result.levels.size() << " levels";
  if (io.requests() > 0) log << ", " << io.requests() << " reads of " << format_mebibytes(static_cast<std::int64_t>(io.bytes()));
  bool valid = true;
  if (validator != nullptr) {
    Stopwatch validate_time;
    const std::string failure = check_search(*validator, root, parent, result.nedge);
    result.validate_seconds = validate_time.seconds();
    if (!failure.empty()) {
      report.validation_failure = "BFS " + std::to_string(index) + " from root " + std::to_string(root) + ": " + failure;
      valid = false;
    }
    log << ", validation " << (valid ? "passed" : "FAILED") << " in " << format_seconds(result.validate_seconds);
  }
  log << '\n';
  report.roots.push_back(std::move(result));
  return valid;
}

}  // namespace

void fill_official_searches(Graph500Report& report) {
  Graph500Results& official = report.official;
  for (const RootResult& root : report.roots) {
    official.bfs_seconds.push_back(root.bfs_seconds);
    official.nedge.push_back(static_cast<double>(root.nedge));
    official.validate_seconds.push_back(root.validate_seconds);
  }
}

std::string check_search(const Validator& validator, VertexId root, std::span<const VertexId> parent,
                         std::int64_t nedge) {
  const ValidationReport validation = validator.validate(root, parent);
  if (!validation.ok()) return validation.failures.front().message;
  if (validation.nedge != nedge) {
    return "TEPS edge count " + std::to_string(nedge) + " differs from the validator's " +
           std::to_string(validation.nedge);
  }
  return {};
}

std::int64_t estimate_run_bytes(const Graph500Options& options) {
  if (options.dram_budget_bytes > 0) return options.dram_budget_bytes;  // the planner keeps to it
  const std::int64_t vertices = options.kronecker.num_vertices();
  const std::int64_t edges = options.kronecker.num_edges();
  const std::int64_t edge_list = edges * static_cast<std::int64_t>(sizeof(CompactEdge));
  const std::int64_t graph = edges * 2 * 4 + vertices * 8;
  const std::int64_t search = vertices * (8 + 8 + 1);
  const std::int64_t validation = options.skip_validation ? 0 : vertices * 25;  // + 8 when it fails
  return edge_list + graph + search + validation;
}

std::string store_made_from(const KroneckerParams& kronecker) {
  return "kronecker scale=" + std::to_string(kronecker.scale) + " edgefactor=" + std::to_string(kronecker.edgefactor) +
         " seed1=" + std::to_string(kronecker.seed1) + " seed2=" + std::to_string(kronecker.seed2);
}

StoreRequest store_request(const Graph500Options& options, int partitions) {
  return {store_made_from(options.kronecker), partitions, options.neighbor_order};
}

std::int64_t bfs_status_bytes_per_vertex(std::int64_t vertices, int summary_bits) {
  if (vertices <= 0) return 0;
  const std::int64_t status = SearchState::bytes_for(vertices, summary_bits);
  return static_cast<std::int64_t>(sizeof(VertexId)) + (status + vertices - 1) / vertices;
}

namespace {

// Kernel 1, or reading its result back from a store made by an earlier run.
PartitionedGraph construct_or_read(const Graph500Options& options, Graph500Report& report, const EdgeList& edge_list,
                                   std::ostream& log) {
  if (!options.reuse_store) return PartitionedGraph(build_csr(edge_list), report.partitions, options.neighbor_order);
  report.graph_from_store = true;
  log << "reading the graph from the store " << options.store_directory << std::endl;
  return read_store(options.store_directory, store_request(options, report.partitions));
}

}  // namespace

void check_dram_budget(const Graph500Options& options, std::int64_t vertices) {
  if (options.dram_budget_bytes <= 0) return;
  if (options.store_directory.empty()) {
    throw Error("--dram-budget needs --store DIR: the lists that do not fit in DRAM are read from the store");
  }
  const std::int64_t status = vertices * bfs_status_bytes_per_vertex(vertices, options.bfs.summary_bits);
  if (options.dram_budget_bytes < status) {
    throw Error("DRAM budget of " + std::to_string(options.dram_budget_bytes) + " bytes is below the BFS status alone (" +
                std::to_string(status) + " bytes for " + std::to_string(vertices) +
                " vertices): raise --dram-budget or lower the SCALE");
  }
}

namespace {

// Generation and kernel 1 in DRAM; the graph also written to (or read from) the store when asked.
void construct_in_memory(const Graph500Options& options, Graph500Report& report, const EdgeList& edge_list,
                         SearchInputs& graph, std::ostream& log) {
  Stopwatch construction_time;
  graph.in_memory = construct_or_read(options, report, edge_list, log);
  report.official.construction_seconds = construction_time.seconds();
  if (!options.store_directory.empty() && !options.reuse_store) {
    Stopwatch store_time;
    write_store(options.store_directory, *graph.in_memory, store_made_from(options.kronecker));
    report.store_write_seconds = store_time.seconds();
    log << "store written to " << options.store_directory << " in " << format_seconds(report.store_write_seconds)
        << std::endl;
  }
}

}  // namespace

Graph500Report run_graph500(const Graph500Options& options, std::ostream& log) {
  if (options.threads > 0) omp_set_num_threads(options.threads);
  Graph500Report report;
  report.options = options;
  report.graph = store_made_from(options.kronecker);
  report.threads = omp_get_max_threads();
  report.partitions = options.partitions > 0 ? options.partitions : numa_node_count();
  const KroneckerParams& kronecker = options.kronecker;
  check_dram_budget(options, kronecker.num_vertices());

  log << "generating SCALE " << kronecker.scale << ", edgefactor " << kronecker.edgefactor << ": "
      << kronecker.num_edges() << " edges, " << report.threads << " threads" << std::endl;
  EdgeList edge_list;
  SearchInputs graph;
  if (options.dram_budget_bytes > 0) {
    graph = prepare_semi_external(options, report, log);
  } else {
    Stopwatch generation_time;
    edge_list = generate_kronecker(kronecker, false);
    report.official.generation_seconds = generation_time.seconds();
    graph.edges = std::make_unique<InMemoryEdgeSource>(edge_list);
    construct_in_memory(options, report, edge_list, graph, log);
  }
  log << "graph_generation:               " << format_seconds(report.official.generation_seconds) << std::endl;
  log << "construction_time:              " << format_seconds(report.official.construction_seconds)
      << (report.graph_from_store ? " (read from the store)" : "") << std::endl;

  const std::vector<VertexId> roots = pick_bfs_roots(kronecker.seed1, kronecker.seed2, kronecker.num_vertices(),
                                                     options.num_roots,
                                                     [&graph](VertexId v) { return graph.degree(v) > 0; });
  if (roots.empty()) throw Error("no vertex of this graph has an edge, so there is no BFS root: use a larger SCALE");

  std::vector<VertexId> parent;
  report.memory.edge_list_bytes = static_cast<std::int64_t>(edge_list.edges.size() * sizeof(CompactEdge));
  run_searches(options, graph, roots, true, parent, report, log);
  report.official.scale = kronecker.scale;
  report.official.edgefactor = kronecker.edgefactor;
  fill_official_searches(report);
  return report;
}

void run_searches(const Graph500Options& options, const SearchInputs& graph, std::span<const VertexId> roots,
                  bool warm_up, std::vector<VertexId>& parent, Graph500Report& report, std::ostream& log) {
  const EdgeSource& edges = *graph.edges;
  std::optional<Validator> validator;
  if (!options.skip_validation) validator.emplace(edges, graph.direction());
  TailFetchOptions fetch;
  fetch.io = options.io;
  BfsEngine engine = graph.tiered ? BfsEngine(*graph.tiered, options.bfs, fetch) : BfsEngine(*graph.in_memory, options.bfs);
  parent.assign(static_cast<std::size_t>(edges.num_vertices()), kUnreached);
  report.memory.graph = graph.in_memory ? graph.in_memory->bytes() : GraphBytes{0, graph.tiered->owned_bytes(), 0};
  report.memory.bfs_status_bytes = static_cast<std::int64_t>(parent.size() * sizeof(VertexId)) + engine.status_bytes();
  report.memory.validator_bytes = validator ? validator->working_bytes() : 0;
  report.memory.io_buffer_bytes = engine.io_buffer_bytes();
  log << format_memory(report.memory) << std::endl;

  if (warm_up && !roots.empty()) {
    engine.run(roots.front(), parent);  // warm-up search, untimed, as the reference does
    engine.take_io_stats();
  }
  for (VertexId root : roots) {
    if (!search_root(edges, engine, validator ? &*validator : nullptr, root, parent, report, log)) {
      report.validation_passed = false;
      break;
    }
  }
  report.io_backend = engine.io_backend();
}

}  // namespace semibfs
