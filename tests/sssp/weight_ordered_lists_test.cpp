// The lists ordered by weight hold each vertex's entries and weights exactly, lightest first, over
// any partitioning; and the one kernel a search in one process runs is the pruned one over them
// where it may be.
#include "sssp/weight_ordered_lists.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "sssp/shortest_path_kernel.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

using Entries = std::vector<std::pair<NeighborId, float>>;

TEST(WeightOrderedLists, HoldEachListLightestFirst) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(1500, 6, 21);
  testing::add_random_weights(edge_list, 4);
  for (const int partitions : {1, 3}) {
    const PartitionedGraph graph(build_csr(edge_list), partitions, NeighborOrder::kHubFirst);
    const ListWeights weights(graph, edge_list);
    const ListWeightsView view(graph, weights);
    const WeightOrderedLists lists(graph, view);
    ASSERT_EQ(lists.num_vertices(), graph.num_vertices());
    std::int64_t entries = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
      Entries expected;
      const auto neighbors = graph.neighbors(v);
      const auto list_weights = view.of(graph, v);
      for (std::size_t k = 0; k < neighbors.size(); ++k) expected.emplace_back(neighbors[k], list_weights[k]);
      Entries ordered;  // in the graph's ids
      const NeighborId u = lists.copy_id(v);
      ASSERT_EQ(lists.graph_id(u), v);
      for (const WeightedEntry* e = lists.begin(u); e < lists.end(u); ++e) {
        ordered.emplace_back(static_cast<NeighborId>(lists.graph_id(e->neighbor)), e->weight);
      }
      EXPECT_TRUE(std::is_sorted(ordered.begin(), ordered.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; }))
          << "vertex " << v;
      std::sort(expected.begin(), expected.end());
      std::sort(ordered.begin(), ordered.end());
      EXPECT_EQ(ordered, expected) << "vertex " << v;
      entries += lists.degree(u);
    }
    EXPECT_TRUE(lists.renamed());  // the random graph's ids are in no order of degree
    const std::int64_t n = graph.num_vertices();  // offsets, and the ids' two maps
    EXPECT_EQ(lists.bytes(), entries * WeightOrderedLists::kBytesPerEntry + (n + 1) * 8 + 2 * n * 4);
  }
}

// The copy's ids put the vertices by degree, highest first, ties in the graph's order; a graph
// whose ids already are so keeps them (no maps).
TEST(WeightOrderedLists, NameVerticesByDegreeHighestFirst) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(600, 5, 9);
  testing::add_random_weights(edge_list, 3);
  const PartitionedGraph graph(build_csr(edge_list), 2, NeighborOrder::kHubFirst);
  const ListWeights weights(graph, edge_list);
  const WeightOrderedLists lists(graph, ListWeightsView(graph, weights));
  ASSERT_TRUE(lists.renamed());
  for (NeighborId u = 1; u < lists.num_vertices(); ++u) {
    const VertexId before = lists.graph_id(u - 1);
    const VertexId v = lists.graph_id(u);
    ASSERT_TRUE(graph.degree(before) > graph.degree(v) || (graph.degree(before) == graph.degree(v) && before < v))
        << "copy ids " << u - 1 << " and " << u;
  }
  // The same graph with its vertices in the copy's order needs no renaming.
  EdgeList by_degree = edge_list;
  for (CompactEdge& edge : by_degree.edges) edge = {lists.copy_id(edge.v0()), lists.copy_id(edge.v1())};
  const PartitionedGraph ordered_graph(build_csr(by_degree), 2, NeighborOrder::kHubFirst);
  const ListWeights ordered_weights(ordered_graph, by_degree);
  const WeightOrderedLists ordered(ordered_graph, ListWeightsView(ordered_graph, ordered_weights));
  EXPECT_FALSE(ordered.renamed());
  EXPECT_EQ(ordered.copy_id(17), 17U);
  EXPECT_EQ(ordered.bytes() + 2 * lists.num_vertices() * 4, lists.bytes());
}

// Undirected lists in DRAM get the pruned kernel; directed ones delta-stepping, with the reason.
TEST(ShortestPathKernel, PrunesUndirectedListsInDram) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(800, 5, 2);
  testing::add_random_weights(edge_list, 8);
  const PartitionedGraph graph(build_csr(edge_list), 2, NeighborOrder::kHubFirst);
  const ListWeights weights(graph, edge_list);
  for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
    ShortestPathKernel kernel(graph, ListWeightsView(graph, weights), direction, SsspOptions{0.05});
    const bool undirected = direction == GraphDirection::kUndirected;
    EXPECT_EQ(kernel.pruned(), undirected);
    EXPECT_EQ(kernel.why_not_pruned().empty(), undirected);
    EXPECT_EQ(kernel.ordered_list_bytes() > 0, undirected);
    EXPECT_GT(kernel.status_bytes(), 0);
    // The lists here are symmetric either way, so both give the undirected distances.
    std::vector<float> distance(800);
    std::vector<std::int64_t> parent(800);
    kernel.run(3, distance, parent);
    EXPECT_EQ(distance, testing::dijkstra_distances(edge_list, 3));
  }
}

}  // namespace
}  // namespace semibfs
