// The weights beside the lists: each entry holds the least weight of the tuples that join its two
// vertices, in any neighbour order and partition count.
#include "graph/list_weights.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <utility>

#include "core/error.hpp"
#include "graph/csr_graph.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

TEST(ListWeights, DuplicatesKeepTheLeastWeightBothWays) {
  EdgeList edge_list = testing::make_edge_list(4, {{0, 1}, {1, 0}, {0, 1}, {2, 2}, {2, 3}});
  edge_list.weights = {0.5F, 0.25F, 0.75F, 0.0F, 0.125F};
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  EXPECT_EQ(weights.of(graph, 0)[0], 0.25F);
  EXPECT_EQ(weights.of(graph, 1)[0], 0.25F);
  ASSERT_EQ(weights.of(graph, 2).size(), 1U);  // the self-loop is dropped with its weight
  EXPECT_EQ(weights.of(graph, 2)[0], 0.125F);
  EXPECT_EQ(weights.bytes(), 4 * static_cast<std::int64_t>(sizeof(float)));
}

TEST(ListWeights, FollowEveryOrderAndPartition) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(2000, 6, 3);
  testing::add_random_weights(edge_list, 5);
  std::map<std::pair<VertexId, VertexId>, float> least;
  for (std::int64_t e = 0; e < edge_list.num_edges(); ++e) {
    const VertexId u = edge_list.edges[e].v0(), v = edge_list.edges[e].v1();
    for (const auto& key : {std::pair(u, v), std::pair(v, u)}) {
      const auto [place, added] = least.emplace(key, edge_list.weights[e]);
      if (!added) place->second = std::min(place->second, edge_list.weights[e]);
    }
  }
  for (const int partitions : {1, 3}) {
    for (const NeighborOrder order : {NeighborOrder::kHubFirst, NeighborOrder::kByDegree}) {
      const PartitionedGraph graph(build_csr(edge_list), partitions, order);
      const ListWeights weights(graph, edge_list);
      for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const auto neighbors = graph.neighbors(v);
        const auto list_weights = weights.of(graph, v);
        ASSERT_EQ(neighbors.size(), list_weights.size());
        for (std::size_t k = 0; k < neighbors.size(); ++k) {
          ASSERT_EQ(list_weights[k], least.at({v, neighbors[k]})) << v << " " << neighbors[k];
        }
      }
    }
  }
}

TEST(ListWeights, RefusesAnEdgeListWithoutWeights) {
  const EdgeList edge_list = testing::make_edge_list(2, {{0, 1}});
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  EXPECT_THROW(ListWeights(graph, edge_list), Error);
}

}  // namespace
}  // namespace semibfs
