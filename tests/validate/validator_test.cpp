// The validator accepts every valid BFS tree, counts nedge like the reference, and rejects bad calls.
#include "validate/validator.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "support/error_message.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::Validator;

class ValidatorAcceptsTest : public ThreadCountTest {};

// 0-1, 0-2, 1-3, 2-3, 3-4 and 5-6, a self-loop on 7 and on 4, and 0-1 three times.
EdgeList diamond_graph() {
  return edge_list_from(8, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {5, 6}, {7, 7}, {1, 0}, {0, 1}, {4, 4}});
}

TEST_P(ValidatorAcceptsTest, EitherParentOneLevelUpOnAHandMadeGraph) {
  const EdgeList graph = diamond_graph();
  const Validator validator(graph);
  for (VertexId parent_of_3 : {1, 2}) {
    const std::vector<VertexId> parent{0, 0, 0, parent_of_3, 3, kUnreached, kUnreached, kUnreached};
    const auto report = validator.validate(0, parent);
    EXPECT_TRUE(report.ok()) << describe(report);
    EXPECT_EQ(report.failure_count, 0);
    EXPECT_EQ(report.nedge, 7);  // self-loops out, the three copies of 0-1 in
  }
}

TEST_P(ValidatorAcceptsTest, EveryRootOfTheHandMadeGraph) {
  const EdgeList graph = diamond_graph();
  const Validator validator(graph);
  const Adjacency adjacency = adjacency_of(graph);
  for (VertexId root = 0; root < graph.num_vertices; ++root) {
    const std::vector<VertexId> parent = first_found_parents(adjacency, root);
    const auto report = validator.validate(root, parent);
    EXPECT_TRUE(report.ok()) << "root " << root << ": " << describe(report);
    EXPECT_EQ(report.nedge, expected_nedge(graph, parent)) << "root " << root;
  }
}

TEST_P(ValidatorAcceptsTest, AnIsolatedRootWithASelfLoop) {
  const EdgeList graph = edge_list_from(4, {{0, 1}, {1, 2}, {3, 3}, {3, 3}});
  const auto report =
      Validator(graph).validate(3, std::vector<VertexId>{kUnreached, kUnreached, kUnreached, 3});
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.nedge, 0);
}

TEST_P(ValidatorAcceptsTest, SelfLoopsAndDuplicatesAroundAValidTree) {
  std::vector<Tuple> tuples{{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 0}, {2, 2}};
  for (int copy = 0; copy < 5; ++copy) tuples.insert(tuples.end(), {{1, 0}, {0, 0}, {2, 1}, {3, 3}});
  const EdgeList graph = edge_list_from(4, tuples);
  const auto report = Validator(graph).validate(0, std::vector<VertexId>{0, 0, 0, kUnreached});
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.nedge, 3 + 5 * 2);
}

TEST_P(ValidatorAcceptsTest, BothBreadthFirstTreesOfRandomGraphs) {
  for (int scale = 10; scale <= 12; ++scale) {
    const RandomGraph graph = random_graph(scale, 1000 + static_cast<std::uint64_t>(scale));
    const Validator validator(graph.edge_list);
    const Adjacency adjacency = adjacency_of(graph.edge_list);
    for (const auto& parent :
         {first_found_parents(adjacency, graph.root), highest_neighbor_parents(adjacency, graph.root)}) {
      const auto report = validator.validate(graph.root, parent);
      EXPECT_TRUE(report.ok()) << "scale " << scale << ": " << describe(report);
      EXPECT_EQ(report.nedge, expected_nedge(graph.edge_list, parent)) << "scale " << scale;
      EXPECT_GT(report.nedge, 0);
    }
  }
}

TEST_P(ValidatorAcceptsTest, OneValidatorForManyRoots) {
  const RandomGraph graph = random_graph(11, 7);
  const Validator validator(graph.edge_list);
  const Adjacency adjacency = adjacency_of(graph.edge_list);
  for (std::size_t i = 0; i < graph.main_component.size(); i += graph.main_component.size() / 8) {
    const VertexId root = graph.main_component[i];
    const std::vector<VertexId> parent = first_found_parents(adjacency, root);
    const auto report = validator.validate(root, parent);
    EXPECT_TRUE(report.ok()) << "root " << root << ": " << describe(report);
    EXPECT_EQ(report.nedge, expected_nedge(graph.edge_list, parent));
  }
}

TEST_P(ValidatorAcceptsTest, AnotherComponentsRootLeavesTheMainComponentUnreached) {
  const RandomGraph graph = random_graph(10, 11);
  const VertexId root = graph.other_component.front();
  const std::vector<VertexId> parent = first_found_parents(adjacency_of(graph.edge_list), root);
  const auto report = Validator(graph.edge_list).validate(root, parent);
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(parent[graph.main_component.front()], kUnreached);
  EXPECT_EQ(report.nedge, expected_nedge(graph.edge_list, parent));
}

