// The pruned kernel (push-pull delta-stepping over lists ordered by weight) against a plain
// Dijkstra (tests/support), exactly, for several deltas, partition counts, neighbour orders and
// thread counts; its parents pass the independent validator; it pulls where the pull reads less
// and pushes elsewhere.
#include "sssp/push_pull_stepping.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "support/sssp_checks.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

struct Layout {
  int partitions;
  NeighborOrder order;
};

// How many phases pushed and pulled.
struct Directions {
  std::int64_t pushed = 0;
  std::int64_t pulled = 0;
  void add(const SsspStats& stats) {
    for (const SsspBucketPhase& phase : stats.phases) ++(phase.pulled ? pulled : pushed);
  }
};

// Every listed root's distances equal Dijkstra's and its tree passes the SSSP rules.
Directions expect_dijkstra_distances(const EdgeList& edge_list, Layout layout, float delta,
                                     const std::vector<VertexId>& roots) {
  const PartitionedGraph graph(build_csr(edge_list), layout.partitions, layout.order);
  const ListWeights weights(graph, edge_list);
  const WeightOrderedLists lists(graph, ListWeightsView(graph, weights));
  PushPullStepping kernel(lists, SsspOptions{delta});
  SCOPED_TRACE("delta " + std::to_string(delta));
  Directions directions;
  for (const SsspStats& stats : testing::expect_dijkstra_distances(kernel, edge_list, roots)) {
    EXPECT_GT(stats.buckets, 0);
    EXPECT_GE(stats.edges_relaxed, stats.distance_updates);
    EXPECT_LE(stats.light_edges, stats.edges_relaxed);
    directions.add(stats);
  }
  return directions;
}

TEST(PushPullStepping, EqualsDijkstraOnKroneckerGraphs) {
  Directions all;
  for (const int scale : {6, 8, 10, 12}) {
    KroneckerParams params;
    params.scale = scale;
    const EdgeList edge_list = generate_kronecker(params, true);
    for (const float delta : {0.001F, 0.01F, 0.05F, 0.3F, 2.0F}) {
      const Directions directions = expect_dijkstra_distances(edge_list, {1, NeighborOrder::kHubFirst}, delta,
                                                              {0, 1, 5, 17});
      all.pushed += directions.pushed;
      all.pulled += directions.pulled;
    }
  }
  EXPECT_GT(all.pushed, 0);
  EXPECT_GT(all.pulled, 0);  // the hubs' buckets of the larger graphs
}

TEST(PushPullStepping, EqualsDijkstraOverPartitionsOrdersAndThreads) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(3000, 8, 7);
  testing::add_random_weights(edge_list, 11);
  const int threads = omp_get_max_threads();
  for (const int thread_count : {1, 4}) {
    omp_set_num_threads(thread_count);
    for (const Layout layout : {Layout{1, NeighborOrder::kById}, Layout{3, NeighborOrder::kByDegree},
                                Layout{2, NeighborOrder::kHubFirst}}) {
      for (const float delta : {0.02F, 0.2F}) expect_dijkstra_distances(edge_list, layout, delta, {0, 42, 2999});
    }
  }
  omp_set_num_threads(threads);
}

// Integer weights far above delta, and weights of zero: a zero-weight edge lands in its own bucket.
TEST(PushPullStepping, EqualsDijkstraWithIntegerAndZeroWeights) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(2000, 6, 3);
  testing::add_random_weights(edge_list, 5);
  EdgeList zeros = edge_list;
  for (std::size_t e = 0; e < edge_list.weights.size(); ++e) {
    edge_list.weights[e] = std::floor(edge_list.weights[e] * 255.0F) + 1.0F;  // 1..255
    if (e % 3 == 0) zeros.weights[e] = 0.0F;
  }
  for (const float delta : {1.0F, 2.0F, 16.0F}) expect_dijkstra_distances(edge_list, {1, NeighborOrder::kById}, delta, {0, 7});
  for (const float delta : {0.01F, 0.1F}) expect_dijkstra_distances(zeros, {2, NeighborOrder::kById}, delta, {0, 7});
}

// Three hubs next to the root, each joined to every leaf: when the first bucket is emptied, pushing
// its hubs' edges would read 3 entries a leaf, while each leaf finds a hub among its lightest.
TEST(PushPullStepping, PullsWhenTheBucketsHubsWouldPushMore) {
  constexpr std::int64_t kLeaves = 2000;
  std::vector<std::pair<VertexId, VertexId>> pairs = {{0, 1}, {0, 2}, {0, 3}};
  for (VertexId leaf = 4; leaf < 4 + kLeaves; ++leaf) {
    for (VertexId hub = 1; hub <= 3; ++hub) pairs.emplace_back(hub, leaf);
  }
  EdgeList edge_list = testing::make_edge_list(4 + kLeaves, pairs);
  testing::add_random_weights(edge_list, 3);
  for (std::size_t e = 0; e < 3; ++e) edge_list.weights[e] = 0.001F;
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  const WeightOrderedLists lists(graph, ListWeightsView(graph, weights));
  PushPullStepping kernel(lists, SsspOptions{0.05});
  const std::vector<SsspStats> stats = testing::expect_dijkstra_distances(kernel, edge_list, std::vector<VertexId>{0});
  ASSERT_FALSE(stats.front().phases.empty());
  EXPECT_TRUE(stats.front().phases.front().pulled);
  // The first phase reads far fewer entries than a push of the hubs' lists: each leaf reads about
  // its lightest few.
  EXPECT_LT(stats.front().phases.front().edges_relaxed, lists.degree(1) * 3 / 2);
}

// A path: each bucket holds a vertex or two, whose pushes read less than any pull would.
TEST(PushPullStepping, PushesWhenFewEntriesWait) {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 0; v + 1 < 500; ++v) pairs.emplace_back(v, v + 1);
  EdgeList edge_list = testing::make_edge_list(500, pairs);
  testing::add_random_weights(edge_list, 9);
  const Directions directions = expect_dijkstra_distances(edge_list, {1, NeighborOrder::kById}, 0.1F, {0, 250});
  EXPECT_GT(directions.pushed, 0);
  EXPECT_EQ(directions.pulled, 0);
}

TEST(PushPullStepping, UnreachedVerticesHaveNoDistanceNorParent) {
  testing::expect_unreached_have_no_distance_nor_parent(
      [](const PartitionedGraph& graph, const ListWeights& weights, VertexId root, auto distance, auto parent) {
        const WeightOrderedLists lists(graph, ListWeightsView(graph, weights));
        PushPullStepping(lists, SsspOptions{}).run(root, distance, parent);
      });
}

TEST(PushPullStepping, RefusesABadDeltaAndRoot) {
  EdgeList edge_list = testing::make_edge_list(2, {{0, 1}});
  edge_list.weights = {0.5F};
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  const WeightOrderedLists lists(graph, ListWeightsView(graph, weights));
  EXPECT_THROW(PushPullStepping(lists, SsspOptions{0.0F}), Error);
  PushPullStepping kernel(lists, SsspOptions{});
  std::vector<float> distance(2);
  std::vector<std::int32_t> parent(2);
  EXPECT_THROW(kernel.run(2, distance, parent), Error);
  std::vector<float> short_distance(1);
  EXPECT_THROW(kernel.run(0, short_distance, parent), Error);
}

}  // namespace
}  // namespace semibfs
