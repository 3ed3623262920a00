// The failure path's true depths: equal to a serial BFS's levels, -1 outside the root's component.
#include "validate/edge_sweep_depths.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::depths_by_edge_sweeps;

class EdgeSweepDepthsTest : public ThreadCountTest {};

TEST_P(EdgeSweepDepthsTest, EqualTheLevelsOfASerialBfs) {
  const RandomGraph graph = random_graph(11, 21);
  const std::vector<std::int64_t> expected =
      levels_of(first_found_parents(adjacency_of(graph.edge_list), graph.root));
  EXPECT_EQ(depths_by_edge_sweeps(graph.edge_list, graph.root), expected);
  EXPECT_EQ(expected[graph.other_component.front()], -1);
  EXPECT_EQ(expected[graph.isolated.front()], -1);
}

TEST_P(EdgeSweepDepthsTest, FollowAPathWhoseEdgesAreListedBackwards) {
  // Each sweep reaches one more vertex only: the edges come in the worst order for it.
  const EdgeList path = edge_list_from(6, {{4, 5}, {3, 4}, {2, 3}, {1, 2}, {0, 1}, {5, 5}});
  EXPECT_EQ(depths_by_edge_sweeps(path, 0), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(depths_by_edge_sweeps(path, 3), (std::vector<std::int64_t>{3, 2, 1, 0, 1, 2}));
}

TEST_P(EdgeSweepDepthsTest, ASelfLoopReachesNothing) {
  const EdgeList graph = edge_list_from(3, {{1, 1}, {1, 1}, {0, 2}});
  EXPECT_EQ(depths_by_edge_sweeps(graph, 1), (std::vector<std::int64_t>{-1, 0, -1}));
}

INSTANTIATE_TEST_SUITE_P(Threads, EdgeSweepDepthsTest, ::testing::Values(1, 2));

}  // namespace
}  // namespace validate_test
