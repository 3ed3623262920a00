// PageRank over the streaming queries against an independent power iteration
// (support/reference_analytics.hpp) on every store layout, in DRAM and with tails on disk.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "analytics/pagerank.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "support/reference_analytics.hpp"
#include "support/store_cases.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

const EdgeList& kronecker() {
  static const EdgeList edges = [] {
    KroneckerParams params;
    params.scale = 10;
    return generate_kronecker(params, false);
  }();
  return edges;
}

PageRankOptions converged() {
  PageRankOptions options;
  options.tolerance = 1e-13;
  options.max_iterations = 1000;
  return options;
}

TEST(PageRank, MatchesAnIndependentPowerIterationOnEveryStore) {
  const EdgeList skewed = testing::make_skewed_random_edge_list(1200, 5, 7);
  for (const EdgeList* edges : {&kronecker(), &skewed}) {
    testing::StoreCases stores(*edges);
    for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
      const std::vector<double> expected =
          testing::reference_pagerank(*edges, direction == GraphDirection::kDirected, 0.85);
      for (const testing::StoreCase& c : testing::every_store_case(direction)) {
        SCOPED_TRACE(c.name());
        const TieredGraph tiered = stores.open(c);
        StreamingGraph graph(tiered);
        const PageRankResult result = pagerank(graph, converged());
        EXPECT_LT(testing::l1_distance(result.score, expected), 1e-9);
        EXPECT_NEAR(std::accumulate(result.score.begin(), result.score.end(), 0.0), 1.0, 1e-9);
        EXPECT_LT(result.last_change, 1e-13);
        ASSERT_EQ(static_cast<int>(result.figures.size()), result.iterations);
        EXPECT_EQ(result.figures.front().query.replies, graph.num_vertices());
        if (c.tails_on_disk) {
          EXPECT_GT(result.figures.front().query.tail_reads, 0);
        }
      }
    }
  }
}

// The comparison can fail: a score moved by 1e-8 is caught, and so is stopping early.
TEST(PageRank, TheComparisonCatchesAWrongRank) {
  testing::StoreCases stores(kronecker());
  const TieredGraph tiered = stores.open({false, 1, GraphDirection::kUndirected, false});
  StreamingGraph graph(tiered);
  PageRankResult result = pagerank(graph, converged());
  const std::vector<double> expected = testing::reference_pagerank(kronecker(), false, 0.85);
  ASSERT_LT(testing::l1_distance(result.score, expected), 1e-9);
  result.score[17] += 1e-8;
  EXPECT_GT(testing::l1_distance(result.score, expected), 1e-9);
  PageRankOptions three;
  three.max_iterations = 3;
  const PageRankResult early = pagerank(graph, three);
  EXPECT_EQ(early.iterations, 3);
  EXPECT_GT(testing::l1_distance(early.score, expected), 1e-9);
}

// Short of convergence too: an iteration rounds only its change of the scores, to a float (by at
// most 2^-24 of it), and PageRank shrinks earlier errors by the damping factor, so after k
// iterations the scores are exact arithmetic's to within 2^-24 * sum_i d^(k-i) change_i. Ranks
// rounded to floats would be off by about 2^-25 of their sum, 1 (over 1e-8), at every iteration.
TEST(PageRank, EveryIterationIsThePowerIterationsToAFloatOfItsChange) {
  testing::StoreCases stores(kronecker());
  const TieredGraph tiered = stores.open({true, 1, GraphDirection::kUndirected, true});
  StreamingGraph graph(tiered);
  double bound = 0;
  for (int iterations = 1; iterations <= 12; ++iterations) {
    PageRankOptions options;
    options.max_iterations = iterations;
    const PageRankResult result = pagerank(graph, options);
    ASSERT_EQ(result.iterations, iterations);
    bound = 0.85 * bound + std::ldexp(result.last_change, -24);
    const std::vector<double> exact = testing::reference_pagerank(kronecker(), false, 0.85, iterations);
    EXPECT_LT(testing::l1_distance(result.score, exact), bound + 1e-15) << iterations << " iterations";
  }
}

TEST(PageRank, BadOptionsAreUsageErrors) {
  testing::StoreCases stores(kronecker());
  const TieredGraph tiered = stores.open({true, 1, GraphDirection::kUndirected, false});
  StreamingGraph graph(tiered);
  PageRankOptions options;
  options.damping = 1.0;
  EXPECT_THROW(pagerank(graph, options), UsageError);
  options.damping = 0.85;
  options.max_iterations = 0;
  EXPECT_THROW(pagerank(graph, options), UsageError);
}

}  // namespace
}  // namespace semibfs
