#include "analytics/pagerank.hpp"

#include <omp.h>

#include <cmath>
#include <string>
#include <utility>

namespace semibfs {
namespace {

// Two arrays a vertex: its rank, and its share of it per out-edge (what the pull gathers). The
// out-degrees come from the graph's degree query each iteration instead of a third array, and a
// vertex's next rank overwrites its rank as soon as it is known (only the shares are read across
// vertices), the L1 change summed per thread on the way.
class PageRankKernel {
 public:
  PageRankKernel(StreamingGraph& graph, const PageRankOptions& options)
      : options_(options),
        graph_(graph),
        vertices_(graph.num_vertices()),
        rank_(static_cast<std::size_t>(vertices_), 1.0 / static_cast<double>(vertices_)),
        share_(rank_.size()),
        change_(static_cast<std::size_t>(omp_get_max_threads())) {}

  // Each vertex's share of its rank per out-edge, and the rank of the vertices without out-edges.
  void prepare(int) {
    double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : dangling)
    for (VertexId v = 0; v < vertices_; ++v) {
      const auto at = static_cast<std::size_t>(v);
      const std::int64_t out_degree = graph_.degree(ListSide::kOut, v);
      share_[at] = out_degree > 0 ? rank_[at] / static_cast<double>(out_degree) : 0.0;
      if (out_degree == 0) dangling += rank_[at];
    }
    base_ = ((1.0 - options_.damping) + options_.damping * dangling) / static_cast<double>(vertices_);
    for (ThreadChange& change : change_) change.sum = 0;
  }
  StreamingQuery query() const {
    StreamingQuery query;
    query.side = ListSide::kIn;
    return query;
  }
  std::int64_t work_size() const { return vertices_; }
  void body(VertexId vertex, std::span<const NeighborId> in_neighbours) {
    double gathered = 0;
    for (const NeighborId u : in_neighbours) gathered += share_[u];
    const double next = base_ + options_.damping * gathered;
    double& rank = rank_[static_cast<std::size_t>(vertex)];
    change_[static_cast<std::size_t>(omp_get_thread_num())].sum += std::abs(next - rank);
    rank = next;
  }
  bool end() {
    double change = 0;
    for (const ThreadChange& part : change_) change += part.sum;
    ++iterations_;
    last_change_ = change;
    return change < options_.tolerance || iterations_ >= options_.max_iterations;
  }

  PageRankResult result() && { return {std::move(rank_), iterations_, last_change_, {}}; }

 private:
  struct alignas(64) ThreadChange {  // a cache line each: the threads add to theirs at every vertex
    double sum = 0;
  };

  PageRankOptions options_;
  const StreamingGraph& graph_;
  std::int64_t vertices_;
  std::vector<double> rank_, share_;
  std::vector<ThreadChange> change_;
  double base_ = 0;
  int iterations_ = 0;
  double last_change_ = 0;
};

}  // namespace

PageRankResult pagerank(StreamingGraph& graph, const PageRankOptions& options, const IterationObserver& observe) {
  if (!(options.damping >= 0 && options.damping < 1)) {
    throw UsageError("pagerank: damping " + std::to_string(options.damping) + " is not in [0, 1)");
  }
  if (options.max_iterations < 1) throw UsageError("pagerank: at least one iteration");
  if (graph.num_vertices() == 0) return {};
  PageRankKernel kernel(graph, options);
  return run_kernel_for_result(graph, kernel, observe);
}

}  // namespace semibfs
