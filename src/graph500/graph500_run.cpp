#include "graph500/graph500_run.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "construction/degree_relabel.hpp"
#include "construction/external_build.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/numa_placement.hpp"
#include "core/progress_bar.hpp"
#include "core/timer.hpp"
#include "edges/edge_source.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "gen/roots.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/search_session.hpp"
#include "graph500/semi_external_run.hpp"
#include "graph500/sssp_search.hpp"
#include "store/stored_weights.hpp"
#include "tiered/tiered_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

// Kernel 1 (for SSSP with the weights beside the lists, as the reference's kernel 1 makes them), or
// reading its result back from a store made by an earlier run, with the weights that run wrote
// (written with --sssp; check_sssp_options made sure the store has them);
// on a terminal, its bar (time alone: kernel 1 counts nothing on the way) begun once the log line is out.
void construct_or_read(const Graph500Options& options, Graph500Report& report, const EdgeList& edge_list,
                       std::ostream& log, ProgressBar* bar, SearchInputs& graph) {
  const NeighborOrder order = options.store.neighbor_order;
  if (!options.store.reuse) {
    if (bar != nullptr) bar->begin("construction", ProgressUnit::kNone, 0);
    if (!options.sssp) {
      graph.in_memory.emplace(build_csr(edge_list), report.partitions, order);
      return;
    }
    WeightedGraph built = build_weighted_graph(edge_list, report.partitions, order);
    graph.in_memory.emplace(std::move(built.graph));
    graph.weights.emplace(std::move(built.weights));
    return;
  }
  report.graph_from_store = true;
  log << "reading the graph from the store " << options.store.directory << std::endl;
  if (bar != nullptr) bar->begin("reading the store", ProgressUnit::kNone, 0);
  graph.in_memory = read_store(options.store.directory, store_request(options, report.partitions));
  if (options.sssp) {
    graph.stored_weights =
        read_list_weights(options.store.directory, read_store_manifest(options.store.directory), *graph.in_memory);
  }
}

// The edge list (with the weights for SSSP), in chunks counted on the bar when there is one.
EdgeList generate_in_memory(const KroneckerParams& kronecker, bool with_weights, ProgressBar* bar) {
  if (bar == nullptr) return generate_kronecker(kronecker, with_weights);
  bar->begin("generation", ProgressUnit::kEdges, kronecker.num_edges());
  return generate_kronecker(kronecker, with_weights, [bar](std::int64_t done) { bar->update(done); });
}

// The SSSP weights beside the lists in DRAM, made or read.
ListWeightsView weights_view(const SearchInputs& graph) {
  return graph.weights ? ListWeightsView(*graph.in_memory, *graph.weights)
                       : view_of(*graph.in_memory, graph.stored_weights);
}

// Generation and kernel 1 in DRAM; the graph also written to (or read from) the store when asked.
SearchInputs construct_in_memory(const Graph500Options& options, EdgeList& edge_list, SearchSession& session) {
  Graph500Report& report = session.report();
  const std::unique_ptr<ProgressBar> bar = progress_bar_for(&session.log());
  Stopwatch generation_time;
  edge_list = generate_in_memory(options.kronecker, options.sssp.has_value(), bar.get());
  report.official.generation_seconds = generation_time.seconds();
  report.memory.edge_list_bytes = static_cast<std::int64_t>(edge_list.edges.size() * sizeof(CompactEdge) +
                                                            edge_list.weights.size() * sizeof(float));
  SearchInputs graph;
  graph.edges = std::make_unique<InMemoryEdgeSource>(edge_list);
  // Kernel 1 of the reference builds the weights beside the lists, so they count in construction_time.
  Stopwatch construction_time;
  construct_or_read(options, report, edge_list, session.log(), bar.get(), graph);
  report.official.construction_seconds = construction_time.seconds();
  if (options.sssp) {
    session.log() << "list weights beside the lists (part of construction_time"
                  << (options.store.reuse ? ", read from the store" : ", made by kernel 1")
                  << "): " << format_bytes(weights_view(graph).bytes()) << std::endl;
  }
  if (bar) bar->finish();
  if (!options.store.directory.empty() && !options.store.reuse) {
    if (bar) bar->begin("writing the store", ProgressUnit::kNone, 0);
    Stopwatch store_time;
    const std::optional<ListWeightsView> weights =
        options.sssp ? std::optional(weights_view(graph)) : std::nullopt;
    write_store(options.store.directory, *graph.in_memory, store_made_from(options.kronecker),
                weights ? &*weights : nullptr);
    report.store_write_seconds = store_time.seconds();
    if (bar) bar->finish();
    session.log() << "store written to " << options.store.directory << " in "
                  << format_seconds(report.store_write_seconds) << std::endl;
  }
  return graph;
}