// A path through every vertex, in a shuffled order of ids (order.front() an end); tuples shuffled too.
struct ShuffledPath {
  std::vector<VertexId> order;
  EdgeList graph;
};

ShuffledPath shuffled_path(VertexId length, std::uint64_t seed) {
  ShuffledPath path{std::vector<VertexId>(static_cast<std::size_t>(length)), {}};
  std::iota(path.order.begin(), path.order.end(), 0);
  std::mt19937_64 random(seed);
  std::shuffle(path.order.begin(), path.order.end(), random);
  std::vector<Tuple> tuples;
  for (VertexId i = 1; i < length; ++i) tuples.emplace_back(path.order[i], path.order[i - 1]);
  std::shuffle(tuples.begin(), tuples.end(), random);
  path.graph = edge_list_from(length, tuples);
  return path;
}

TEST_P(ValidatorAcceptsTest, ADeepPathInShuffledOrder) {
  constexpr VertexId kLength = 3000;
  const ShuffledPath path = shuffled_path(kLength, 5);
  const std::vector<VertexId> parent = first_found_parents(adjacency_of(path.graph), path.order.front());
  const auto report = Validator(path.graph).validate(path.order.front(), parent);
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.nedge, kLength - 1);
}

// Deeper than any walk's first Brent checkpoints, and long enough that levels cross 2^16; rooted at
// an end, then in the middle (two branches half as deep).
TEST_P(ValidatorAcceptsTest, APathOfAHundredThousandVerticesFromEitherWidth) {
  constexpr VertexId kLength = 100000;
  const ShuffledPath path = shuffled_path(kLength, 9);
  const Validator validator(path.graph);
  const Adjacency adjacency = adjacency_of(path.graph);
  for (const VertexId root : {path.order.front(), path.order[kLength / 2]}) {
    const std::vector<VertexId> parent = first_found_parents(adjacency, root);
    const auto report = validate_both_widths(validator, root, parent);
    EXPECT_TRUE(report.ok()) << "root " << root << ": " << describe(report);
    EXPECT_EQ(report.nedge, kLength - 1) << "root " << root;
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, ValidatorAcceptsTest, ::testing::Values(1, 2));

TEST(ValidatorArgumentsTest, ARootOutsideTheGraphThrows) {
  const EdgeList graph = diamond_graph();
  const Validator validator(graph);
  const std::vector<VertexId> parent(8, kUnreached);
  EXPECT_THROW(validator.validate(8, parent), semibfs::Error);
  EXPECT_THROW(validator.validate(-1, parent), semibfs::Error);
}

TEST(ValidatorArgumentsTest, AParentArrayOfTheWrongSizeThrows) {
  const EdgeList graph = diamond_graph();
  const Validator validator(graph);
  EXPECT_THROW(validator.validate(0, std::vector<VertexId>{0, 0, 0}), semibfs::Error);
  EXPECT_THROW(validator.validate(0, std::vector<VertexId>(9, 0)), semibfs::Error);
}

TEST(ValidatorArgumentsTest, ThirtyTwoBitParentsOfTooManyVerticesThrow) {
  // No edges: the validator's own check passes at once, however many vertices.
  const EdgeList too_many = edge_list_from((VertexId{1} << 31) + 1, {});
  const std::string error =
      semibfs::testing::error_of([&] { Validator(too_many).validate(0, std::span<const std::int32_t>()); });
  EXPECT_NE(error.find("32-bit parents cannot name the 2147483649 vertices"), std::string::npos) << error;
  const EdgeList most = edge_list_from(VertexId{1} << 31, {});
  const std::string size_error =
      semibfs::testing::error_of([&] { Validator(most).validate(0, std::span<const std::int32_t>()); });
  EXPECT_NE(size_error.find("the parent array has 0 entries"), std::string::npos) << size_error;
}

TEST(ValidatorArgumentsTest, AnEdgeEndpointOutsideTheGraphThrows) {
  const EdgeList too_high = edge_list_from(4, {{0, 1}, {1, 4}});
  const EdgeList highest_id = edge_list_from(4, {{0, 1}, {(VertexId{1} << 32) - 1, 3}});  // a wrapped -1
  EXPECT_THROW(Validator{too_high}, semibfs::Error);
  EXPECT_THROW(Validator{highest_id}, semibfs::Error);
  EXPECT_THROW(edge_list_from(4, {{0, 1}, {-2, 3}}), semibfs::Error);  // no negative id fits in memory
}

}  // namespace
}  // namespace validate_test
