#include "analytics/pagerank.hpp"

#include <cmath>
#include <string>
#include <utility>

namespace semibfs {
namespace {

class PageRankKernel {
 public:
  PageRankKernel(StreamingGraph& graph, const PageRankOptions& options)
      : options_(options),
        vertices_(graph.num_vertices()),
        out_degree_(graph.degrees(ListSide::kOut)),
        rank_(static_cast<std::size_t>(vertices_), 1.0 / static_cast<double>(vertices_)),
        next_(rank_.size()),
        share_(rank_.size()) {}

  // Each vertex's share of its rank per out-edge, and the rank of the vertices without out-edges.
  void prepare(int) {
    double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : dangling)
    for (VertexId v = 0; v < vertices_; ++v) {
      const auto at = static_cast<std::size_t>(v);
      share_[at] = out_degree_[at] > 0 ? rank_[at] / static_cast<double>(out_degree_[at]) : 0.0;
      if (out_degree_[at] == 0) dangling += rank_[at];
    }
    base_ = ((1.0 - options_.damping) + options_.damping * dangling) / static_cast<double>(vertices_);
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
    next_[static_cast<std::size_t>(vertex)] = base_ + options_.damping * gathered;
  }
  bool end() {
    double change = 0;
#pragma omp parallel for schedule(static) reduction(+ : change)
    for (VertexId v = 0; v < vertices_; ++v) change += std::abs(next_[v] - rank_[v]);
    std::swap(rank_, next_);
    ++iterations_;
    last_change_ = change;
    return change < options_.tolerance || iterations_ >= options_.max_iterations;
  }

  PageRankResult result() && { return {std::move(rank_), iterations_, last_change_, {}}; }

 private:
  PageRankOptions options_;
  std::int64_t vertices_;
  std::vector<std::int64_t> out_degree_;
  std::vector<double> rank_, next_, share_;
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
