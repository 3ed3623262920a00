// Each corruption of a valid BFS tree is caught under the expected rule, naming the expected vertex;
// the same edges read from a packed file in many chunks, and the same parents in 32 bits, give the
// same report.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/graph_direction.hpp"
#include "validate/validator.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::GraphDirection;
using semibfs::Validator;

// A valid tree of a random graph, to be corrupted by each test.
class ValidatorRejectsTest : public TreeCorruptionTest<RandomGraph> {
 protected:
  ValidatorRejectsTest() : TreeCorruptionTest(random_graph(11, 77), adjacency_of, GraphDirection::kUndirected) {}
};

TEST_P(ValidatorRejectsTest, TheUncorruptedTreeIsValid) {
  EXPECT_TRUE(validate().ok()) << describe(validate());
}

TEST_P(ValidatorRejectsTest, TwoVerticesThatAreEachOthersParentAreACycle) {
  const VertexId v = find_vertex([&](VertexId u) { return level(u) >= 3; });
  const VertexId p = parent_[v];
  parent_[p] = v;
  EXPECT_TRUE(has_failure(validate(), 1, std::min(v, p)));  // a cycle is named by its smallest vertex
}

TEST_P(ValidatorRejectsTest, ALongerCycle) {
  std::vector<VertexId> ring;  // 50 reached vertices from all over the tree, each the next one's child
  for (VertexId v = 0; ring.size() < 50; ++v) {
    if (parent_[v] != kUnreached && v != graph_.root) ring.push_back(v);
  }
  for (std::size_t i = 0; i < ring.size(); ++i) parent_[ring[i]] = ring[(i + 1) % ring.size()];
  const auto report = validate();
  EXPECT_TRUE(has_failure(report, 1, ring.front()));
  EXPECT_EQ(report.failure_count, 1) << describe(report);
}

TEST_P(ValidatorRejectsTest, EveryVertexItsOwnParentIsCountedAndCapped) {
  std::vector<VertexId> corrupted;  // in increasing order
  for (VertexId v = 0; v < graph_.edge_list.num_vertices; ++v) {
    if (parent_[v] == kUnreached || v == graph_.root) continue;
    parent_[v] = v;
    corrupted.push_back(v);
  }
  const auto report = validate();
  EXPECT_EQ(report.failure_count, static_cast<std::int64_t>(corrupted.size()));  // one cycle each
  EXPECT_LE(report.failures.size(), 16u);
  EXPECT_TRUE(has_failure(report, 1, corrupted.front()));
}

TEST_P(ValidatorRejectsTest, ARootWhoseParentIsAnotherVertex) {
  const VertexId child = find_vertex([&](VertexId v) { return level(v) == 1; });
  parent_[graph_.root] = child;
  EXPECT_TRUE(has_failure(validate(), 1, graph_.root));
}

TEST_P(ValidatorRejectsTest, AnUnreachedRoot) {
  parent_[graph_.root] = kUnreached;
  EXPECT_TRUE(has_failure(validate(), 1, graph_.root));
}

TEST_P(ValidatorRejectsTest, AParentPastTheLastVertex) {
  const VertexId v = find_vertex([&](VertexId u) { return level(u) == 2; });
  parent_[v] = graph_.edge_list.num_vertices + 5;
  EXPECT_TRUE(has_failure(validate(), 1, v));
}

TEST_P(ValidatorRejectsTest, ANegativeParentOtherThanUnreached) {
  const VertexId v = find_vertex([&](VertexId u) { return level(u) == 2; });
  parent_[v] = -7;
  EXPECT_TRUE(has_failure(validate(), 1, v));
}

TEST_P(ValidatorRejectsTest, AParentThatIsUnreached) {
  const VertexId v = find_vertex([&](VertexId u) { return level(u) == 2; });
  parent_[parent_[v]] = kUnreached;
  EXPECT_TRUE(has_failure(validate(), 1, v));
}

TEST_P(ValidatorRejectsTest, ATreeEdgeWithinOneLevel) {
  VertexId w = kUnreached;
  const VertexId v = find_vertex([&](VertexId u) {
    if (level(u) < 1) return false;
    const auto same = std::find_if(adjacency_[u].begin(), adjacency_[u].end(),
                                   [&](VertexId x) { return level(x) == level(u); });
    w = same == adjacency_[u].end() ? kUnreached : *same;
    return w != kUnreached;
  });
  parent_[v] = w;
  const auto report = validate();
  EXPECT_TRUE(has_failure(report, 2, v));
  EXPECT_TRUE(
      std::any_of(report.failures.begin(), report.failures.end(), [](const auto& f) { return f.rule == 3; }))
      << "v's subtree moved one level down, so some input edge now spans two levels: " << describe(report);
}

