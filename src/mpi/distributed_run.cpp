#include "mpi/distributed_run.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <memory>
#include <vector>

#include "core/bitmap.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/numa_placement.hpp"
#include "core/timer.hpp"
#include "mpi/distributed_bfs.hpp"
#include "mpi/distributed_sssp.hpp"
#include "mpi/distributed_sssp_run.hpp"
#include "mpi/distributed_sssp_validator.hpp"
#include "mpi/distributed_validator.hpp"
#include "mpi/every_rank.hpp"
#include "mpi/node_group.hpp"
#include "mpi/rank_batch_checker.hpp"
#include "mpi/rank_graph.hpp"
#include "mpi/rank_list_weights.hpp"
#include "mpi/rank_parents.hpp"
#include "mpi/rank_part_build.hpp"
#include "mpi/rank_store.hpp"
#include "mpi/traversed_edges.hpp"
#include "mpi/vertex_bits.hpp"
#include "gen/roots.hpp"
#include "graph500/graph500_run.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/search_session.hpp"
#include "sssp/weighted_lists.hpp"
#include "store/stored_weights.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {
namespace {

// Under a budget the pairs of a top-down round get pair_bytes_for it (a 16th, 1 to 64 MiB).
std::int64_t pair_bytes(const SearchOptions& search) {
  return search.budget.is_set() ? pair_bytes_for(search.budget.dram_budget_bytes) : 0;
}

DistributedSearchLimits search_limits(const SearchOptions& search) {
  DistributedSearchLimits limits;
  limits.pair_bytes = pair_bytes(search);
  limits.fetch.io = search.io;
  return limits;
}

std::vector<TrafficFigure> traffic_figures(const TrafficByKind& traffic) {
  std::vector<TrafficFigure> figures;
  for (int kind = 0; kind < kTrafficKinds; ++kind) {
    const Traffic& t = traffic[kind];
    if (t.messages > 0) figures.push_back({to_string(static_cast<TrafficKind>(kind)), t.bytes, t.messages, t.seconds});
  }
  return figures;
}

// The traffic of every rank, summed.
TrafficByKind sum_traffic(Communicator& comm, const TrafficByKind& mine) {
  std::vector<std::int64_t> counts;
  std::vector<double> seconds;
  for (const Traffic& t : mine) {
    counts.push_back(t.bytes);
    counts.push_back(t.messages);
    seconds.push_back(t.seconds);
  }
  comm.sum(std::span<std::int64_t>(counts));
  comm.sum(std::span<double>(seconds));
  TrafficByKind total{};
  for (int kind = 0; kind < kTrafficKinds; ++kind) total[kind] = {counts[2 * kind], counts[2 * kind + 1], seconds[kind]};
  return total;
}

std::vector<double> gather_doubles(Communicator& comm, double mine) {
  std::vector<double> all(static_cast<std::size_t>(comm.size()));
  const std::vector<std::int64_t> counts(static_cast<std::size_t>(comm.size()), 1);
  comm.allgather<double>(std::span<const double>(&mine, 1), all, counts, TrafficKind::kControl);
  return all;
}

// The generated share, kernel 1 and what every rank needs from them. Filled in place: the edge
// source may refer to `edges`.
struct RankInputs {
  EdgeList edges;  // the generated share; empty when it is read from the rank's store
  std::unique_ptr<EdgeSource> edge_source;  // what validation and the TEPS count read
  RankGraph graph;
  std::vector<float> list_weights;  // --sssp: beside graph.lists' entries (kernel 1 makes them)
  std::unique_ptr<StoreLock> lock;  // the rank's part of the store, while the run uses it
  std::optional<PlacementPlan> plan;  // under a budget
  // --sssp under a budget: the own lists as SSSP streams them, the weights of their resident
  // entries (the rest in the part's file) and the share with its weights, all from the rank's part.
  std::optional<TieredGraph> weighted_view;
  std::optional<TieredWeights> tiered_weights;
  std::unique_ptr<WeightedShareSource> weighted_share;
};

struct RankTotals {
  TrafficByKind traffic{};
  double communication_seconds = 0;
  double computation_seconds = 0;
};

// A search's reads: requests and bytes summed over the ranks, the rest (latencies, queue depth, thread times) this rank's.
IoSummary io_across_ranks(Communicator& comm, const IoStats& mine) {
  IoSummary summary = mine.summary();
  std::int64_t counts[3] = {static_cast<std::int64_t>(summary.requests), static_cast<std::int64_t>(summary.bytes),
                            static_cast<std::int64_t>(summary.device_bytes)};
  comm.sum(counts);
  summary.requests = static_cast<std::uint64_t>(counts[0]);
  summary.bytes = static_cast<std::uint64_t>(counts[1]);
  summary.device_bytes = static_cast<std::uint64_t>(counts[2]);
  summary.mean_request_bytes = counts[0] > 0 ? static_cast<double>(counts[1]) / static_cast<double>(counts[0]) : 0;
  return summary;
}

// The search across ranks, handed to the one driver (SearchSession::search_with): every rank
// searches from the same root into the parents of its own vertices; the ranks meet before the
// clock starts and a search takes the slowest rank's time.
class RankSearcher final : public RootSearcher {
 public:
  RankSearcher(Communicator& comm, const RankGraph& graph, const SearchOptions& search, const RankOptions& ranks,
               NodeGroup* node)
      : comm_(comm), engine_(comm, graph, search.bfs, ranks, node, search_limits(search)) {}

