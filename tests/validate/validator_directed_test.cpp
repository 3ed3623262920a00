// The validator on directed graphs, a tuple (u, v) being the edge u -> v only: valid out-edge BFS
// trees pass with the independent nedge, the same parents fail when the tuples are read as
// undirected, and each corruption of a valid tree is caught under the expected rule, naming the
// expected vertex, whether the edges come from memory or from a packed file read in many chunks, and
// whether the parents are 64-bit or 32-bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/graph_direction.hpp"
#include "directed_fixtures.hpp"
#include "validate/validator.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::GraphDirection;
using semibfs::ValidationReport;
using semibfs::Validator;

constexpr GraphDirection kDirected = GraphDirection::kDirected;

// The directed report over the list in memory, checked to equal the one over a packed file of it.
ValidationReport validate_directed_both_ways(const EdgeList& edge_list, VertexId root,
                                             const std::vector<VertexId>& parent) {
  const PackedFileCopy packed_copy(edge_list);
  return validate_both_ways(edge_list, packed_copy, kDirected, root, parent);
}

// A tree that is valid read as directed, with this nedge, and invalid read as undirected.
void expect_valid_only_as_directed(const EdgeList& graph, VertexId root, const std::vector<VertexId>& parent,
                                   std::int64_t nedge) {
  const ValidationReport report = validate_directed_both_ways(graph, root, parent);
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.nedge, nedge);
  EXPECT_FALSE(validate_both_widths(Validator(graph), root, parent).ok());
}

bool any_message_contains(const ValidationReport& report, int rule, const std::string& text) {
  return std::any_of(report.failures.begin(), report.failures.end(), [&](const auto& failure) {
    return failure.rule == rule && failure.message.find(text) != std::string::npos;
  });
}

// 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, plus an edge back to the root (3 -> 0), one within a level
// (2 -> 1), one back up a level (3 -> 1), an edge into the tree from unreachable 4, self-loops, and 5
// alone. Levels 0, 1, 1, 2; 4 and 5 are not reachable from 0.
EdgeList small_directed_graph() {
  return edge_list_from(6, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 0}, {2, 1}, {3, 1}, {4, 1}, {3, 3}, {5, 5}});
}

TEST(ValidatorDirectedHandMadeTest, AcceptsEitherValidTreeOfASmallGraph) {
  const EdgeList graph = small_directed_graph();
  for (const std::vector<VertexId>& parent : {std::vector<VertexId>{0, 0, 0, 1, kUnreached, kUnreached},
                                              std::vector<VertexId>{0, 0, 0, 2, kUnreached, kUnreached}}) {
    const ValidationReport report = validate_directed_both_ways(graph, 0, parent);
    EXPECT_TRUE(report.ok()) << describe(report);
    EXPECT_EQ(report.nedge, 7);  // every non-self-loop tuple but 4 -> 1
  }
}

TEST(ValidatorDirectedHandMadeTest, TheSameTreeFailsAsUndirected) {
  const EdgeList graph = small_directed_graph();
  const std::vector<VertexId> parent{0, 0, 0, 1, kUnreached, kUnreached};
  const ValidationReport report = validate_both_widths(Validator(graph), 0, parent);
  EXPECT_TRUE(has_failure(report, 4, 4));  // joined to 1 by the tuple (4, 1)
  EXPECT_TRUE(has_failure(report, 3, 3));  // joined to the root by the tuple (3, 0), two levels up
}

TEST(ValidatorDirectedHandMadeTest, ARootWithNoOutEdgesReachesOnlyItself) {
  const EdgeList graph = edge_list_from(3, {{1, 0}, {2, 0}, {1, 2}});
  expect_valid_only_as_directed(graph, 0, {0, kUnreached, kUnreached}, 0);
}

