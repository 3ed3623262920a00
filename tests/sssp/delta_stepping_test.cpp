// Delta-stepping against a plain Dijkstra (tests/support) on generated graphs, exactly, for
// several deltas, partition counts, neighbour orders and thread counts; its parents pass the
// independent validator.
#include "sssp/delta_stepping.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "support/sssp_checks.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

struct Layout {
  int partitions;
  NeighborOrder order;
};

// Every listed root's distances equal Dijkstra's and its tree passes the SSSP rules.
void expect_dijkstra_distances(const EdgeList& edge_list, Layout layout, float delta,
                               const std::vector<VertexId>& roots) {
  const PartitionedGraph graph(build_csr(edge_list), layout.partitions, layout.order);
  const ListWeights weights(graph, edge_list);
  DeltaStepping kernel(graph, weights, SsspOptions{delta});
  SCOPED_TRACE("delta " + std::to_string(delta));
  for (const SsspStats& stats : testing::expect_dijkstra_distances(kernel, edge_list, roots)) {
    EXPECT_GT(stats.buckets, 0);
    EXPECT_GE(stats.edges_relaxed, stats.distance_updates);
    // The weights lie in [0, 1): every entry is light under a delta of 1 or more, some are heavy below.
    if (delta >= 1.0F) {
      EXPECT_EQ(stats.light_edges, stats.edges_relaxed);
    } else if (stats.edges_relaxed > 100) {
      EXPECT_LT(stats.light_edges, stats.edges_relaxed);
    }
  }
}

TEST(DeltaStepping, EqualsDijkstraOnKroneckerGraphs) {
  for (const int scale : {6, 8, 10}) {
    KroneckerParams params;
    params.scale = scale;
    const EdgeList edge_list = generate_kronecker(params, true);
    for (const float delta : {0.01F, 0.05F, 0.3F, 2.0F}) {
      expect_dijkstra_distances(edge_list, {1, NeighborOrder::kHubFirst}, delta, {0, 1, 5, 17});
    }
  }
}

TEST(DeltaStepping, EqualsDijkstraOverPartitionsOrdersAndThreads) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(3000, 8, 7);
  testing::add_random_weights(edge_list, 11);
  const int threads = omp_get_max_threads();
  for (const int thread_count : {1, 4}) {
    omp_set_num_threads(thread_count);
    for (const Layout layout : {Layout{1, NeighborOrder::kById}, Layout{3, NeighborOrder::kByDegree},
                                Layout{2, NeighborOrder::kHubFirst}}) {
      expect_dijkstra_distances(edge_list, layout, 0.05F, {0, 42, 2999});
    }
  }
  omp_set_num_threads(threads);
}

TEST(DeltaStepping, UnreachedVerticesHaveNoDistanceNorParent) {
  testing::expect_unreached_have_no_distance_nor_parent(
      [](const PartitionedGraph& graph, const ListWeights& weights, VertexId root, auto distance, auto parent) {
        DeltaStepping(graph, weights, SsspOptions{}).run(root, distance, parent);
      });
}

// A star from its centre: each vertex is expanded once, so every list entry is looked at once, and
// those lighter than delta are counted light, in the phase of the bucket that expanded them.
TEST(DeltaStepping, CountsTheEntriesLighterThanDelta) {
  EdgeList edge_list = testing::make_edge_list(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}});
  edge_list.weights = {0.1F, 0.2F, 0.5F, 0.95F};
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  DeltaStepping kernel(graph, weights, SsspOptions{0.3});
  std::vector<float> distance(5);
  std::vector<std::int32_t> parent(5);
  const SsspStats stats = kernel.run(0, distance, parent);
  EXPECT_EQ(stats.edges_relaxed, 8);
  EXPECT_EQ(stats.light_edges, 4);  // 0.1 and 0.2, from the centre and back
  ASSERT_EQ(stats.phases.size(), 3U);  // buckets 0 (the centre, leaves 1 and 2), 1 (leaf 3) and 3 (leaf 4)
  EXPECT_EQ(stats.phases[0].bucket, 0);
  EXPECT_EQ(stats.phases[0].edges_relaxed, 6);
  EXPECT_EQ(stats.phases[0].light_edges, 4);
  EXPECT_EQ(stats.phases[1].bucket, 1);
  EXPECT_EQ(stats.phases[2].bucket, 3);
  EXPECT_EQ(stats.phases[2].light_edges, 0);
}

TEST(DeltaStepping, RefusesABadDeltaAndRoot) {
  EdgeList edge_list = testing::make_edge_list(2, {{0, 1}});
  edge_list.weights = {0.5F};
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  EXPECT_THROW(DeltaStepping(graph, weights, SsspOptions{0.0F}), Error);
  DeltaStepping kernel(graph, weights, SsspOptions{});
  std::vector<float> distance(2);
  std::vector<std::int32_t> parent(2);
  EXPECT_THROW(kernel.run(2, distance, parent), Error);
}

}  // namespace
}  // namespace semibfs