  std::vector<LevelStats> search(VertexId root, ParentArray& parent) override {
    levels_ = engine_.run(root, own_entries(parent));
    std::vector<LevelStats> stats;
    for (const DistributedLevel& level : levels_) stats.push_back(level.stats);
    return stats;
  }
  IoStats take_io_stats() override { return engine_.take_io_stats(); }
  std::string io_backend() const override { return engine_.io_backend(); }
  void start_together() override { comm_.barrier(); }
  double slowest(double seconds) override { return comm_.max(seconds); }
  void add_figures(RootResult& result, const IoStats& io) override {
    result.communication = level_figures(levels_);
    result.io = io_across_ranks(comm_, io);
  }

  const RankTotals& totals() const { return totals_; }
  DistributedBfs& engine() { return engine_; }

 private:
  std::vector<LevelCommunication> level_figures(const std::vector<DistributedLevel>& levels);

  Communicator& comm_;
  DistributedBfs engine_;
  std::vector<DistributedLevel> levels_;  // the last search's
  RankTotals totals_;
};

std::vector<LevelCommunication> RankSearcher::level_figures(const std::vector<DistributedLevel>& levels) {
  std::vector<LevelCommunication> figures;
  for (const DistributedLevel& level : levels) {
    for (int kind = 0; kind < kTrafficKinds; ++kind) totals_.traffic[kind].add(level.traffic[kind]);
    totals_.communication_seconds += level.communication_seconds;
    totals_.computation_seconds += level.computation_seconds;
    std::int64_t pairs[2] = {level.pairs_generated, level.cache_hits};
    comm_.sum(pairs);
    figures.push_back({traffic_figures(sum_traffic(comm_, level.traffic)), pairs[0], pairs[1],
                       gather_doubles(comm_, level.communication_seconds), gather_doubles(comm_, level.computation_seconds)});
  }
  return figures;
}

// The TEPS count and the validation across ranks (both collective), over each rank's share of the
// input tuples and the parents of its own vertices.
class RankChecker final : public OneSearchChecker {
 public:
  RankChecker(Communicator& comm, const RankInputs& inputs) : comm_(comm), inputs_(inputs) {}

  std::int64_t count_edges(const ParentArray& parent) override {
    return count_traversed_edges_across(comm_, inputs_.graph.ranks, *inputs_.edge_source, own_entries(parent));
  }
  std::optional<ValidationFailure> validate(VertexId root, const ParentArray& parent, std::int64_t nedge) override {
    const DistributedValidation validation =
        validate_distributed(comm_, inputs_.graph.ranks, *inputs_.edge_source, root, own_entries(parent));
    if (!validation.ok()) return ValidationFailure{validation.first_rule, kUnreached, validation.first_failure};
    return check_teps_count(nedge, validation.nedge);
  }

