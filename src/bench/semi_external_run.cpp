#include "bench/semi_external_run.hpp"

#include <algorithm>
#include <filesystem>

#include "bfs/tail_fetcher.hpp"
#include "core/error.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"
#include "gen/packed_edge.hpp"
#include "storage/edge_file_writer.hpp"
#include "storage/external_build.hpp"
#include "storage/graph_store.hpp"
#include "storage/packed_file_edge_source.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

// Chunks of the edge file for validation: 2^19 edges (16 MiB of buffers), fewer under a small budget.
PackedFileOptions edge_source_options(const Graph500Options& options) {
  PackedFileOptions source;
  source.io = options.io;
  source.chunk_edges = std::clamp<std::int64_t>(options.dram_budget_bytes / 64 / 32 / 1024 * 1024, 1024,
                                                 std::int64_t{1} << 19);
  return source;
}

bool edge_file_complete(const std::string& path, const KroneckerParams& kronecker) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return !error && static_cast<std::int64_t>(size) == kronecker.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge));
}

// Generation: the edges in chunks of at most the budget, straight into the file.
void write_edge_file(const Graph500Options& options, Graph500Report& report, std::ostream& log) {
  Stopwatch generation_time;
  write_kronecker_edge_file(options.kronecker, edge_file_path(options.store_directory), options.dram_budget_bytes,
                            &log);
  report.official.generation_seconds = generation_time.seconds();
}

void write_edges_and_store(const Graph500Options& options, Graph500Report& report, std::ostream& log) {
  write_edge_file(options, report, log);
  ExternalBuildOptions build;
  build.memory_budget_bytes = options.dram_budget_bytes;
  build.partitions = report.partitions;
  build.order = options.neighbor_order;
  build.made_from = store_made_from(options.kronecker);
  build.progress = &log;
  Stopwatch construction_time;
  build_store_from_edge_file(edge_file_path(options.store_directory), options.kronecker.num_vertices(),
                             options.store_directory, build);
  report.official.construction_seconds = construction_time.seconds();
  report.store_write_seconds = report.official.construction_seconds;
}

}  // namespace

std::string edge_file_path(const std::string& store_directory) {
  return (std::filesystem::path(store_directory) / "edges.packed48").string();
}

SearchInputs prepare_semi_external(const Graph500Options& options, Graph500Report& report, std::ostream& log) {
  const KroneckerParams& kronecker = options.kronecker;
  const std::string edges = edge_file_path(options.store_directory);
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
  SearchInputs graph;
  graph.edges = std::make_unique<PackedFileEdgeSource>(edges, kronecker.num_vertices(), edge_source_options(options));
  const StoreRequest request = store_request(options, report.partitions);
  const std::int64_t per_vertex =
      bfs_status_bytes_per_vertex(kronecker.num_vertices(), options.bfs.summary_bits);
  PlacementRequest placement;
  placement.dram_budget_bytes = options.dram_budget_bytes;
  placement.forced_head_entries = options.forced_head_entries;
  const std::int64_t validator_bytes =
      options.skip_validation ? 0 : Validator::working_bytes_for(kronecker.num_vertices());
  const auto arena_bytes = static_cast<std::int64_t>(TailFetchOptions{}.arena_bytes) * report.threads;
  placement.reserved_bytes = graph.edges->buffer_bytes() + validator_bytes + arena_bytes;
  placement.reserved_description = "edge chunks, validator, I/O buffers";
  report.plan = plan_placement(profile_of_store(options.store_directory, request, per_vertex), placement);
  print_plan(log, *report.plan);

  Stopwatch open_time;
  if (report.plan->fits_in_memory) {
    graph.in_memory = read_store(options.store_directory, request);
  } else {
    graph.tiered.emplace(open_tiered_graph(options.store_directory, request, *report.plan));
    report.lists_on_disk = graph.tiered->has_tails();
  }
  const double open_seconds = open_time.seconds();
  log << "opened the store in " << open_seconds << " s; peak RSS so far " << peak_rss_bytes() / (1 << 20) << " MiB"
      << std::endl;
  if (report.graph_from_store) report.official.construction_seconds = open_seconds;
  return graph;
}

}  // namespace semibfs
