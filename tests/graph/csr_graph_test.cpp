// build_csr against an independent sorted-vector adjacency: symmetric, sorted, unique, no self-loops.
#include "graph/csr_graph.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

using semibfs::testing::make_edge_list;
using semibfs::testing::make_skewed_random_edge_list;
using semibfs::testing::ScopedThreadCount;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<NeighborId> neighbor_list(const CsrGraph& graph, VertexId vertex) {
  const auto neighbors = graph.neighbors(vertex);
  return {neighbors.begin(), neighbors.end()};
}

// The expected adjacency, built the obvious way.
std::vector<std::vector<NeighborId>> expected_adjacency(const EdgeList& edge_list) {
  std::vector<std::vector<NeighborId>> adjacency(edge_list.num_vertices);
  for (const CompactEdge& edge : edge_list.edges) {
    if (edge.v0() == edge.v1()) continue;
    adjacency[edge.v0()].push_back(static_cast<NeighborId>(edge.v1()));
    adjacency[edge.v1()].push_back(static_cast<NeighborId>(edge.v0()));
  }
  for (auto& list : adjacency) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adjacency;
}

void expect_matches_edge_list(const CsrGraph& graph, const EdgeList& edge_list) {
  const auto adjacency = expected_adjacency(edge_list);
  ASSERT_EQ(graph.num_vertices(), edge_list.num_vertices);
  ASSERT_EQ(static_cast<std::int64_t>(graph.offsets().size()), edge_list.num_vertices + 1);
  std::int64_t total = 0;
  for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
    const std::vector<NeighborId>& expected = adjacency[vertex];
    ASSERT_EQ(neighbor_list(graph, vertex), expected) << "vertex " << vertex;
    ASSERT_EQ(graph.degree(vertex), static_cast<std::int64_t>(expected.size()));
    total += graph.degree(vertex);
  }
  EXPECT_EQ(graph.num_adjacencies(), total);
  EXPECT_EQ(graph.offsets().back(), total);
}

// Checks the CSR invariants on the graph alone, without the edge list.
void expect_simple_symmetric(const CsrGraph& graph) {
  for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
    const auto neighbors = graph.neighbors(vertex);
    for (std::size_t index = 0; index < neighbors.size(); ++index) {
      ASSERT_NE(static_cast<VertexId>(neighbors[index]), vertex) << "self-loop at " << vertex;
      if (index > 0) {
        ASSERT_LT(neighbors[index - 1], neighbors[index]) << "vertex " << vertex;
      }
      const auto back = graph.neighbors(neighbors[index]);
      ASSERT_TRUE(std::binary_search(back.begin(), back.end(), static_cast<NeighborId>(vertex)))
          << "edge " << vertex << "-" << neighbors[index] << " has no reverse";
    }
  }
}

TEST(CsrGraphTest, PathHasDegreesOneTwoTwoOne) {
  const CsrGraph graph = build_csr(make_edge_list(4, {{0, 1}, {2, 1}, {2, 3}}));
  EXPECT_EQ(graph.num_vertices(), 4);
  EXPECT_EQ(graph.num_adjacencies(), 6);
  EXPECT_THAT(graph.offsets(), ElementsAre(0, 1, 3, 5, 6));
  EXPECT_THAT(neighbor_list(graph, 0), ElementsAre(1));
  EXPECT_THAT(neighbor_list(graph, 1), ElementsAre(0, 2));
  EXPECT_THAT(neighbor_list(graph, 2), ElementsAre(1, 3));
  EXPECT_THAT(neighbor_list(graph, 3), ElementsAre(2));
}

TEST(CsrGraphTest, DropsSelfLoopsAndDuplicates) {
  const CsrGraph graph =
      build_csr(make_edge_list(3, {{0, 0}, {0, 1}, {1, 0}, {0, 1}, {2, 2}, {1, 2}, {1, 1}}));
  EXPECT_THAT(neighbor_list(graph, 0), ElementsAre(1));
  EXPECT_THAT(neighbor_list(graph, 1), ElementsAre(0, 2));
  EXPECT_THAT(neighbor_list(graph, 2), ElementsAre(1));
  EXPECT_EQ(graph.num_adjacencies(), 4);
}

