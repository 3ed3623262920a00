#include "analytics/pagerank.hpp"

#include <cmath>
#include <string>
#include <utility>

namespace semibfs {
namespace {

// Twelve bytes a vertex: its share of its score per out-edge (what the pull gathers; a vertex
// without out-edges keeps its whole score there, since it is no vertex's in-neighbour), and the
// iteration's change of its score as a float. The scores themselves are never stored: a score is its
// share times the out-degree (the degree query's, or an undirected list's length), and the next
// one that score plus the change. Only the float is rounded, by at most 2^-24 of the change itself,
// so an iteration's scores differ from exact arithmetic's by at most about 6e-8 of its L1 change,
// and the converged scores by far less than the tolerance.
class PageRankKernel {
 public:
  PageRankKernel(StreamingGraph& graph, const PageRankOptions& options)
      : options_(options),
        graph_(graph),
        vertices_(graph.num_vertices()),
        directed_(graph.directed()),
        share_(static_cast<std::size_t>(vertices_)),
        score_change_(share_.size()) {
    const double first = 1.0 / static_cast<double>(vertices_);
    double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : dangling)
    for (VertexId v = 0; v < vertices_; ++v) dangling += make_share(v, graph_.degree(ListSide::kOut, v), first);
    dangling_ = dangling;
  }

  // The score of the vertices without out-edges, spread evenly.
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
    const double next = base_ + options_.damping * gathered;
    // An undirected list is its vertex's in-list and out-list at once: no degree query.
    const std::int64_t out_degree =
        directed_ ? graph_.degree(ListSide::kOut, vertex) : static_cast<std::int64_t>(in_neighbours.size());
    score_change_[static_cast<std::size_t>(vertex)] = static_cast<float>(next - score_of(vertex, out_degree));
  }
  bool end() {
    double change = 0;
    double dangling = 0;
#pragma omp parallel for schedule(static) reduction(+ : change, dangling)
    for (VertexId v = 0; v < vertices_; ++v) {
      const std::int64_t out_degree = graph_.degree(ListSide::kOut, v);
      const double moved = score_change_[static_cast<std::size_t>(v)];
      change += std::abs(moved);
      dangling += make_share(v, out_degree, score_of(v, out_degree) + moved);
    }
    dangling_ = dangling;
    ++iterations_;
    last_change_ = change;
    return change < options_.tolerance || iterations_ >= options_.max_iterations;
  }

  // The scores, made in place of the shares.
  PageRankResult result() && {
    score_change_ = {};
#pragma omp parallel for schedule(static)
    for (VertexId v = 0; v < vertices_; ++v) {
      share_[static_cast<std::size_t>(v)] = score_of(v, graph_.degree(ListSide::kOut, v));
    }
    return {std::move(share_), iterations_, last_change_, {}};
  }

 private:
  double score_of(VertexId v, std::int64_t out_degree) const {
    const double share = share_[static_cast<std::size_t>(v)];
    return out_degree > 0 ? share * static_cast<double>(out_degree) : share;
  }
  // Stores the vertex's share of `score`; returns the score when it has no out-edges (the dangling part).
  double make_share(VertexId v, std::int64_t out_degree, double score) {
    share_[static_cast<std::size_t>(v)] = out_degree > 0 ? score / static_cast<double>(out_degree) : score;
    return out_degree > 0 ? 0.0 : score;
  }

  PageRankOptions options_;
  const StreamingGraph& graph_;
  std::int64_t vertices_;
  bool directed_;
  std::vector<double> share_;
  std::vector<float> score_change_;
  double dangling_ = 0;
  double base_ = 0;
  int iterations_ = 0;
  double last_change_ = 0;
};

}  // namespace

PageRankResult pagerank(StreamingGraph& graph, const PageRankOptions& options, const IterationObserver& observe) {
  if (!(options.damping >= 0 && options.damping < 1)) {
    throw UsageError("damping " + std::to_string(options.damping) + " is not in [0, 1)");
  }
  if (options.max_iterations < 1) throw UsageError("pagerank: at least one iteration");
  if (graph.num_vertices() == 0) return {};
  PageRankKernel kernel(graph, options);
  return run_kernel_for_result(graph, kernel, observe);
}

namespace {

KernelOutput run_pagerank(KernelStore& store, const KernelArguments& arguments, const IterationObserver& observe) {
  PageRankOptions options;
  options.max_iterations = static_cast<int>(arguments.integer("iterations"));
  options.damping = arguments.real("damping");
  options.tolerance = arguments.real("tolerance");
  PageRankResult result = pagerank(store.graph(), options, observe);
  KernelOutput output;
  output.figures = {{"", "damping", options.damping},
                    {"", "tolerance", options.tolerance},
                    {"vertices", "", store.vertices()},
                    {"iterations", "", std::int64_t{result.iterations}},
                    {"last L1 change", "last_change", result.last_change, "%.3g"}};
  output.values = std::move(result.score);
  output.iterations = std::move(result.figures);
  return output;
}

}  // namespace

const KernelDescription& pagerank_kernel() {
  static const KernelDescription kernel{
      .name = "pagerank",
      .summary = "PageRank of a store's graph, over streaming queries",
      .description =
          "PageRank of a store's graph by pull over its in-lists, each iteration one sequential "
          "streaming query (Lee et al., ExtraV): score' = (1 - d)/n + d (sum of in-neighbours' score / "
          "out-degree + score of vertices without out-edges / n), until the L1 change is below the "
          "tolerance.",
      .parameters = {{"iterations", "N", "at most N iterations (default 100)", ParameterType::kInteger,
                      std::int64_t{100}, 1, kMaxPageRankIterations},
                     {"damping", "D", "damping factor in (0, 1) (default 0.85)", ParameterType::kFraction, 0.85},
                     {"tolerance", "T", "stop once the L1 change of an iteration is below T (default 1e-9)",
                      ParameterType::kPositiveReal, 1e-9}},
      .values_name = "score",
      .bytes_per_vertex = kPageRankBytesPerVertex,
      .whole_scans = true,  // every iteration reads every in-list
      .run = run_pagerank,
  };
  return kernel;
}

}  // namespace semibfs
