#include "graph500/semi_external_run.hpp"

#include <algorithm>
#include <filesystem>

#include "tiered/tail_fetcher.hpp"
#include "core/error.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"
#include "edges/packed_edge.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "build/external_build.hpp"
#include "store/graph_store.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "validate/validator.hpp"

namespace semibfs {

PackedFileOptions edge_source_options(const Graph500Options& options) {
  PackedFileOptions source;
  source.io = options.io;
  if (options.dram_budget_bytes > 0) {
    source.chunk_edges = std::clamp<std::int64_t>(options.dram_budget_bytes / 64 / 32 / 1024 * 1024, 1024,
                                                   std::int64_t{1} << 19);
  } else {
    source.chunk_edges = std::int64_t{1} << 19;
  }
  return source;
}

namespace {

bool edge_file_complete(const std::string& path, const KroneckerParams& kronecker) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return !error && static_cast<std::int64_t>(size) == kronecker.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge));
}

// Generation: the edges in chunks of at most the budget, straight into the file.
void write_edge_file(const Graph500Options& options, Graph500Report& report, std::ostream& log) {
  Stopwatch generation_time;
  write_kronecker_edge_file(options.kronecker, store_path(options.store_directory, kEdgeFileName), options.dram_budget_bytes,
                            &log);
  report.official.generation_seconds = generation_time.seconds();
}

void write_edges_and_store(const Graph500Options& options, Graph500Report& report, std::ostream& log) {
  write_edge_file(options, report, log);
  ExternalBuildOptions build;
  build.dram_budget_bytes = options.dram_budget_bytes;
  build.partitions = report.partitions;
  build.order = options.neighbor_order;
  build.made_from = store_made_from(options.kronecker);
  build.progress = &log;
  Stopwatch construction_time;
  build_store_from_edge_file(store_path(options.store_directory, kEdgeFileName), options.kronecker.num_vertices(),
                             options.store_directory, build);
  report.official.construction_seconds = construction_time.seconds();
  report.store_write_seconds = report.official.construction_seconds;
}

}  // namespace

SearchInputs prepare_semi_external(const Graph500Options& options, Graph500Report& report, std::ostream& log) {
  const KroneckerParams& kronecker = options.kronecker;
  const std::string edges = store_path(options.store_directory, kEdgeFileName);
  if (!options.reuse_store) {
    write_edges_and_store(options, report, log);
  } else {
    report.graph_from_store = true;
    if (!edge_file_complete(edges, kronecker)) {
      log << "the store has no complete edge file; writing " << edges << std::endl;
      std::filesystem::remove(edges);
      write_edge_file(options, report, log);
    }
  }
  log << "edge file and store ready; peak RSS so far " << peak_rss_bytes() / (1 << 20) << " MiB" << std::endl;
  Stopwatch open_time;
  SearchInputs graph = open_store_for_search(options.store_directory, store_request(options, report.partitions),
                                             kronecker.num_vertices(), options, report, log);
  if (report.graph_from_store) report.official.construction_seconds = open_time.seconds();
  return graph;
}

PlacementPlan plan_store_placement(const Graph500Options& options, std::int64_t edge_buffer_bytes,
                                   const StoreIndex& store, int threads) {
  const std::int64_t num_vertices = store.manifest.vertices;
  PlacementRequest placement;
  placement.dram_budget_bytes = options.dram_budget_bytes;
  placement.head_entries = options.forced_head_entries;
  const std::int64_t validator_bytes = options.skip_validation ? 0 : Validator::working_bytes_for(num_vertices);
  const auto arena_bytes = static_cast<std::int64_t>(TailFetchOptions{}.arena_bytes) * threads;
  placement.reserved_bytes = edge_buffer_bytes + validator_bytes + arena_bytes + options.caller_bytes;
  placement.reserved_description = options.caller_bytes > 0 ? "edge chunks, validator, I/O buffers, id map"
                                                            : "edge chunks, validator, I/O buffers";
  const std::int64_t per_vertex = bfs_status_bytes_per_vertex(num_vertices, options.bfs.summary_bits);
  return plan_placement(profile_of_store(store, per_vertex), placement);
}

SearchInputs open_store_for_search(const std::string& store_directory, const StoreRequest& request,
                                   std::int64_t num_vertices, const Graph500Options& options, Graph500Report& report,
                                   std::ostream& log) {
  SearchInputs graph;
  graph.edges = std::make_unique<PackedFileEdgeSource>(store_path(store_directory, kEdgeFileName), num_vertices,
                                                       edge_source_options(options));
  Stopwatch open_time;
  if (options.dram_budget_bytes > 0) {
    // The offsets read for the plan are the ones the tiered open keeps: read once.
    StoreIndex store = read_store_index(store_directory, request);
    report.plan = plan_store_placement(options, graph.edges->buffer_bytes(), store, report.threads);
    print_plan(log, *report.plan);
    if (!report.plan->fits_in_memory) {
      graph.tiered.emplace(open_tiered_graph(std::move(store), *report.plan));
      report.lists_on_disk = graph.tiered->has_tails();
    }
  }
  if (!graph.tiered) {
    graph.in_memory = read_store(store_directory, request);
  }
  log << "opened the store in " << open_time.seconds() << " s; peak RSS so far " << peak_rss_bytes() / (1 << 20)
      << " MiB" << std::endl;
  return graph;
}

}  // namespace semibfs