TEST(CsrGraphTest, IsolatedVerticesHaveNoNeighbors) {
  const CsrGraph graph = build_csr(make_edge_list(6, {{1, 3}, {4, 4}}));
  for (VertexId vertex : {0, 2, 4, 5}) EXPECT_THAT(neighbor_list(graph, vertex), IsEmpty()) << vertex;
  EXPECT_THAT(neighbor_list(graph, 1), ElementsAre(3));
  EXPECT_THAT(neighbor_list(graph, 3), ElementsAre(1));
}

TEST(CsrGraphTest, EmptyGraphs) {
  const CsrGraph no_vertices = build_csr(make_edge_list(0, {}));
  EXPECT_EQ(no_vertices.num_vertices(), 0);
  EXPECT_THAT(no_vertices.offsets(), ElementsAre(0));
  const CsrGraph no_edges = build_csr(make_edge_list(100, {}));
  EXPECT_EQ(no_edges.num_adjacencies(), 0);
  EXPECT_EQ(no_edges.degree(99), 0);
}

TEST(CsrGraphTest, StarCentreSeesEveryLeaf) {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId leaf = 1; leaf < 300; ++leaf) pairs.emplace_back(leaf % 2 ? 0 : leaf, leaf % 2 ? leaf : 0);
  const EdgeList edge_list = make_edge_list(300, pairs);
  const CsrGraph graph = build_csr(edge_list);
  EXPECT_EQ(graph.degree(0), 299);
  expect_matches_edge_list(graph, edge_list);
}

TEST(CsrGraphTest, RejectsVertexIdsOutsideTheGraph) {
  EXPECT_THROW(build_csr(make_edge_list(4, {{0, 1}, {1, 4}})), Error);
  EXPECT_THROW(build_csr(make_edge_list(4, {{-1, 1}})), Error);
  try {
    build_csr(make_edge_list(4, {{0, 1}, {2, 3}, {7, 1}}));
    FAIL() << "expected an Error";
  } catch (const Error& error) {
    EXPECT_THAT(error.what(), ::testing::HasSubstr("edge 2"));
  }
}

TEST(CsrGraphTest, RowListsRejectEntriesOutsideTheirRowsOrIds) {
  const std::vector<CompactEdge> row_outside{CompactEdge::make(4, 1), CompactEdge::make(9, 2)};
  EXPECT_THROW(
      {
        try {
          build_row_lists(VertexRange{4, 8}, 16, row_outside);
        } catch (const Error& error) {
          EXPECT_THAT(error.what(), ::testing::HasSubstr("entry 1 (9, 2) has a row outside [4, 8)"));
          throw;
        }
      },
      Error);
  const std::vector<CompactEdge> id_outside{CompactEdge::make(5, 16)};
  EXPECT_THROW(build_row_lists(VertexRange{4, 8}, 16, id_outside), Error);
}

TEST(CsrGraphTest, RejectsMoreThanTwoToThe32Vertices) {
  EXPECT_THROW(build_csr(make_edge_list((std::int64_t{1} << 32) + 1, {})), Error);
  EXPECT_THROW(build_csr(make_edge_list(-1, {})), Error);
}

TEST(CsrGraphTest, ConstructorRejectsInconsistentArrays) {
  EXPECT_THROW(CsrGraph(3, {0, 1, 2}, {1, 0}), Error);
  EXPECT_THROW(CsrGraph(2, {0, 1, 3}, {1, 0}), Error);
  EXPECT_NO_THROW(CsrGraph(2, {0, 1, 2}, {1, 0}));
}

TEST(CsrGraphTest, BytesCountsOffsetsAndNeighbors) {
  EXPECT_EQ(CsrGraph(3, {0, 1, 2, 2}, {1, 0}).bytes(), 4 * 8 + 2 * 4);
  const CsrGraph graph = build_csr(make_edge_list(4, {{0, 1}, {2, 1}, {2, 3}, {3, 2}}));
  EXPECT_GE(graph.bytes(), 5 * 8 + 6 * 4);
  EXPECT_LE(graph.bytes(), 5 * 8 + 8 * 4) << "at most the room of the dropped duplicate";
}

class CsrRandomTest : public ::testing::TestWithParam<int> {};