void check_budget_has_store(const Graph500Options& options) {
  if (options.search.budget.is_set() && options.store.directory.empty()) {
    throw Error("a DRAM budget needs a store directory: the lists that do not fit in DRAM are read from the store");
  }
}

// The report's description of the run: its graph, seeds and store.
void describe_run(const Graph500Options& options, Graph500Report& report) {
  report.vertices = options.kronecker.num_vertices();
  report.input_edges = options.kronecker.num_edges();
  report.kronecker = options.kronecker;
  report.draw = {options.num_roots, options.kronecker.seed1, options.kronecker.seed2};
  report.store_directory = options.store.directory;
  report.neighbor_order = options.store.neighbor_order;
  report.compressed_lists = options.store.compressed_lists;
}

// Before any work, one minimum for the whole run: the largest of its phases' (each phase gets the
// budget less the program, one after another).
void check_run_budget(const Graph500Options& options, int partitions) {
  const SearchOptions& search = options.search;
  if (!search.budget.is_set()) return;
  const int threads = search.threads > 0 ? search.threads : omp_get_max_threads();
  const std::int64_t program = search.budget.program_bytes;
  check_budget_minimum(search.budget, minimum_run_budget(options, partitions, threads),
                       "for SCALE " + std::to_string(options.kronecker.scale) + " (" + std::to_string(threads) +
                           (threads == 1 ? " thread, " : " threads, ") + std::to_string(partitions) +
                           (partitions == 1 ? " partition" : " partitions") +
                           "): the most that its edge generation, external construction or searches need" +
                           (program > 0 ? ", each beside the program itself (" + format_bytes(program) + ")" : "") +
                           "; the searches hold their buffers, the BFS status, CSR offsets, first neighbours and the "
                           "index of the lists split between DRAM and disk" +
                           (search.placement == PlacementMode::kForwardOnDisk
                                ? std::string(", with the whole backward graph (--placement forward-on-disk)")
                                : std::string()));
}

// Kernel 3 from the same roots: over the graph and weights kernel 1 made (or read) in DRAM and the
// generated weights, or over a store opened under a budget with the weights it keeps, or under a
// budget with `copy_room`, over a copy of the store's lists in weight order (the graph released).
void search_run_shortest_paths(const Graph500Options& options, SearchSession& session, const SearchInputs& graph,
                               const EdgeList& edge_list, std::span<const VertexId> roots, ParentArray& parent,
                               std::optional<std::int64_t> copy_room) {
  std::vector<float> distance;
  if (!edge_list.weights.empty()) {
    const InMemoryEdgeWeights edge_weights(edge_list.weights);
    WeightedSearchInputs inputs;
    inputs.graph = &*graph.in_memory;
    inputs.weights = weights_view(graph);
    inputs.edges = graph.edges.get();
    inputs.edge_weights = &edge_weights;
    search_shortest_paths(session, inputs, roots, *options.sssp, parent, distance);
    return;
  }
  const StoredWeights weights =
      open_stored_weights(options.store.directory, graph, session.report().search, session.report().plan);
  const std::optional<WeightOrderedStoreCopy> copy =
      weight_ordered_store_copy(options.store.directory, options.kronecker.num_vertices(), copy_room);
  search_shortest_paths(session, stored_weighted_inputs(graph, weights, copy ? &*copy : nullptr), roots, *options.sssp,
                        parent, distance);
}

// The searches' options: with SSSP, the plan counts what its searches hold too.
SearchOptions searches_of(const Graph500Options& options) {
  SearchOptions search = options.search;
  search.shortest_paths = options.sssp.has_value();
  return search;
}

}  // namespace

std::int64_t estimate_run_bytes(const Graph500Options& options) {
  if (options.search.budget.is_set()) return options.search.budget.dram_budget_bytes;  // the planner keeps to it
  const std::int64_t vertices = options.kronecker.num_vertices();
  const std::int64_t edges = options.kronecker.num_edges();
  const std::int64_t edge_list = edges * static_cast<std::int64_t>(sizeof(CompactEdge));
  const std::int64_t graph = edges * 2 * 4 + vertices * 8;
  const std::int64_t search = vertices * bfs_status_bytes_per_vertex(vertices, options.search.bfs.summary_bits);
  const std::int64_t validation = options.search.skip_validation ? 0 : Validator::working_bytes_for(vertices);
  // SSSP: a weight per tuple and per list entry; labels, distances and the frontier per vertex.
  const std::int64_t sssp = options.sssp ? edges * 4 + edges * 2 * 4 + vertices * 16 : 0;
  return edge_list + graph + search + validation + sssp;
}

std::string store_made_from(const KroneckerParams& kronecker) {
  return "kronecker scale=" + std::to_string(kronecker.scale) + " edgefactor=" + std::to_string(kronecker.edgefactor) +
         " seed1=" + std::to_string(kronecker.seed1) + " seed2=" + std::to_string(kronecker.seed2);
}

