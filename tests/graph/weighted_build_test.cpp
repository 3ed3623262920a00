// Kernel 1 with weights (build_weighted_csr, build_weighted_graph): each list entry's weight equals
// the least weight of the input tuples joining its two vertices, computed here independently with a
// std::map, in every neighbour order, partition count and thread count; and the unweighted build
// still makes the lists it made before (golden hashes recorded from main's build, commit a7f1450).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "graph/partitioned_graph.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

using semibfs::testing::ScopedThreadCount;

constexpr NeighborOrder kEveryOrder[] = {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree};

// (vertex, neighbour) -> the least weight of the tuples joining them, either way round; no self-loops.
using LeastWeights = std::map<std::pair<VertexId, VertexId>, float>;

LeastWeights least_weights(const EdgeList& edge_list) {
  LeastWeights least;
  for (std::int64_t e = 0; e < edge_list.num_edges(); ++e) {
    const VertexId u = edge_list.edges[e].v0(), v = edge_list.edges[e].v1();
    if (u == v) continue;
    for (const auto& key : {std::pair(u, v), std::pair(v, u)}) {
      const auto [place, added] = least.emplace(key, edge_list.weights[e]);
      if (!added) place->second = std::min(place->second, edge_list.weights[e]);
    }
  }
  return least;
}

// Every entry of every list has the expected weight, and every expected entry is in a list once.
void expect_least_weights(const PartitionedGraph& graph, const ListWeights& weights, const LeastWeights& least) {
  std::int64_t entries = 0;
  for (VertexId v = 0; v < graph.num_vertices(); ++v) {
    const auto neighbors = graph.neighbors(v);
    const auto list_weights = weights.of(graph, v);
    ASSERT_EQ(neighbors.size(), list_weights.size()) << "vertex " << v;
    for (std::size_t k = 0; k < neighbors.size(); ++k) {
      const auto expected = least.find({v, static_cast<VertexId>(neighbors[k])});
      ASSERT_NE(expected, least.end()) << "entry " << v << " " << neighbors[k] << " joins no tuple";
      ASSERT_EQ(list_weights[k], expected->second) << "entry " << v << " " << neighbors[k];
    }
    entries += static_cast<std::int64_t>(neighbors.size());
  }
  EXPECT_EQ(entries, static_cast<std::int64_t>(least.size()));
}

// The weighted build's lists are the unweighted build's, entry for entry, in both directions.
void expect_same_lists(const PartitionedGraph& weighted, const PartitionedGraph& plain) {
  ASSERT_EQ(weighted.num_partitions(), plain.num_partitions());
  for (int k = 0; k < plain.num_partitions(); ++k) {
    EXPECT_EQ(weighted.backward(k).offsets(), plain.backward(k).offsets());
    EXPECT_EQ(weighted.backward(k).all_neighbors(), plain.backward(k).all_neighbors());
    EXPECT_EQ(weighted.forward(k).all_neighbors(), plain.forward(k).all_neighbors());
  }
}

// Every order and partition count, on one edge list with weights.
void expect_weights_everywhere(const EdgeList& edge_list) {
  const LeastWeights least = least_weights(edge_list);
  for (const int partitions : {1, 2, 3}) {
    for (const NeighborOrder order : kEveryOrder) {
      SCOPED_TRACE(std::to_string(partitions) + " partitions, order " + to_string(order));
      const WeightedGraph built = build_weighted_graph(edge_list, partitions, order);
      expect_least_weights(built.graph, built.weights, least);
      expect_same_lists(built.graph, PartitionedGraph(build_csr(edge_list), partitions, order));
    }
  }
}

EdgeList kronecker_with_weights(int scale) {
  KroneckerParams params;
  params.scale = scale;
  return generate_kronecker(params, true);
}

TEST(WeightedBuild, HandMadeDuplicatesKeepTheLeastAndSelfLoopsGo) {
  EdgeList edge_list = testing::make_edge_list(5, {{0, 1}, {1, 0}, {0, 1}, {2, 2}, {2, 3}, {3, 2}, {4, 4}, {0, 3}});
  edge_list.weights = {0.5F, 0.25F, 0.75F, 0.0F, 0.125F, 0.0625F, 0.0F, 1.0F};
  const WeightedCsr built = build_weighted_csr(edge_list);
  EXPECT_EQ(built.lists.all_neighbors(), (std::vector<NeighborId>{1, 3, 0, 3, 0, 2}));
  EXPECT_EQ(built.weights, (std::vector<float>{0.25F, 1.0F, 0.25F, 0.0625F, 1.0F, 0.0625F}));
}

// Bucket layouts whose key sort takes an even (SCALE 11) and an odd (SCALE 12) number of radix
// passes, so that the sorted weights end in the bucket's own array and in the scratch buffer.
class WeightedBuildThreads : public ::testing::TestWithParam<int> {};

