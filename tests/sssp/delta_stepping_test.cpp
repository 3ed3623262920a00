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
  EdgeList edge_list = testing::make_edge_list(5, {{0, 1}, {1, 2}, {3, 4}});
  edge_list.weights = {0.5F, 0.25F, 0.1F};
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  DeltaStepping kernel(graph, weights, SsspOptions{});
  std::vector<float> distance(5);
  std::vector<std::int32_t> parent(5);
  kernel.run(1, distance, parent);
  EXPECT_EQ(distance[0], 0.5F);
  EXPECT_EQ(distance[2], 0.25F);
  EXPECT_EQ(parent[1], 1);
  EXPECT_EQ(parent[0], 1);
  EXPECT_TRUE(std::isinf(distance[3]));
  EXPECT_EQ(parent[4], kUnreached);
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
