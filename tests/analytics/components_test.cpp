// Connected components by label propagation against an independent union-find
// (support/reference_analytics.hpp) on every store layout, with the job-queue queries taking over
// early, late or never.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "analytics/components.hpp"
#include "gen/kronecker.hpp"
#include "query/kernel.hpp"
#include "support/reference_analytics.hpp"
#include "support/store_cases.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

// A path of 300 vertices (many iterations), a few small pieces, isolated vertices, loops, repeats.
EdgeList pieces() {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 399; v > 100; --v) pairs.emplace_back(v, v - 1);
  pairs.insert(pairs.end(), {{5, 9}, {9, 5}, {9, 9}, {20, 3}, {3, 40}, {60, 61}});
  return testing::make_edge_list(450, pairs);
}

std::vector<std::int64_t> as_ids(const std::vector<NeighborId>& labels) { return {labels.begin(), labels.end()}; }

TEST(ConnectedComponents, LabelsAreTheUnionFindsSmallestIdsOnEveryStore) {
  KroneckerParams params;
  params.scale = 10;
  const EdgeList kronecker = generate_kronecker(params, false);
  const EdgeList path = pieces();
  for (const EdgeList* edges : {&kronecker, &path}) {
    const std::vector<std::int64_t> expected = testing::reference_component_minimum(*edges);
    const auto components = static_cast<std::int64_t>(std::set<std::int64_t>(expected.begin(), expected.end()).size());
    testing::StoreCases stores(*edges);
    for (const testing::StoreCase& c : testing::every_store_case()) {
      const TieredGraph tiered = stores.open(c);
      StreamingGraph graph(tiered);
      for (const std::int64_t divisor : {std::int64_t{1}, std::int64_t{64}, std::int64_t{1} << 40}) {
        SCOPED_TRACE(c.name() + ", job queue below n / " + std::to_string(divisor));
        const ComponentsResult result = connected_components(graph, {divisor});
        ASSERT_EQ(as_ids(result.label), expected);
        EXPECT_EQ(result.components, components);
        bool job_queue = false;
        for (const IterationFigures& iteration : result.figures) job_queue |= iteration.kind == QueryKind::kJobQueue;
        if (divisor == 1) {
          EXPECT_TRUE(job_queue) << "the job-queue queries never ran";
        } else if (divisor > (std::int64_t{1} << 30)) {
          EXPECT_FALSE(job_queue);
        }
      }
    }
  }
}

TEST(ConnectedComponents, TheComparisonCatchesAWrongLabel) {
  const EdgeList path = pieces();
  testing::StoreCases stores(path);
  const TieredGraph tiered = stores.open({false, 1, GraphDirection::kUndirected, false});
  StreamingGraph graph(tiered);
  ComponentsResult result = connected_components(graph);
  const std::vector<std::int64_t> expected = testing::reference_component_minimum(path);
  ASSERT_EQ(as_ids(result.label), expected);
  result.label[250] = 250;  // split off one vertex of the path
  EXPECT_NE(as_ids(result.label), expected);
}

}  // namespace
}  // namespace semibfs
