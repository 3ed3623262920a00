#include "analytics/pagerank.hpp"

#include <cmath>
#include <string>
#include <utility>

namespace semibfs {
namespace {

// Two arrays a vertex: its rank, and its share of it per out-edge (what the pull gathers; a vertex
// without out-edges keeps its rank there, since it is no vertex's in-neighbour). The out-degrees
// come from the graph's degree query instead of a third array, and a vertex's next rank is written
// over its rank (only the shares are read across vertices): end() takes each old rank back from
// its share to sum the L1 change, then makes the next shares, in one pass.
class PageRankKernel {
 public:
  PageRankKernel(StreamingGraph& graph, const PageRankOptions& options)
      : options_(options),
        graph_(graph),
        vertices_(graph.num_vertices()),
        rank_(static_cast<std::size_t>(vertices_), 1.0 / static_cast<double>(vertices_)),
        share_(rank_.size()) {
    double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : dangling)
    for (VertexId v = 0; v < vertices_; ++v) dangling += make_share(v, graph_.degree(ListSide::kOut, v));
    dangling_ = dangling;
  }

  // The rank of the vertices without out-edges, spread evenly.
  void prepare(int) {
    base_ = ((1.0 - options_.damping) + options_.damping * dangling_) / static_cast<double>(vertices_);
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
    rank_[static_cast<std::size_t>(vertex)] = base_ + options_.damping * gathered;
  }
  bool end() {
    double change = 0;
    double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : change, dangling)
    for (VertexId v = 0; v < vertices_; ++v) {
      const std::int64_t out_degree = graph_.degree(ListSide::kOut, v);
      const auto at = static_cast<std::size_t>(v);
      const double old = out_degree > 0 ? share_[at] * static_cast<double>(out_degree) : share_[at];
      change += std::abs(rank_[at] - old);
      dangling += make_share(v, out_degree);
    }
    dangling_ = dangling;
    ++iterations_;
    last_change_ = change;
    return change < options_.tolerance || iterations_ >= options_.max_iterations;
  }

  PageRankResult result() && { return {std::move(rank_), iterations_, last_change_, {}}; }

 private:
  // The vertex's share from its rank; returns its rank when it has no out-edges (the dangling part).
  double make_share(VertexId v, std::int64_t out_degree) {
    const auto at = static_cast<std::size_t>(v);
    share_[at] = out_degree > 0 ? rank_[at] / static_cast<double>(out_degree) : rank_[at];
    return out_degree > 0 ? 0.0 : rank_[at];
  }

  PageRankOptions options_;
  const StreamingGraph& graph_;
  std::int64_t vertices_;
  std::vector<double> rank_, share_;
  double dangling_ = 0;
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