TEST(ValidatorDirectedHandMadeTest, ADirectedCycle) {
  const EdgeList graph = edge_list_from(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
  // From 2: 3 at level 1, 0 at 2, 1 at 3. Undirected, 1 is a neighbour of the root, so level 3 is too deep.
  expect_valid_only_as_directed(graph, 2, {3, 0, 2, 2}, 4);
}

TEST(ValidatorDirectedHandMadeTest, AParentJoinedOnlyByTheReverseTupleFailsRule5) {
  // 3 -> 2 goes back up a level; 2 is one level above 3, but has no edge to it.
  const EdgeList graph = edge_list_from(4, {{0, 1}, {0, 2}, {1, 3}, {3, 2}});
  const std::vector<VertexId> parent{0, 0, 0, 2};
  const ValidationReport report = validate_directed_both_ways(graph, 0, parent);
  EXPECT_TRUE(has_failure(report, 5, 3));
  EXPECT_EQ(report.failure_count, 1) << describe(report);
  EXPECT_TRUE(any_message_contains(report, 5, "no input edge goes from 2 to 3")) << describe(report);
  EXPECT_TRUE(validate_both_widths(Validator(graph), 0, parent).ok()) << "undirected, the tuple (3, 2) joins them";
}

TEST(ValidatorDirectedHandMadeTest, MessagesNameTheRuleTheVertexAndTheDirection) {
  // Levels 0: 0; 1: 1, 3; 2: 2, 5. 4 has an edge into the root but is not reachable.
  const EdgeList graph = edge_list_from(6, {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {4, 0}, {3, 5}});
  // 3 hangs from 2, two levels below 0 -> 3; 4 hangs from the root; 5 is left unreached.
  const std::vector<VertexId> parent{0, 0, 1, 2, 0, kUnreached};
  const ValidationReport report = validate_directed_both_ways(graph, 0, parent);
  EXPECT_TRUE(has_failure(report, 3, 3));
  EXPECT_TRUE(has_failure(report, 2, 3));
  EXPECT_TRUE(has_failure(report, 4, 4));
  EXPECT_TRUE(has_failure(report, 5, 4));
  EXPECT_TRUE(has_failure(report, 4, 5));
  for (const auto& failure : report.failures) {
    EXPECT_NE(failure.message.find("rule " + std::to_string(failure.rule)), std::string::npos) << failure.message;
    EXPECT_NE(failure.message.find("vertex " + std::to_string(failure.vertex)), std::string::npos)
        << failure.message;
    EXPECT_EQ(failure.message.find("connected component"), std::string::npos) << failure.message;
  }
  EXPECT_TRUE(any_message_contains(report, 3, "directed")) << describe(report);
  EXPECT_TRUE(any_message_contains(report, 3, "from vertex 0 at level 0 to vertex 3 at level 3")) << describe(report);
  EXPECT_TRUE(any_message_contains(report, 4, "vertex 4 has parent 0, but it is not reachable from the root"))
      << describe(report);
  EXPECT_TRUE(any_message_contains(report, 4, "vertex 5 is reachable from the root")) << describe(report);
}

class ValidatorDirectedRandomTest : public ThreadCountTest {};

TEST_P(ValidatorDirectedRandomTest, ValidTreesPassWithTheIndependentNedge) {
  for (const std::uint64_t seed : {1, 2, 3, 4}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const DirectedRandomGraph graph = directed_random_graph(11, seed);
    const Adjacency out = out_adjacency_of(graph.edge_list);
    const Adjacency in = in_adjacency_of(graph.edge_list);
    const std::vector<VertexId> first_found = first_found_parents(out, graph.root);
    const std::vector<std::int64_t> levels = levels_of(first_found);
    // What the graph is meant to hold: edges into the tree from unreached sources, and edges from
    // the tree back to lower levels.
    std::int64_t into_tree = 0, back_up = 0;
    for (const CompactEdge& edge : graph.edge_list.edges) {
      into_tree += levels[edge.v0()] < 0 && levels[edge.v1()] >= 0;
      back_up += levels[edge.v0()] >= 0 && levels[edge.v1()] >= 0 && levels[edge.v1()] < levels[edge.v0()];
    }
    ASSERT_GT(into_tree, 0);
    ASSERT_GT(back_up, 0);
    ASSERT_EQ(std::count_if(levels.begin(), levels.end(), [](std::int64_t level) { return level >= 0; }),
              static_cast<std::int64_t>(graph.reachable.size()));

    for (const std::vector<VertexId>& parent : {first_found, highest_neighbor_parents(out, in, graph.root)}) {
      const ValidationReport report = validate_directed_both_ways(graph.edge_list, graph.root, parent);
      EXPECT_TRUE(report.ok()) << describe(report);
      EXPECT_EQ(report.nedge, expected_nedge(graph.edge_list, parent));
      EXPECT_EQ(report.nedge, tuples_from_reached_sources(graph.edge_list, parent));
    }
  }
}

TEST_P(ValidatorDirectedRandomTest, TheSameTreesFailAsUndirected) {
  for (const std::uint64_t seed : {1, 2, 3, 4}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const DirectedRandomGraph graph = directed_random_graph(11, seed);
    const std::vector<VertexId> parent = first_found_parents(out_adjacency_of(graph.edge_list), graph.root);
    const ValidationReport report = validate_both_widths(Validator(graph.edge_list), graph.root, parent);
    EXPECT_FALSE(report.ok());
    // Undirected, the edges into the tree put the upstream vertices in the root's component.
    bool names_upstream = false;
    for (const auto& failure : report.failures) {
      names_upstream = names_upstream || (failure.rule == 4 && std::count(graph.upstream.begin(), graph.upstream.end(),
                                                                           failure.vertex) == 1);
    }
    EXPECT_TRUE(names_upstream) << describe(report);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, ValidatorDirectedRandomTest, ::testing::Values(1, 2));

// A valid out-edge BFS tree of a random directed graph, to be corrupted by each test.
class ValidatorDirectedRejectsTest : public TreeCorruptionTest<DirectedRandomGraph> {
 protected:
  ValidatorDirectedRejectsTest() : TreeCorruptionTest(directed_random_graph(11, 77), out_adjacency_of, kDirected) {}

  const Adjacency& out_ = adjacency_;  // the tree follows out-edges
};

TEST_P(ValidatorDirectedRejectsTest, TheUncorruptedTreeIsValid) {
  const ValidationReport report = validate();
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.nedge, tuples_from_reached_sources(graph_.edge_list, parent_));
}

TEST_P(ValidatorDirectedRejectsTest, AParentJoinedOnlyByTheReverseTuple) {
  VertexId reverse_parent = kUnreached;
  const VertexId v = find_vertex([&](VertexId u) {
    if (level(u) < 1) return false;
    for (VertexId w : out_[u]) {
      if (level(w) == level(u) - 1 && !adjacent(out_, w, u)) {
        reverse_parent = w;
        return true;
      }
    }
    return false;
  });
  parent_[v] = reverse_parent;  // one level up, as a parent must be, but the edge is v -> parent
  const ValidationReport report = validate();
  EXPECT_TRUE(has_failure(report, 5, v));
  EXPECT_EQ(report.failure_count, 1) << describe(report);
}

TEST_P(ValidatorDirectedRejectsTest, AReachableLeafLeftUnreached) {
  const VertexId leaf = find_vertex([&](VertexId v) { return is_leaf(v); });
  parent_[leaf] = kUnreached;
  const ValidationReport report = validate();
  EXPECT_TRUE(has_failure(report, 4, leaf));
  EXPECT_EQ(report.failure_count, 1) << describe(report);
}

TEST_P(ValidatorDirectedRejectsTest, AnUnreachableVertexWithAnEdgeIntoTheTreeGivenAParent) {
  VertexId target = kUnreached;
  const VertexId outsider = find_vertex([&](VertexId u) {
    if (level(u) >= 0) return false;
    const auto into_tree = std::find_if(out_[u].begin(), out_[u].end(), [&](VertexId w) { return level(w) >= 0; });
    target = into_tree == out_[u].end() ? kUnreached : *into_tree;
    return target != kUnreached;
  });
  parent_[outsider] = target;  // the tuple (outsider, target) joins them, but points the wrong way
  const ValidationReport report = validate();
  EXPECT_TRUE(has_failure(report, 4, outsider));
  EXPECT_TRUE(has_failure(report, 5, outsider));
}

TEST_P(ValidatorDirectedRejectsTest, AnIsolatedVertexGivenAParent) {
  const VertexId isolated = graph_.isolated.front();
  parent_[isolated] = graph_.root;
  const ValidationReport report = validate();
  EXPECT_TRUE(has_failure(report, 4, isolated));
  EXPECT_TRUE(has_failure(report, 5, isolated));
}

TEST_P(ValidatorDirectedRejectsTest, ALeafTwoLevelsBelowASourceOfAnEdgeIntoIt) {
  VertexId deeper = kUnreached;
  const VertexId leaf = find_vertex([&](VertexId v) {
    if (!is_leaf(v)) return false;
    for (VertexId w = 0; w < graph_.edge_list.num_vertices; ++w) {
      if (level(w) > level(v) && adjacent(out_, w, v)) {
        deeper = w;
        return true;
      }
    }
    return false;
  });
  // The leaf hangs from a deeper in-neighbour: its old parent's edge into it now spans two levels
  // or more, and the new tree edge does not go one BFS level down.
  parent_[leaf] = deeper;
  const ValidationReport report = validate();
  EXPECT_TRUE(has_failure(report, 3, leaf));
  EXPECT_TRUE(has_failure(report, 2, leaf));
  for (const auto& failure : report.failures) EXPECT_EQ(failure.vertex, leaf) << describe(report);
}

TEST_P(ValidatorDirectedRejectsTest, TwoVerticesThatAreEachOthersParentAreACycle) {
  const VertexId v = find_vertex([&](VertexId u) { return level(u) >= 3; });
  const VertexId p = parent_[v];
  parent_[p] = v;
  EXPECT_TRUE(has_failure(validate(), 1, std::min(v, p)));  // a cycle is named by its smallest vertex
}

TEST_P(ValidatorDirectedRejectsTest, OnlyTheRootReachedNamesTheLowestReachableVertices) {
  std::fill(parent_.begin(), parent_.end(), kUnreached);
  parent_[graph_.root] = graph_.root;
  const ValidationReport report = validate();
  EXPECT_EQ(report.failure_count, static_cast<std::int64_t>(graph_.reachable.size()) - 1);
  std::vector<VertexId> missed;
  for (VertexId v : graph_.reachable) {
    if (v != graph_.root) missed.push_back(v);
  }
  std::sort(missed.begin(), missed.end());
  ASSERT_EQ(report.failures.size(), 4u);  // the lowest vertex ids of the one rule that fails
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(report.failures[i].rule, 4);
    EXPECT_EQ(report.failures[i].vertex, missed[i]);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, ValidatorDirectedRejectsTest, ::testing::Values(1, 2));

}  // namespace
}  // namespace validate_test
