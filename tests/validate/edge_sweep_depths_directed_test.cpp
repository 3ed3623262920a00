// The failure path's true depths on directed graphs: equal to a serial out-edge BFS's levels, -1
// where no directed path from the root leads, from memory or from a packed file in many chunks.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/graph_direction.hpp"
#include "directed_fixtures.hpp"
#include "validate/edge_sweep_depths.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::depths_by_edge_sweeps;
using semibfs::GraphDirection;

constexpr GraphDirection kDirected = GraphDirection::kDirected;

class EdgeSweepDepthsDirectedTest : public ThreadCountTest {};

TEST_P(EdgeSweepDepthsDirectedTest, EqualTheLevelsOfASerialOutEdgeBfs) {
  for (const std::uint64_t seed : {5, 6, 7}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const DirectedRandomGraph graph = directed_random_graph(11, seed);
    const std::vector<std::int64_t> expected =
        levels_of(first_found_parents(out_adjacency_of(graph.edge_list), graph.root));
    EXPECT_EQ(depths_by_edge_sweeps(graph.edge_list, graph.root, kDirected), expected);
    EXPECT_EQ(expected[graph.upstream.front()], -1);
    EXPECT_EQ(expected[graph.isolated.front()], -1);
    // Undirected, the upstream vertices are in the root's component.
    EXPECT_GE(depths_by_edge_sweeps(graph.edge_list, graph.root)[graph.upstream.front()], 1);

    const PackedFileCopy packed_copy(graph.edge_list);
    EXPECT_EQ(depths_by_edge_sweeps(packed_copy.edges(), graph.root, kDirected), expected) << "from the packed file";
  }
}

TEST_P(EdgeSweepDepthsDirectedTest, FollowTuplesFromSourceToTargetOnly) {
  // A path 0 -> 1 -> ... -> 5 listed backwards, so that each sweep reaches one more vertex only.
  const EdgeList path = edge_list_from(6, {{4, 5}, {3, 4}, {2, 3}, {1, 2}, {0, 1}, {5, 5}});
  EXPECT_EQ(depths_by_edge_sweeps(path, 0, kDirected), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(depths_by_edge_sweeps(path, 3, kDirected), (std::vector<std::int64_t>{-1, -1, -1, 0, 1, 2}));
  EXPECT_EQ(depths_by_edge_sweeps(path, 3), (std::vector<std::int64_t>{3, 2, 1, 0, 1, 2}));
}

TEST_P(EdgeSweepDepthsDirectedTest, AShortcutBackwardsIsNoShortcut) {
  // 0 -> 1 -> 2 -> 3, and 3 -> 0: from 0, vertex 3 is three hops away, not one.
  const EdgeList cycle = edge_list_from(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
  EXPECT_EQ(depths_by_edge_sweeps(cycle, 0, kDirected), (std::vector<std::int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(depths_by_edge_sweeps(cycle, 0), (std::vector<std::int64_t>{0, 1, 2, 1}));
}

INSTANTIATE_TEST_SUITE_P(Threads, EdgeSweepDepthsDirectedTest, ::testing::Values(1, 2));

}  // namespace
}  // namespace validate_test
