#include "dist/distributed_run.hpp"

#include <omp.h>

#include <cstdio>
#include <memory>
#include <vector>

#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/timer.hpp"
#include "dist/distributed_bfs.hpp"
#include "dist/distributed_validator.hpp"
#include "dist/node_group.hpp"
#include "dist/rank_graph.hpp"
#include "dist/traversed_edges.hpp"
#include "dist/vertex_bits.hpp"
#include "gen/roots.hpp"
#include "graph500/graph500_run.hpp"
#include "graph500/search_session.hpp"

namespace semibfs {
namespace {

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

// The generated share, kernel 1 and what every rank needs from them.
struct RankInputs {
  EdgeList edges;
  RankGraph graph;
};

struct RankTotals {
  TrafficByKind traffic{};
  double communication_seconds = 0;
  double computation_seconds = 0;
};

class DistributedSearches {
 public:
  DistributedSearches(Communicator& comm, const RankInputs& inputs, SearchSession& session, const RankOptions& ranks,
                      NodeGroup* node)
      : comm_(comm),
        inputs_(inputs),
        session_(session),
        engine_(comm, inputs.graph, session.report().search.bfs, ranks, node) {
    parent_.assign(static_cast<std::size_t>(inputs.graph.own.size()), kUnreached);
  }

  void search(std::span<const VertexId> roots);
  const RankTotals& totals() const { return totals_; }
  std::int64_t status_bytes() const { return engine_.status_bytes(); }

 private:
  bool search_root(VertexId root);
  std::vector<LevelCommunication> level_figures(const std::vector<DistributedLevel>& levels);

