#include "mpi/distributed_sssp_run.hpp"

#include <vector>

#include "core/byte_size.hpp"
#include "graph500/sssp_search.hpp"
#include "mpi/distributed_sssp.hpp"
#include "mpi/distributed_sssp_validator.hpp"
#include "mpi/rank_parents.hpp"
#include "mpi/traversed_edges.hpp"

namespace semibfs {
namespace {

// The figures of this rank's own vertices, summed (or the maximum taken) over the ranks.
SsspFigures figures_across(Communicator& comm, const DistributedSsspStats& stats, std::span<const float> distance) {
  SsspFigures figures = figures_of(stats.search, distance);
  figures.reached = comm.sum(figures.reached);
  double sums[1] = {figures.distance_sum};
  comm.sum(sums);
  figures.distance_sum = sums[0];
  figures.max_distance = static_cast<float>(comm.max(static_cast<double>(figures.max_distance)));
  figures.exchange = SsspExchange{stats.updates_sent, stats.traffic.bytes, stats.traffic.messages};
  return figures;
}

// Delta-stepping across ranks into the driver's parents (this rank's own) and its own distances.
class RankSsspSearcher final : public RootSearcher {
 public:
  RankSsspSearcher(Communicator& comm, DistributedDeltaStepping& kernel, std::vector<float>& distance)
      : comm_(comm), kernel_(kernel), distance_(distance) {}

  std::vector<LevelStats> search(VertexId root, ParentArray& parent) override {
    last_ = kernel_.run(root, distance_, own_entries(parent));
    return {};
  }
  void start_together() override { comm_.barrier(); }
  double slowest(double seconds) override { return comm_.max(seconds); }
  void add_figures(RootResult& result, const IoStats& io) override {
    RootSearcher::add_figures(result, io);
    result.sssp = figures_across(comm_, last_, distance_);
  }

 private:
  Communicator& comm_;
  DistributedDeltaStepping& kernel_;
  std::vector<float>& distance_;
  DistributedSsspStats last_;
};

// The TEPS count as the BFS searches across ranks count it (one process counts SSSP's the same
// way) and the SSSP rules across ranks.
class RankSsspChecker final : public OneSearchChecker {
 public:
  RankSsspChecker(Communicator& comm, const RankSsspInputs& inputs, const std::vector<float>& distance)
      : comm_(comm), inputs_(inputs), distance_(distance) {}

  std::int64_t count_edges(const ParentArray& parent) override {
    return count_traversed_edges_across(comm_, inputs_.graph.ranks, inputs_.edges, own_entries(parent));
  }
  std::optional<ValidationFailure> validate(VertexId root, const ParentArray& parent, std::int64_t nedge) override {
    const DistributedValidation validation =
        validate_sssp_distributed(comm_, inputs_.graph.ranks, inputs_.share, root, distance_, own_entries(parent));
    if (!validation.ok()) return ValidationFailure{validation.first_rule, kUnreached, validation.first_failure};
    return check_teps_count(nedge, validation.nedge);
  }

 private:
  Communicator& comm_;
  const RankSsspInputs& inputs_;
  const std::vector<float>& distance_;
};

}  // namespace

void search_shortest_paths_across(Communicator& comm, SearchSession& session, const RankSsspInputs& inputs,
                                  std::span<const VertexId> roots, const SsspOptions& options,
                                  std::int64_t exchange_bytes) {
  DistributedDeltaStepping kernel = inputs.tiered != nullptr
                                        ? DistributedDeltaStepping(comm, inputs.graph, *inputs.tiered, options)
                                        : DistributedDeltaStepping(comm, inputs.graph, inputs.list_weights, options);
  kernel.limit_exchange(exchange_bytes);
  session.report().sssp = kernel.options();  // with the delta it runs with
  std::vector<float> distance(static_cast<std::size_t>(inputs.graph.own.size()));
  ParentArray parent;
  parent.assign(inputs.graph.own.size(), ParentArray::Width::kWide);
  RankSsspSearcher searcher(comm, kernel, distance);
  RankSsspChecker checker(comm, inputs, distance);
  session.log() << "SSSP by delta-stepping across " << comm.size() << " ranks, delta " << *kernel.options().delta
                << (inputs.tiered != nullptr ? ": lists and weights tiered (tails read from the rank parts)"
                                             : ": list weights " + format_bytes(static_cast<std::int64_t>(
                                                                       inputs.list_weights.size_bytes())))
                << ", labels and distances "
                << format_bytes(kernel.status_bytes() + static_cast<std::int64_t>(distance.size() * sizeof(float)))
                << " on rank 0" << std::endl;
  session.search_with(searcher, checker, roots, true, parent, SearchKernel::kSssp);
}

}  // namespace semibfs