TEST_P(WeightedBuildThreads, KroneckerWeightsAreTheLeastOfTheirTuples) {
  const ScopedThreadCount threads(GetParam());
  for (const int scale : {11, 12}) {
    SCOPED_TRACE("SCALE " + std::to_string(scale));
    expect_weights_everywhere(kronecker_with_weights(scale));
  }
}

TEST_P(WeightedBuildThreads, SkewedRandomWeightsAreTheLeastOfTheirTuples) {
  const ScopedThreadCount threads(GetParam());
  EdgeList edge_list = testing::make_skewed_random_edge_list(3000, 8, 11);
  testing::add_random_weights(edge_list, 13);
  // Coarse weights, so that many duplicates tie or differ only in which comes first.
  for (float& weight : edge_list.weights) weight = static_cast<float>(static_cast<int>(weight * 8.0F)) / 8.0F;
  expect_weights_everywhere(edge_list);
}

INSTANTIATE_TEST_SUITE_P(Threads, WeightedBuildThreads, ::testing::Values(1, 2, 3),
                         [](const auto& info) { return std::to_string(info.param) + "Threads"; });

// The lookup made for graphs read back from a store agrees with kernel 1's weights.
TEST(WeightedBuild, AgreesWithTheLookupForStoredGraphs) {
  const EdgeList edge_list = kronecker_with_weights(11);
  const WeightedGraph built = build_weighted_graph(edge_list, 2, NeighborOrder::kByDegree);
  const ListWeights looked_up(built.graph, edge_list);
  for (VertexId v = 0; v < built.graph.num_vertices(); ++v) {
    const auto made = built.weights.of(built.graph, v);
    const auto found = looked_up.of(built.graph, v);
    ASSERT_TRUE(std::equal(made.begin(), made.end(), found.begin(), found.end())) << "vertex " << v;
  }
}

// Golden hashes of the unweighted lists (FNV-1a over each partition's offsets and neighbours, backward
// then forward), recorded with main's build before kernel 1 carried weights.
std::uint64_t list_hash(const PartitionedGraph& graph) {
  std::uint64_t hash = 14695981039346656037ULL;
  const auto mix = [&hash](std::uint64_t value) { hash = (hash ^ value) * 1099511628211ULL; };
  for (int k = 0; k < graph.num_partitions(); ++k) {
    for (const CsrGraph* lists : {&graph.backward(k), &graph.forward(k)}) {
      for (const std::int64_t offset : lists->offsets()) mix(static_cast<std::uint64_t>(offset));
      for (const NeighborId neighbor : lists->all_neighbors()) mix(neighbor);
    }
  }
  return hash;
}

TEST(WeightedBuild, UnweightedListsAreThoseOfBefore) {
  const std::map<std::pair<int, NeighborOrder>, std::uint64_t> golden = {
      {{1, NeighborOrder::kById}, 0x690c095174ee5f05ULL},     {{1, NeighborOrder::kHubFirst}, 0x4b3effd2d87e0f81ULL},
      {{1, NeighborOrder::kByDegree}, 0xa7b46a368ef7736dULL}, {{3, NeighborOrder::kById}, 0x129682bc33cf6e81ULL},
      {{3, NeighborOrder::kHubFirst}, 0x7f5e1a964557fd81ULL}, {{3, NeighborOrder::kByDegree}, 0xb3b18112852798dfULL},
  };
  KroneckerParams params;
  params.scale = 12;
  const EdgeList edge_list = generate_kronecker(params, false);
  for (const auto& [case_, hash] : golden) {
    const PartitionedGraph graph(build_csr(edge_list), case_.first, case_.second);
    EXPECT_EQ(list_hash(graph), hash) << case_.first << " partitions, order " << to_string(case_.second);
  }
}

TEST(WeightedBuild, EmptyAndSelfLoopOnlyGraphsHaveNoWeights) {
  EdgeList loops = testing::make_edge_list(3, {{1, 1}, {2, 2}});
  loops.weights = {0.5F, 0.25F};
  const WeightedGraph built = build_weighted_graph(loops, 2, NeighborOrder::kHubFirst);
  EXPECT_EQ(built.graph.num_adjacencies(), 0);
  EXPECT_TRUE(built.weights.of(built.graph, 1).empty());
  EXPECT_TRUE(build_weighted_csr(testing::make_edge_list(0, {})).weights.empty());
}

TEST(WeightedBuild, RefusesMissingOrMiscountedWeights) {
  EdgeList edge_list = testing::make_edge_list(3, {{0, 1}, {1, 2}});
  EXPECT_THROW(build_weighted_csr(edge_list), Error);
  edge_list.weights = {0.5F};
  EXPECT_THROW(build_weighted_csr(edge_list), Error);
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  EXPECT_THROW(ListWeights(graph, std::vector<float>(3, 0.0F)), Error);
  CsrGraph lists = build_csr(edge_list);
  std::vector<float> too_few(2, 0.0F);
  EXPECT_THROW(order_neighbors(lists, NeighborOrder::kHubFirst, std::span<float>(too_few)), Error);
}

}  // namespace
}  // namespace semibfs