  Communicator& comm_;
  const RankInputs& inputs_;
  SearchSession& session_;
  DistributedBfs engine_;
  std::vector<VertexId> parent_;
  RankTotals totals_;
};

void DistributedSearches::search(std::span<const VertexId> roots) {
  if (!roots.empty()) engine_.run(roots.front(), parent_);  // warm-up search, untimed, as the reference does
  for (const VertexId root : roots) {
    throw_if_interrupted();  // between searches
    if (!search_root(root)) {
      session_.report().validation_passed = false;
      break;
    }
  }
}

std::vector<LevelCommunication> DistributedSearches::level_figures(const std::vector<DistributedLevel>& levels) {
  std::vector<LevelCommunication> figures;
  for (const DistributedLevel& level : levels) {
    for (int kind = 0; kind < kTrafficKinds; ++kind) totals_.traffic[kind].add(level.traffic[kind]);
    totals_.communication_seconds += level.communication_seconds;
    totals_.computation_seconds += level.computation_seconds;
    figures.push_back({traffic_figures(sum_traffic(comm_, level.traffic)), gather_doubles(comm_, level.communication_seconds),
                       gather_doubles(comm_, level.computation_seconds)});
  }
  return figures;
}

bool DistributedSearches::search_root(VertexId root) {
  Graph500Report& report = session_.report();
  RootResult result;
  result.root = static_cast<std::uint64_t>(root);
  comm_.barrier();
  const Stopwatch search_time;
  const std::vector<DistributedLevel> levels = engine_.run(root, parent_);
  result.bfs_seconds = comm_.max(search_time.seconds());
  for (const DistributedLevel& level : levels) result.levels.push_back(level.stats);
  result.communication = level_figures(levels);
  result.nedge = count_traversed_edges_across(comm_, inputs_.graph.ranks, inputs_.edges, parent_);
  result.teps = static_cast<double>(result.nedge) / result.bfs_seconds;
  const std::size_t index = report.roots.size();
  // The line is written whole: the launcher interleaves the ranks' stderr, and a failing rank's
  // line must not land inside it.
  std::string line = "BFS " + std::to_string(index) + ": root " + std::to_string(root) + ", " +
                     format_seconds(result.bfs_seconds) + ", nedge " + std::to_string(result.nedge) + ", " +
                     format_rate(result.teps) + " TEPS, " + std::to_string(levels.size()) + " levels";
  bool valid = true;
  if (!report.search.skip_validation) {
    const Stopwatch validate_time;
    const DistributedValidation validation =
        validate_distributed(comm_, inputs_.graph.ranks, inputs_.edges, root, parent_);
    result.validate_seconds = comm_.max(validate_time.seconds());
    if (!validation.ok()) {
      report.validation_failure = "BFS " + std::to_string(index) + " from root " + std::to_string(root) + ": " +
                                  validation.first_failure;
    } else if (validation.nedge != result.nedge) {
      report.validation_failure = "BFS " + std::to_string(index) + " from root " + std::to_string(root) +
                                  ": TEPS edge count " + std::to_string(result.nedge) + " differs from the validator's " +
                                  std::to_string(validation.nedge);
    }
    valid = report.validation_failure.empty();
    line += std::string(", validation ") + (valid ? "passed" : "FAILED") + " in " + format_seconds(result.validate_seconds);
  }
  session_.log() << line + "\n" << std::flush;
  report.roots.push_back(std::move(result));
  return valid;
}

RankInputs generate_and_construct(Communicator& comm, const Graph500Options& options, Graph500Report& report,
                                  std::ostream& log) {
  RankInputs inputs;
  comm.barrier();
  const Stopwatch generation_time;
  inputs.edges = generate_edge_share(options.kronecker, comm);
  report.official.generation_seconds = comm.max(generation_time.seconds());
  report.memory.edge_list_bytes = static_cast<std::int64_t>(inputs.edges.edges.size() * sizeof(CompactEdge));
  log << "graph_generation:               " << format_seconds(report.official.generation_seconds) << std::endl;
  comm.barrier();
  const Stopwatch construction_time;
  inputs.graph = construct_rank_graph(comm, options.kronecker.num_vertices(), inputs.edges, options.store.neighbor_order);
  report.official.construction_seconds = comm.max(construction_time.seconds());
  report.memory.graph.backward = inputs.graph.lists.bytes();
  log << "construction_time:              " << format_seconds(report.official.construction_seconds) << std::endl;
  return inputs;
}

std::vector<VertexId> pick_roots(Communicator& comm, const Graph500Options& options, const RankGraph& graph) {
  Bitmap own_has_edge(graph.own.size());
  for (std::int64_t row = 0; row < graph.own.size(); ++row) {
    if (graph.lists.degree(row) > 0) own_has_edge.set(row);
  }
  const Bitmap has_edge = gather_vertex_bits(comm, graph.ranks, own_has_edge, TrafficKind::kControl);
  const KroneckerParams& kronecker = options.kronecker;
  std::vector<VertexId> roots = pick_bfs_roots(kronecker.seed1, kronecker.seed2, kronecker.num_vertices(),
                                               options.num_roots, [&](VertexId v) { return has_edge.test(v); });
  if (roots.empty()) throw Error("no vertex of this graph has an edge, so there is no BFS root: use a larger SCALE");
  return roots;
}

DistributedFigures rank_figures(Communicator& comm, const RankInputs& inputs, const RankTotals& totals,
                                const TrafficByKind& construction) {
  DistributedFigures figures;
  figures.ranks = comm.size();
  figures.message_limit_bytes = comm.message_limit();
  figures.construction_traffic = traffic_figures(sum_traffic(comm, construction));
  std::vector<std::int64_t> mine = {inputs.graph.own.size(), inputs.graph.lists.num_adjacencies(),
                                    inputs.edges.num_edges()};
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

}  // namespace

Graph500Report run_graph500_distributed(Communicator& comm, const Graph500Options& options, std::ostream& log) {
  const KroneckerParams& kronecker = options.kronecker;
  SearchSession session(options.search, store_made_from(kronecker), 1, log);
  Graph500Report& report = session.report();
  report.vertices = kronecker.num_vertices();
  report.input_edges = kronecker.num_edges();
  report.kronecker = kronecker;
  report.draw = {options.num_roots, kronecker.seed1, kronecker.seed2};
  report.neighbor_order = options.store.neighbor_order;
  report.official.num_mpi_processes = comm.size();
  log << "generating SCALE " << kronecker.scale << ", edgefactor " << kronecker.edgefactor << ": "
      << kronecker.num_edges() << " edges, " << comm.size() << " ranks x " << report.threads << " threads" << std::endl;
  const RankInputs inputs = generate_and_construct(comm, options, report, log);
  const TrafficByKind construction = comm.take_traffic();
  const std::vector<VertexId> roots = pick_roots(comm, options, inputs.graph);
  const std::unique_ptr<NodeGroup> node =
      options.ranks.queue_sharing == QueueSharing::kNone ? nullptr
                                                         : std::make_unique<NodeGroup>(comm, options.ranks.node_size);
  DistributedSearches searches(comm, inputs, session, options.ranks, node.get());
  report.memory.bfs_status_bytes = searches.status_bytes() + inputs.graph.own.size() * 8;
  searches.search(roots);
  const TrafficByKind untimed = traffic_between(searches.totals().traffic, comm.take_traffic());
  report.distributed = rank_figures(comm, inputs, searches.totals(), construction);
  report.distributed->untimed_traffic = traffic_figures(sum_traffic(comm, untimed));
  report.distributed->nodes = node ? node->node_count() : 0;  // 0: ranks not grouped (no sharing)
  report.distributed->queue_sharing = to_string(options.ranks.queue_sharing);
  report.distributed->parallel_allgather = node && options.ranks.parallel_allgather && node->uniform();
  return session.finish(kronecker.scale, kronecker.edgefactor);
}

}  // namespace semibfs