TEST_P(ValidatorRejectsTest, ATreeEdgeGoingOneLevelDown) {
  VertexId w = kUnreached;
  const VertexId v = find_vertex([&](VertexId u) {
    if (level(u) < 1) return false;
    const auto deeper = std::find_if(adjacency_[u].begin(), adjacency_[u].end(),
                                     [&](VertexId x) { return level(x) == level(u) + 1 && parent_[x] != u; });
    w = deeper == adjacency_[u].end() ? kUnreached : *deeper;
    return w != kUnreached;  // w is not a child of v, so not a descendant: no cycle
  });
  parent_[v] = w;
  EXPECT_TRUE(has_failure(validate(), 2, v));
}

TEST_P(ValidatorRejectsTest, AParentThatIsNotANeighbour) {
  VertexId stranger = kUnreached;
  const VertexId v = find_vertex([&](VertexId u) {
    if (level(u) < 2) return false;
    for (VertexId x = 0; x < graph_.edge_list.num_vertices; ++x) {
      if (level(x) == level(u) - 1 && !adjacent(adjacency_, u, x)) {
        stranger = x;
        return true;
      }
    }
    return false;
  });
  parent_[v] = stranger;
  const auto report = validate();
  EXPECT_TRUE(has_failure(report, 5, v));
  EXPECT_EQ(report.failure_count, 1) << describe(report);
}

TEST_P(ValidatorRejectsTest, AReachedVertexOfAnotherComponent) {
  const VertexId outsider = graph_.other_component.back();
  parent_[outsider] = graph_.root;
  EXPECT_TRUE(has_failure(validate(), 4, outsider));
}

TEST_P(ValidatorRejectsTest, AReachedIsolatedVertex) {
  const VertexId isolated = graph_.isolated.front();
  parent_[isolated] = parent_[graph_.main_component.back()];
  EXPECT_TRUE(has_failure(validate(), 4, isolated));
}

TEST_P(ValidatorRejectsTest, AnUnreachedLeafOfTheComponent) {
  const VertexId leaf = find_vertex([&](VertexId v) { return is_leaf(v); });
  parent_[leaf] = kUnreached;
  const auto report = validate();
  EXPECT_TRUE(has_failure(report, 4, leaf));
  EXPECT_EQ(report.failure_count, 1) << describe(report);
}

TEST_P(ValidatorRejectsTest, KeepsTheSameFewFailuresWhateverTheThreadCount) {
  std::fill(parent_.begin(), parent_.end(), kUnreached);
  parent_[graph_.root] = graph_.root;
  const auto report = validate();
  EXPECT_EQ(report.failure_count, static_cast<std::int64_t>(graph_.main_component.size()) - 1);
  std::vector<VertexId> missed;
  for (VertexId v : graph_.main_component) {
    if (v != graph_.root) missed.push_back(v);
  }
  std::sort(missed.begin(), missed.end());
  ASSERT_EQ(report.failures.size(), 4u);  // the lowest vertex ids of the one rule that fails
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(report.failures[i].rule, 4);
    EXPECT_EQ(report.failures[i].vertex, missed[i]);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, ValidatorRejectsTest, ::testing::Values(1, 2));

TEST(ValidatorRejectsHandMadeTest, MessagesNameTheRuleAndTheVertex) {
  const EdgeList graph = edge_list_from(6, {{0, 1}, {1, 2}, {0, 3}, {3, 4}});
  // 2 hangs from 3: the right level, but not a neighbour. 5 has no edge, yet it is reached.
  const std::vector<VertexId> parent{0, 0, 3, 0, 3, 0};
  const auto report = validate_both_widths(Validator(graph), 0, parent);
  ASSERT_TRUE(has_failure(report, 5, 2));
  ASSERT_TRUE(has_failure(report, 4, 5));
  for (const auto& failure : report.failures) {
    EXPECT_NE(failure.message.find("rule " + std::to_string(failure.rule)), std::string::npos)
        << failure.message;
    EXPECT_NE(failure.message.find("vertex " + std::to_string(failure.vertex)), std::string::npos)
        << failure.message;
  }
}

}  // namespace
}  // namespace validate_test