 private:
  Communicator& comm_;
  const RankInputs& inputs_;
};

// Searches validated in batches when the run has no budget (rank_searches_per_batch), else one at a time.
std::unique_ptr<SearchChecker> make_rank_checker(Communicator& comm, const SearchOptions& search,
                                                 const RankInputs& inputs, std::int64_t roots, std::ostream& log) {
  const int batch = rank_searches_per_batch(comm, inputs.graph.ranks, roots, search.budget.is_set(),
                                            !search.skip_validation);
  if (batch < 2) return std::make_unique<RankChecker>(comm, inputs);
  log << "validating up to " << batch << " searches in one pass across ranks; their parents kept until then ("
      << format_bytes(rank_batch_bytes(inputs.graph.ranks, comm.rank(), batch)) << " with the validation on rank 0)"
      << std::endl;
  return std::make_unique<RankBatchChecker>(comm, inputs.graph.ranks, *inputs.edge_source, batch);
}

void generate_share(Communicator& comm, const Graph500Options& options, Graph500Report& report, std::ostream& log,
                    RankInputs& inputs) {
  comm.barrier();
  const Stopwatch generation_time;
  inputs.edges = generate_edge_share(options.kronecker, comm, options.sssp.has_value());
  report.official.generation_seconds = comm.max(generation_time.seconds());
  report.memory.edge_list_bytes = static_cast<std::int64_t>(inputs.edges.edges.size() * sizeof(CompactEdge) +
                                                            inputs.edges.weights.size() * sizeof(float));
  inputs.edge_source = std::make_unique<InMemoryEdgeSource>(inputs.edges);
  log << "graph_generation:               " << format_seconds(report.official.generation_seconds) << std::endl;
}

// Kernel 1's SSSP weights beside the lists in DRAM, from the share's weights; the slowest rank's seconds.
double make_list_weights(Communicator& comm, std::ostream& log, RankInputs& inputs) {
  comm.barrier();
  const Stopwatch time;
  inputs.list_weights = make_rank_list_weights(comm, inputs.graph, inputs.edges);
  const double seconds = comm.max(time.seconds());
  log << "list weights beside the lists (part of construction_time, made by kernel 1): "
      << format_bytes(static_cast<std::int64_t>(inputs.list_weights.size() * sizeof(float))) << " on rank 0"
      << std::endl;
  return seconds;
}

void construct(Communicator& comm, const Graph500Options& options, Graph500Report& report, std::ostream& log,
               RankInputs& inputs) {
  comm.barrier();
  const Stopwatch construction_time;
  inputs.graph = construct_rank_graph(comm, options.kronecker.num_vertices(), inputs.edges, options.store.neighbor_order);
  report.official.construction_seconds = comm.max(construction_time.seconds());
  // Kernel 1 of the reference builds the weights beside the lists, so they count in construction_time.
  if (options.sssp) report.official.construction_seconds += make_list_weights(comm, log, inputs);
  log << "construction_time:              " << format_seconds(report.official.construction_seconds) << std::endl;
}

// Every rank writes its part, DIR/rank-K, after kernel 1 (untimed, as one process writes its store),
// into the directory it created and locked before any work.
void write_rank_part(Communicator& comm, const Graph500Options& options, Graph500Report& report, std::ostream& log,
                     RankInputs& inputs) {
  const Stopwatch write_time;
  write_rank_store(rank_store_directory(options.store.directory, comm.rank()), inputs.graph, inputs.edges,
                   rank_store_request(options.kronecker, options.store.neighbor_order, comm), inputs.list_weights);
  report.store_write_seconds = comm.max(write_time.seconds());
  log << "wrote " << comm.size() << " rank parts into " << options.store.directory << " in "
      << format_seconds(report.store_write_seconds) << std::endl;
}

// The vertices this rank owns.
std::int64_t own_vertex_count(const Communicator& comm, const Graph500Options& options) {
  return PartitionLayout(options.kronecker.num_vertices(), comm.size()).range(comm.rank()).size();
}

// The program's footprint as every rank counts it: the largest rank's, in whole 4 MiB. A rank's
// start-up resident set is mostly the MPI libraries' pages (13.1 MiB at 2 ranks, 15.3 at 3), which
// vary by 0.1 MiB or more from run to run, so a count in whole MiB moved the stated minimum by 1 MiB.
std::int64_t rank_program_bytes(Communicator& comm, const DramBudget& budget) {
  constexpr std::int64_t kGrainBytes = std::int64_t{4} << 20;
  return (comm.max(budget.program_bytes) + kGrainBytes - 1) / kGrainBytes * kGrainBytes;
}

// SSSP runs after the BFS searches, whose engine and parents are gone by then: per own vertex its
// labels, distances, parents and buckets, where the BFS status is less; its updates in the room of
// BFS's pair buffer (sssp_exchange_bytes); its validation the share's weights beside each round's
// tuples, read from the part.
void add_rank_sssp_needs(SearchDramNeeds& needs) {
  needs.bfs_status_bytes_per_vertex =
      std::max(needs.bfs_status_bytes_per_vertex, DistributedDeltaStepping::kSearchBytesPerOwnVertex);
  needs.status_description = "BFS status or SSSP labels, distances and buckets";
  needs.validator_bytes += FileWeightedShare::buffer_bytes(kDefaultTuplesPerRound);
}

// Under a budget the updates a rank sends in one SSSP exchange: all the buffers of a limited exchange
// (DistributedDeltaStepping::exchange_buffers) together take one pair buffer's bytes, which the plan
// counts and BFS has freed by then. 0 without a budget: a phase's updates at once.
std::int64_t sssp_exchange_bytes(const Communicator& comm, const SearchOptions& search) {
  return pair_bytes(search) / DistributedDeltaStepping::exchange_buffers(comm.size());
}

// What a rank's searches hold besides its lists under a budget (the plan places the lists in the rest).
SearchDramNeeds rank_search_needs(Communicator& comm, const Graph500Options& options,
                                  std::int64_t edge_chunk_bytes, int threads) {
  SearchOptions search = options.search;
  search.shortest_paths = options.sssp.has_value();  // the weights beside the lists, SSSP's readers
  const std::int64_t n = options.kronecker.num_vertices();
  const std::int64_t own = own_vertex_count(comm, options);
  // One process's needs for the own vertices, with the search's and the validator's own figures.
  SearchDramNeeds needs = search_dram_needs(own, search, threads, edge_chunk_bytes, 0);
  needs.program_bytes = rank_program_bytes(comm, search.budget);
  needs.bfs_status_bytes_per_vertex = DistributedBfs::kStatusBytesPerOwnVertex;
  needs.validator_bytes =
      search.skip_validation ? 0 : distributed_validation_bytes(own, n, comm.size(), kDefaultTuplesPerRound);
  // The pair buffers apart: they grow with the budget, which the minimum then covers.
  needs.exchange_bytes = DistributedBfs::exchange_bytes_for(n, own, search.bfs.summary_bits, 0) +
                         RemoteCaches::reserved_bytes(options.ranks, comm.rank(), comm.size(), 0);
  needs.pair_buffers = 1 + RemoteCaches::pair_buffers(options.ranks, comm.rank(), comm.size());
  if (options.sssp) add_rank_sssp_needs(needs);
  needs.pair_bytes = needs.pair_buffers * pair_bytes(search);
  return needs;
}

// Every rank states and plans from the largest rank's minimum (ranks own different vertices and
// measure their own footprints), so that a budget one rank states no other refuses.
SearchDramNeeds agreed_across_ranks(Communicator& comm, SearchDramNeeds needs, std::int64_t own_minimum) {
  needs.agreed_minimum_bytes = comm.max(own_minimum);
  return needs;
}

// SSSP under a budget reads the weights its part keeps: a part without them (written by a run without
// --sssp) is refused on every rank before any list is read.
void require_part_weights(Communicator& comm, const std::string& directory, const StoreManifest& manifest) {
  throw_on_every_rank(comm, manifest.list_weights && manifest.edge_weights
                                ? std::string()
                                : "--sssp --dram-budget under mpirun: the rank part '" + directory +
                                      "' has no weights (a run without --sssp wrote it): write it with 'run --sssp "
                                      "--store DIR [--dram-budget SIZE]' under mpirun into an empty directory");
}

// The part's weights for SSSP under the budget, checked against its manifest: those of the resident
// list entries read into DRAM beside them, the tails' left in the part's file, and the share's
// checked for validation, which reads them a round at a time (kernel 1's result, timed with the lists).
void open_part_weights(Communicator& comm, const Graph500Options& options, const std::string& directory,
                       const StoreManifest& manifest, RankInputs& inputs) {
  on_every_rank(comm, [&] {
    inputs.weighted_view = TieredGraph::view_of_partition(inputs.graph.tiered, options.store.neighbor_order);
    inputs.tiered_weights = TieredWeights::open(directory, manifest, *inputs.weighted_view, *inputs.plan);
    const std::int64_t records = inputs.edge_source->num_edges();
    const auto piece = static_cast<std::uint64_t>(FileWeightedShare::buffer_bytes(kDefaultTuplesPerRound));
    const std::string weights = check_edge_weights(directory, manifest, records, piece);
    inputs.weighted_share = std::make_unique<FileWeightedShare>(store_path(directory, kEdgeFileName), weights);
  });
}

// Opens the rank's part (locked by the caller) for the searches; returns the seconds the lists took
// to read. Without a budget the share is generated and the lists are read whole; with one the
// share is the part's edge file, checked, and the lists are split by the rank's plan.
double open_rank_part(Communicator& comm, const Graph500Options& options, SearchSession& session, RankInputs& inputs) {
  Graph500Report& report = session.report();
  const std::string directory = rank_store_directory(options.store.directory, comm.rank());
  StoreIndex index = read_store_index(directory, rank_store_request(options.kronecker, options.store.neighbor_order, comm));
  const StoreManifest manifest = index.manifest;
  if (options.sssp && options.search.budget.is_set()) require_part_weights(comm, directory, manifest);
  if (!options.search.budget.is_set()) {
    generate_share(comm, options, report, session.log(), inputs);
  } else {
    inputs.edge_source = open_store_edges(directory, options.kronecker.num_vertices(), options.search);
    const SearchDramNeeds own = rank_search_needs(comm, options, inputs.edge_source->buffer_bytes(), report.threads);
    const GraphProfile profile = profile_of_store(index, own.bfs_status_bytes_per_vertex);
    const SearchDramNeeds needs = agreed_across_ranks(comm, own, minimum_search_budget(profile, own));
    on_every_rank(comm, [&] { inputs.plan = plan_search_placement(profile, options.search, needs); });
    print_plan(session.log(), *inputs.plan);
    const EdgeShare share = edge_share(options.kronecker.num_edges(), comm.rank(), comm.size());
    session.check_edge_file(directory, share.end - share.begin, edge_check_buffer_bytes(*inputs.edge_source, inputs.plan));
  }
  comm.barrier();
  const Stopwatch open_time;
  inputs.graph = open_rank_store(comm, std::move(index), inputs.plan ? *inputs.plan : everything_in_dram());
  if (options.sssp && inputs.plan) open_part_weights(comm, options, directory, manifest, inputs);
  const double seconds = comm.max(open_time.seconds());
  report.lists_on_disk = comm.max(static_cast<std::int64_t>(inputs.graph.tiered.has_tails())) > 0;
  return seconds;
}

// A part read back is this run's kernel 1 (timed, as one process reading its store).
void read_rank_part(Communicator& comm, const Graph500Options& options, SearchSession& session, RankInputs& inputs) {
  Graph500Report& report = session.report();
  const std::string directory = rank_store_directory(options.store.directory, comm.rank());
  if (!store_exists(directory)) {
    throw Error("store '" + options.store.directory + "' holds no part for rank " + std::to_string(comm.rank()) + " of " +
                std::to_string(comm.size()) + " (" + directory + "): write it first with the same rank count, without --reuse");
  }
  inputs.lock = lock_existing_store(directory, StoreLock::Mode::kRead);
  report.graph_from_store = true;
  report.official.construction_seconds = open_rank_part(comm, options, session, inputs);
  // Without a budget the lists are read whole and kernel 1 gives them the weights of the share
  // generated again; under one the part's weights are read with its lists (open_part_weights).
  const bool make_weights = options.sssp && !options.search.budget.is_set();
  if (make_weights) report.official.construction_seconds += make_list_weights(comm, session.log(), inputs);
  session.log() << "construction_time:              " << format_seconds(report.official.construction_seconds)
                << " (the rank parts read back" << (make_weights ? ", the list weights made" : "")
                << (options.sssp && !make_weights ? ", with their weights" : "") << ")"
                << std::endl;
}

// Kernel 1 within the budget (rank_part_build.hpp), timed as one process's external build is; the
// part is then opened as --reuse opens it (untimed, as one process opens the store it built).
void build_rank_part(Communicator& comm, const Graph500Options& options, SearchSession& session, RankInputs& inputs) {
  Graph500Report& report = session.report();
  const std::string directory = rank_store_directory(options.store.directory, comm.rank());
  const DramBudget& budget = options.search.budget;
  // The searches' minimum, before any work, every list counted (the plan, from the lists built, needs no more).
  const SearchShape shape{own_vertex_count(comm, options), 1, false};
  const SearchDramNeeds needs = rank_search_needs(comm, options, 0, report.threads);
  const SearchDramNeeds agreed = agreed_across_ranks(comm, needs, minimum_search_budget(shape, needs));
  on_every_rank(comm, [&] { check_search_budget(options.search, shape, agreed); });
  const RankPartBuildStats built =
      build_rank_part_within_budget(comm, options.kronecker, options.store.neighbor_order, directory,
                                    budget.generation_bytes(), budget.construction_bytes(), options.sssp.has_value(),
                                    session.log());
  report.official.generation_seconds = built.generation_seconds;
  report.official.construction_seconds = built.construction_seconds;
  report.store_write_seconds = built.construction_seconds;
  session.log() << "graph_generation:               " << format_seconds(built.generation_seconds) << "\n"
                << "construction_time:              " << format_seconds(built.construction_seconds) << " ("
                << built.exchange_rounds << " exchange rounds, the parts built within the budget)" << std::endl;
  open_rank_part(comm, options, session, inputs);
}

void prepare_inputs(Communicator& comm, const Graph500Options& options, SearchSession& session, RankInputs& inputs) {
  Graph500Report& report = session.report();
  if (options.store.reuse) {
    read_rank_part(comm, options, session, inputs);
  } else {
    // A part that is there already, or a directory that cannot be made, stops the run before any work.
    if (!options.store.directory.empty()) inputs.lock = create_rank_store(options.store.directory, comm.rank());
    if (options.search.budget.is_set()) {  // a budget comes with a store (checked with the options)
      build_rank_part(comm, options, session, inputs);
    } else {
      generate_share(comm, options, report, session.log(), inputs);
      construct(comm, options, report, session.log(), inputs);
      if (!options.store.directory.empty()) write_rank_part(comm, options, report, session.log(), inputs);
    }
  }
  report.memory.graph.backward = inputs.graph.dram_bytes();
  report.memory.graph.first_neighbors = inputs.graph.first_neighbor_bytes();
}

std::vector<VertexId> pick_roots(Communicator& comm, const Graph500Options& options, const RankGraph& graph) {
  Bitmap own_has_edge(graph.own.size());
  for (std::int64_t row = 0; row < graph.own.size(); ++row) {
    if (graph.tiered.degree(row) > 0) own_has_edge.set(row);
  }
  const Bitmap has_edge = gather_vertex_bits(comm, graph.ranks, own_has_edge, TrafficKind::kControl);
  const KroneckerParams& kronecker = options.kronecker;
  std::vector<VertexId> roots = pick_bfs_roots(kronecker.seed1, kronecker.seed2, kronecker.num_vertices(),
                                               options.num_roots, [&](VertexId v) { return has_edge.test(v); });
  if (roots.empty()) {  // the same on every rank: each drew from the gathered bits
    throw EveryRankError("no vertex of this graph has an edge, so there is no BFS root: use a larger SCALE");
  }
  return roots;
}

// Partition k's parents on NUMA node k mod nodes, beside its lists.
void place_partitions_of(const PartitionLayout& partitions, ParentArray& parent) {
  parent.visit([&](auto entries) {
    for (int k = 0; k < partitions.count(); ++k) {
      const VertexRange rows = partitions.range(k);
      place_on_numa_node(entries.data() + rows.begin, static_cast<std::size_t>(rows.size()) * sizeof(entries[0]),
                         numa_node_of_partition(k));
    }
  });
}

DistributedFigures rank_figures(Communicator& comm, const RankInputs& inputs, const RankTotals& totals,
                                const TrafficByKind& construction) {
  DistributedFigures figures;
  figures.ranks = comm.size();
  figures.message_limit_bytes = comm.message_limit();
  figures.construction_traffic = traffic_figures(sum_traffic(comm, construction));
  std::vector<std::int64_t> mine = {inputs.graph.own.size(), inputs.graph.tiered.num_entries(),
                                    inputs.edge_source->num_edges()};
  for (const Traffic& t : totals.traffic) mine.insert(mine.end(), {t.bytes, t.messages});
  const std::int64_t width = static_cast<std::int64_t>(mine.size());
  std::vector<std::int64_t> all(static_cast<std::size_t>(width * comm.size()));
  comm.allgather<std::int64_t>(mine, all, std::vector<std::int64_t>(static_cast<std::size_t>(comm.size()), width),
                               TrafficKind::kControl);
  const std::vector<double> communication = gather_doubles(comm, totals.communication_seconds);
  const std::vector<double> computation = gather_doubles(comm, totals.computation_seconds);
  std::vector<std::vector<double>> seconds;  // per kind, per rank
  for (const Traffic& t : totals.traffic) seconds.push_back(gather_doubles(comm, t.seconds));
  for (int r = 0; r < comm.size(); ++r) {
    const std::int64_t* row = all.data() + r * width;
    TrafficByKind traffic{};
    for (int kind = 0; kind < kTrafficKinds; ++kind) {
      traffic[kind] = {row[3 + 2 * kind], row[4 + 2 * kind], seconds[kind][r]};
    }
    figures.per_rank.push_back({r, row[0], row[1], row[2], traffic_figures(traffic), communication[r], computation[r]});
  }
  return figures;
}

// Kernel 2 and its figures; its engine, caches and parents are freed before SSSP runs.
void search_breadth_first(Communicator& comm, const Graph500Options& options, SearchSession& session,
                          const RankInputs& inputs, std::span<const VertexId> roots, const TrafficByKind& construction) {
  Graph500Report& report = session.report();
  const bool grouped = options.ranks.queue_sharing != QueueSharing::kNone ||
                       (options.ranks.remote_cache_on() && options.ranks.remote_cache == CacheKind::kNode);
  const std::unique_ptr<NodeGroup> node = grouped ? std::make_unique<NodeGroup>(comm, options.ranks.node_size) : nullptr;
  RankSearcher searcher(comm, inputs.graph, options.search, options.ranks, node.get());
  const std::unique_ptr<SearchChecker> checker = make_rank_checker(comm, options.search, inputs, std::ssize(roots), session.log());
  report.memory.validator_bytes = checker->working_bytes();
  ParentArray parent;
  parent.assign(inputs.graph.own.size(), ParentArray::Width::kWide);
  place_partitions_of(inputs.graph.partitions, parent);
  report.memory.bfs_status_bytes =
      searcher.engine().status_bytes() + searcher.engine().cache_bytes() + inputs.graph.own.size() * 8;
  report.memory.io_buffer_bytes = searcher.engine().io_buffer_bytes();
  report.plan = inputs.plan;
  session.search_with(searcher, *checker, roots, true, parent);
  const TrafficByKind untimed = traffic_between(searcher.totals().traffic, comm.take_traffic());
  report.distributed = rank_figures(comm, inputs, searcher.totals(), construction);
  report.distributed->untimed_traffic = traffic_figures(sum_traffic(comm, untimed));
  for (const RootResult& root : report.roots) {
    for (const LevelCommunication& level : root.communication) report.distributed->remote_cache_figures.add(level);
  }
  report.distributed->nodes = node ? node->node_count() : 0;  // 0: ranks not grouped (no sharing)
  report.distributed->queue_sharing = to_string(options.ranks.queue_sharing);
  report.distributed->remote_cache = options.ranks.remote_cache_on() ? to_string(options.ranks.remote_cache) : "none";
  report.distributed->cache_server_ranks =
      options.ranks.remote_cache == CacheKind::kServer ? options.ranks.cache_server_ranks : 0;
  report.distributed->remote_cache_entries = options.ranks.remote_cache_entries;
  report.distributed->remote_cache_hash = to_string(options.ranks.remote_cache_hash);
  report.distributed->parallel_allgather = node && options.ranks.parallel_allgather && node->uniform();
}

// Kernel 3 over the lists as the run holds them: in DRAM beside the weights kernel 1 made, or
// tiered beside the part's weights under a budget.
void search_shortest_paths(Communicator& comm, const Graph500Options& options, SearchSession& session,
                           RankInputs& inputs, std::span<const VertexId> roots) {
  if (!inputs.weighted_share) {
    inputs.weighted_share = std::make_unique<InMemoryWeightedShare>(WeightedShare{inputs.edges.edges, inputs.edges.weights});
  }
  std::optional<TieredWeightedLists> tiered;
  if (inputs.tiered_weights) tiered.emplace(*inputs.weighted_view, *inputs.tiered_weights, options.search.io);
  const RankSsspInputs weighted{inputs.graph, inputs.list_weights, tiered ? &*tiered : nullptr, *inputs.weighted_share,
                                *inputs.edge_source};
  search_shortest_paths_across(comm, session, weighted, roots, *options.sssp,
                               sssp_exchange_bytes(comm, options.search));
}

}  // namespace

