#include "graph500/semi_external_run.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "construction/degree_relabel.hpp"
#include "construction/endpoint_counts.hpp"
#include "construction/external_build.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"
#include "edges/packed_edge.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "graph/csr_graph.hpp"
#include "graph500/graph500_run.hpp"
#include "store/edge_file_check.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {
namespace {

bool edge_file_complete(const std::string& path, const KroneckerParams& kronecker) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return !error && static_cast<std::int64_t>(size) == kronecker.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge));
}

// Bytes of the edge file and, when the store is built too, a bound on its arrays (neighbours of the
// backward and forward graphs, the backward offsets and each partition's forward offsets), so a
// run that cannot fit stops before writing anything.
std::int64_t bytes_to_write(const Graph500Options& options, int partitions, bool with_store) {
  const std::int64_t edges = options.kronecker.num_edges();
  const std::int64_t edge_file = edges * static_cast<std::int64_t>(sizeof(PackedEdge));
  if (!with_store) return edge_file;
  const std::int64_t neighbours = 2 * 2 * edges * static_cast<std::int64_t>(sizeof(NeighborId));
  const std::int64_t rows = (partitions + 1) * (options.kronecker.num_vertices() + 1);
  // Relabelling writes the edges again, renamed, until the store is built.
  const std::int64_t relabelled = options.store.relabel ? edge_file : 0;
  return edge_file + relabelled + neighbours + rows * static_cast<std::int64_t>(sizeof(std::int64_t));
}

// Generation: the edges in chunks within the budget's share, straight into the file; with SSSP
// their weights too, into the store's edges.weights (its manifest entry returned); with `counts`,
// each chunk's endpoints counted and sealed too, for the build (their 4 bytes a vertex and their
// staging come out of the chunks' share).
std::optional<StoreArray> write_edge_file(const Graph500Options& options, SearchSession& session,
                                          WrittenEdgeCounts* counts = nullptr) {
  Stopwatch generation_time;
  std::optional<EdgeWeightsWriter> weights;
  if (options.sssp) weights.emplace(options.store.directory);
  const EdgeWeightSink sink =
      weights ? EdgeWeightSink([&weights](std::span<const float> chunk) { weights->append(chunk); }) : EdgeWeightSink();
  const EdgeChunkSink count =
      counts ? EdgeChunkSink([counts](std::span<const PackedEdge> chunk) { counts->add(chunk); }) : EdgeChunkSink();
  const std::int64_t counts_bytes = counts ? WrittenEdgeCounts::bytes(counts->num_vertices()) : 0;
  write_kronecker_edge_file(options.kronecker, store_path(options.store.directory, kEdgeFileName),
                            options.search.budget.generation_bytes() - counts_bytes, &session.log(),
                            EdgeFormat::kG500Packed, sink, count);
  session.report().official.generation_seconds = generation_time.seconds();
  return weights ? std::optional(weights->finish()) : std::nullopt;
}

void write_edges_and_store(const Graph500Options& options, SearchSession& session) {
  RemovedUnlessKept edge_weights(store_path(options.store.directory, kEdgeWeightsName));  // as the edge file
  // Counted as written, so the build skips a read of the whole file (not for relabelled ids).
  std::optional<WrittenEdgeCounts> counts;
  if (!options.store.relabel) counts.emplace(options.kronecker.num_vertices(), store_path(options.store.directory, kEdgeFileName));
  const std::optional<StoreArray> weights = write_edge_file(options, session, counts ? &*counts : nullptr);
  Graph500Report& report = session.report();
  ExternalBuildOptions build;
  build.dram_budget_bytes = options.search.budget.construction_bytes();
  build.partitions = report.partitions;
  build.order = options.store.neighbor_order;
  if (options.store.compressed_lists) build.list_codec = default_list_codec();
  build.made_from = store_made_from(options.kronecker);
  build.progress = &session.log();
  build.edge_weights = weights;  // the store then keeps list weights too
  build.written_counts = counts ? &*counts : nullptr;
  Stopwatch construction_time;
  RemovedUnlessKept edges(store_path(options.store.directory, kEdgeFileName));  // a failed build takes it too
  if (options.store.relabel) {
    build_relabelled_store(edges.path(), options.kronecker.num_vertices(), options.store.directory, build);
  } else {
    build_store_from_edge_file(edges.path(), options.kronecker.num_vertices(), options.store.directory, build);
  }
  edges.keep();
  edge_weights.keep();
  // The endpoints counted while generating are kernel 1's work: timed as construction, not generation.
  const double counting_seconds = counts ? counts->seconds() : 0.0;
  report.official.generation_seconds -= counting_seconds;
  report.official.construction_seconds = construction_time.seconds() + counting_seconds;
  report.store_write_seconds = report.official.construction_seconds;
}

}  // namespace

bool run_writes_store(const Graph500Options& options) {
  if (!options.store.reuse) return true;
  const std::string edges = store_path(options.store.directory, kEdgeFileName);
  return options.search.budget.is_set() && !edge_file_complete(edges, options.kronecker);
}

SearchInputs prepare_semi_external(const Graph500Options& options, SearchSession& session) {
  Graph500Report& report = session.report();
  std::ostream& log = session.log();
  const std::string edges = store_path(options.store.directory, kEdgeFileName);
  if (!options.store.reuse) {
    require_free_space(options.store.directory, bytes_to_write(options, report.partitions, true),
                       "the edge file and the store");
    write_edges_and_store(options, session);
  } else {
    report.graph_from_store = true;
    // The store must be the one asked for before its edge file is written again.
    const StoreManifest manifest = read_store_manifest(options.store.directory, store_request(options, report.partitions));
    // An SSSP run also needs the edge file's weights, which a store made in DRAM does not keep.
    if (!edge_file_complete(edges, options.kronecker) || (options.sssp && !manifest.edge_weights)) {
      require_free_space(options.store.directory, bytes_to_write(options, report.partitions, false),
                         "the edge file");
      log << "the store has no complete edge file" << (options.sssp ? " or edge weights" : "") << "; writing " << edges
          << std::endl;
      std::error_code removal;
      if (!std::filesystem::remove(edges, removal) && removal) {
        throw Error("cannot remove the incomplete edge file '" + edges + "' to write it again: " + removal.message() +
                    " (make the store directory writable)");
      }
      StoreManifest recorded = manifest;
      if (const std::optional<StoreArray> weights = write_edge_file(options, session)) recorded.edge_weights = weights;
      // A store made in DRAM had no edge file to record; one made with it is checked at open.
      if (!manifest.edge_file || (recorded.edge_weights && !manifest.edge_weights)) {
        record_store_edge_file(options.store.directory, recorded,
                               static_cast<std::uint64_t>(options.search.budget.edge_chunk_edges()) * sizeof(PackedEdge));
      }
    }
  }
  log << "edge file and store ready; peak RSS so far " << format_bytes(peak_rss_bytes()) << std::endl;
  Stopwatch open_time;
  SearchInputs graph = session.open_store(options.store.directory, store_request(options, report.partitions),
                                          options.kronecker.num_vertices(), options.kronecker.num_edges(), 0);
  // Reading the graph is this run's construction; checking the edge file belongs to validation.
  if (report.graph_from_store) {
    report.official.construction_seconds = open_time.seconds() - std::max(0.0, report.edge_file_check_seconds);
  }
  return graph;
}

}  // namespace semibfs
