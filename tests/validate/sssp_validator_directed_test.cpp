// The SSSP rules read along directed edges (each tuple v0 -> v1 only, `build --directed`): a
// distance that uses an edge backwards is caught, and an edge into the reached set from an
// unreached vertex is allowed, where the undirected reading judges the other way round.
#include "validate/sssp_validator.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "edges/edge_list.hpp"

namespace semibfs {
namespace {

constexpr float kUnreachedDistance = INFINITY;

// 0 -> 1 (weight 1), 2 -> 1 (weight 1), 1 -> 3 (weight 2): from root 0, vertex 2 is unreachable.
EdgeList three_edges() {
  EdgeList edge_list;
  edge_list.num_vertices = 4;
  edge_list.edges = {CompactEdge::make(0, 1), CompactEdge::make(2, 1), CompactEdge::make(1, 3)};
  edge_list.weights = {1.0F, 1.0F, 2.0F};
  return edge_list;
}

ValidationReport check(const std::vector<float>& distance, const std::vector<std::int64_t>& parent,
                       GraphDirection direction) {
  const EdgeList edge_list = three_edges();
  const InMemoryEdgeSource edges(edge_list);
  return SsspValidator(edges, edge_list.weights, direction)
      .validate(0, distance, std::span<const std::int64_t>(parent));
}

bool has_rule(const ValidationReport& report, int rule) {
  for (const ValidationFailure& failure : report.failures) {
    if (failure.rule == rule) return true;
  }
  return false;
}

TEST(SsspValidatorDirectedTest, TheDirectedAnswerPassesDirectedAndFailsUndirected) {
  const std::vector<float> distance = {0, 1, kUnreachedDistance, 3};
  const std::vector<std::int64_t> parent = {0, 0, kUnreached, 1};
  const ValidationReport directed = check(distance, parent, GraphDirection::kDirected);
  EXPECT_TRUE(directed.ok()) << directed.failures.front().message;
  EXPECT_EQ(directed.nedge, 2);  // the tuples with both endpoints reached
  // 2 - 1 joins a reached and an unreached vertex.
  EXPECT_TRUE(has_rule(check(distance, parent, GraphDirection::kUndirected), 4));
}

TEST(SsspValidatorDirectedTest, ADistanceThroughAnEdgeBackwardsIsCaught) {
  // Vertex 2 reached from 1 through 2 -> 1 taken backwards: right undirected, wrong directed.
  const std::vector<float> distance = {0, 1, 2, 3};
  const std::vector<std::int64_t> parent = {0, 0, 1, 1};
  EXPECT_TRUE(check(distance, parent, GraphDirection::kUndirected).ok());
  const ValidationReport directed = check(distance, parent, GraphDirection::kDirected);
  EXPECT_TRUE(has_rule(directed, 2));
}

TEST(SsspValidatorDirectedTest, AShorterDirectedEdgeAndAnUnreachedTargetAreCaught) {
  // 1 -> 3 would give 3 a distance of 3: 5 is too long (rule 3).
  const ValidationReport longer =
      check({0, 1, kUnreachedDistance, 5}, {0, 0, kUnreached, 0}, GraphDirection::kDirected);
  EXPECT_TRUE(has_rule(longer, 3));
  // 3 left unreached while 1 -> 3 leaves the reached set (rule 4).
  const ValidationReport unreached =
      check({0, 1, kUnreachedDistance, kUnreachedDistance}, {0, 0, kUnreached, kUnreached}, GraphDirection::kDirected);
  EXPECT_TRUE(has_rule(unreached, 4));
}

}  // namespace
}  // namespace semibfs