Graph500Report run_graph500_distributed(Communicator& comm, const Graph500Options& options, std::ostream& log) {
  const KroneckerParams& kronecker = options.kronecker;
  // NUMA partitions inside each rank: its own rows split like one process's vertices.
  const int partitions = options.store.partitions > 0 ? options.store.partitions : numa_node_count();
  SearchSession session(options.search, store_made_from(kronecker), partitions, log);
  Graph500Report& report = session.report();
  report.vertices = kronecker.num_vertices();
  report.input_edges = kronecker.num_edges();
  report.kronecker = kronecker;
  report.draw = {options.num_roots, kronecker.seed1, kronecker.seed2};
  report.neighbor_order = options.store.neighbor_order;
  report.official.num_mpi_processes = comm.size();
  log << (options.store.reuse ? "reusing the store of SCALE " : "generating SCALE ") << kronecker.scale
      << ", edgefactor " << kronecker.edgefactor << ": " << kronecker.num_edges() << " edges, " << comm.size()
      << " ranks x " << report.threads << " threads" << std::endl;
  RankInputs inputs;
  prepare_inputs(comm, options, session, inputs);
  inputs.graph.place_partitions(partitions);
  const TrafficByKind construction = comm.take_traffic();
  const std::vector<VertexId> roots = pick_roots(comm, options, inputs.graph);
  search_breadth_first(comm, options, session, inputs, roots, construction);
  if (options.sssp && report.validation_passed) search_shortest_paths(comm, options, session, inputs, roots);
  return session.finish(kronecker.scale, kronecker.edgefactor);
}

}  // namespace semibfs