TEST_P(CsrRandomTest, MatchesSetAdjacencyOnSkewedGraphs) {
  const ScopedThreadCount threads(GetParam());
  // 1000 is not a multiple of 64: the last bucket is partial.
  for (const std::int64_t num_vertices : {std::int64_t{1000}, std::int64_t{1} << 12, std::int64_t{1} << 14}) {
    const EdgeList edge_list = make_skewed_random_edge_list(num_vertices, 16, 42 + num_vertices);
    const CsrGraph graph = build_csr(edge_list);
    expect_matches_edge_list(graph, edge_list);
    expect_simple_symmetric(graph);
  }
}

TEST_P(CsrRandomTest, SameGraphForEveryThreadCount) {
  const EdgeList edge_list = make_skewed_random_edge_list(1 << 13, 8, 7);
  const CsrGraph serial = [&] {
    const ScopedThreadCount one(1);
    return build_csr(edge_list);
  }();
  const ScopedThreadCount threads(GetParam());
  const CsrGraph parallel = build_csr(edge_list);
  EXPECT_EQ(parallel.offsets(), serial.offsets());
  for (VertexId vertex = 0; vertex < serial.num_vertices(); ++vertex) {
    ASSERT_EQ(neighbor_list(parallel, vertex), neighbor_list(serial, vertex));
  }
}

// The directed entries (u, v) of every edge with u in `rows`, both ways round, self-loops kept
// (build_row_lists drops them), in reverse order so that no list arrives sorted.
std::vector<CompactEdge> row_entries(const EdgeList& edge_list, VertexRange rows) {
  std::vector<CompactEdge> entries;
  for (const CompactEdge& edge : edge_list.edges) {
    if (rows.contains(edge.v0())) entries.push_back(edge);
    if (rows.contains(edge.v1()) && edge.v0() != edge.v1()) entries.push_back(CompactEdge{edge.v1_id, edge.v0_id});
  }
  std::reverse(entries.begin(), entries.end());
  return entries;
}

// Ranges that start and end off word boundaries, the whole graph, and an empty range.
TEST_P(CsrRandomTest, RowListsMatchTheirRowsOfTheWholeAdjacency) {
  const ScopedThreadCount threads(GetParam());
  const std::int64_t num_vertices = 3000;
  EdgeList edge_list = make_skewed_random_edge_list(num_vertices, 16, 11);
  edge_list.edges.push_back(CompactEdge::make(700, 700));
  const auto adjacency = expected_adjacency(edge_list);
  for (const VertexRange rows : {VertexRange{0, 3000}, VertexRange{0, 1000}, VertexRange{517, 2999},
                                 VertexRange{2999, 3000}, VertexRange{1200, 1200}}) {
    const CsrGraph lists = build_row_lists(rows, num_vertices, row_entries(edge_list, rows));
    ASSERT_EQ(lists.num_vertices(), rows.size());
    for (std::int64_t row = 0; row < rows.size(); ++row) {
      ASSERT_EQ(neighbor_list(lists, row), adjacency[rows.begin + row]) << "vertex " << rows.begin + row;
    }
    EXPECT_EQ(lists.offsets().back(), lists.num_adjacencies());
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, CsrRandomTest, ::testing::Values(1, 2, 3),
                         [](const auto& info) { return std::to_string(info.param) + "Threads"; });

// The Graph500 reference's SCALE 10 edge list (tests/vectors/graph500): a real Kronecker graph.
TEST(CsrGraphTest, MatchesSetAdjacencyOnReferenceScale10) {
  std::ifstream file(std::string(SEMIBFS_TEST_VECTORS) + "/kron-s10-ef16.edges.txt");
  if (!file) FAIL() << "test vectors not found at " << SEMIBFS_TEST_VECTORS;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  VertexId u = 0;
  VertexId v = 0;
  double weight = 0;
  while (file >> u >> v >> weight) pairs.emplace_back(u, v);
  ASSERT_EQ(pairs.size(), 16384u);
  const EdgeList edge_list = make_edge_list(1024, pairs);
  const CsrGraph graph = build_csr(edge_list);
  expect_matches_edge_list(graph, edge_list);
  expect_simple_symmetric(graph);
}

}  // namespace
}  // namespace semibfs