StoreRequest store_request(const Graph500Options& options, int partitions) {
  return {store_made_from(options.kronecker), partitions, options.store.neighbor_order, GraphDirection::kUndirected,
          std::nullopt, options.store.compressed_lists, options.store.relabel};
}

namespace {


}  // namespace

std::int64_t minimum_run_budget(const Graph500Options& options, int partitions, int threads) {
  const std::int64_t vertices = options.kronecker.num_vertices();
  const std::int64_t program = options.search.budget.program_bytes;
  const std::int64_t generation = program + minimum_edge_file_budget();
  // A reused store's minimum is that of what it is, as its manifest says, whatever the options ask.
  const std::optional<StoreManifest> reused =
      options.store.reuse && store_exists(options.store.directory)
          ? std::optional(read_store_manifest(options.store.directory))
          : std::nullopt;
  const bool compressed_lists = reused ? reused->list_codec.has_value() : options.store.compressed_lists;
  const bool relabelled = reused ? reused->vertex_order == "degree" : options.store.relabel;
  SearchShape shape{vertices, partitions, partitions > 1, compressed_lists};
  shape.entries = 2 * options.kronecker.num_edges();
  const SearchDramNeeds needs = search_dram_needs(vertices, searches_of(options), threads, 0, 0, relabelled);
  std::int64_t searches = minimum_search_budget(shape, needs);
  // A reused store's backward lists, which the forward-on-disk placement holds, as listed.
  if (reused && needs.forward_on_disk) {
    shape.backward_list_bytes = reused->backward_list_bytes();
    searches = minimum_search_budget(shape, needs);
  }
  // A reused compressed store below that bound: its row index read for its exact size, as its
  // searches and `info` count it (above the bound the plan checks it once the store is open).
  if (reused && compressed_lists && options.search.budget.dram_budget_bytes < searches) {
    StoreRequest request = store_request(options, partitions);
    request.compressed_lists = true;
    request.relabelled = relabelled;
    shape.index_bytes = stored_index_bytes(options.store.directory, request, options.search.placement);
    searches = minimum_search_budget(shape, needs);
  }
  if (options.store.reuse) return std::max(searches, run_writes_store(options) ? generation : 0);
  const std::int64_t construction =
      program +
      minimum_external_build_budget(vertices, partitions, GraphDirection::kUndirected, options.store.compressed_lists) +
      (options.store.relabel ? relabel_bytes(vertices) : 0);
  return std::max({searches, construction, generation});
}

Graph500Report run_graph500(const Graph500Options& options, std::ostream& log) {
  const KroneckerParams& kronecker = options.kronecker;
  check_budget_has_store(options);
  const int partitions = options.store.partitions > 0 ? options.store.partitions : numa_node_count();
  check_run_budget(options, partitions);
  SearchSession session(searches_of(options), store_made_from(kronecker), partitions, log);
  Graph500Report& report = session.report();
  describe_run(options, report);

  log << (options.store.reuse ? "reusing the store of SCALE " : "generating SCALE ") << kronecker.scale
      << ", edgefactor " << kronecker.edgefactor << ": " << kronecker.num_edges() << " edges, " << report.threads
      << " threads" << std::endl;
  EdgeList edge_list;
  // A compressed or relabelled store is built and searched as under a budget (without one, all of
  // it in DRAM).
  SearchInputs graph = options.search.budget.is_set() || options.store.compressed_lists || options.store.relabel
                                 ? prepare_semi_external(options, session)
                                 : construct_in_memory(options, edge_list, session);
  log << "graph_generation:               " << format_seconds(report.official.generation_seconds) << std::endl;
  log << "construction_time:              " << format_seconds(report.official.construction_seconds)
      << (report.graph_from_store ? " (read from the store)" : "") << std::endl;

  const std::vector<VertexId> roots = pick_bfs_roots(kronecker.seed1, kronecker.seed2, kronecker.num_vertices(),
                                                     options.num_roots,
                                                     [&graph](VertexId v) { return graph.degree(v) > 0; });
  if (roots.empty()) throw Error("no vertex of this graph has an edge, so there is no BFS root: use a larger SCALE");
  ParentArray parent;
  // The SSSP searches that follow need the graph, unless they search a copy of the store's lists;
  // otherwise its DRAM may go to validation.
  const std::optional<std::int64_t> copy_room =
      options.sssp && report.plan
          ? weight_ordered_copy_room(graph, GraphDirection::kUndirected, options.search, *report.plan)
          : std::nullopt;
  session.search(graph, roots, true, parent,
                 options.sssp && !copy_room ? GraphAfterSearches::kKept : GraphAfterSearches::kReleased);
  if (options.sssp && report.validation_passed) {
    search_run_shortest_paths(options, session, graph, edge_list, roots, parent, copy_room);
  }
  return session.finish(kronecker.scale, kronecker.edgefactor);
}

}  // namespace semibfs
