// Rule 1's walk into a caller's buffer, as a SearchBatch keeps one from tree to tree: the levels of
// every tree are those of a plain walk up the parents whatever the buffer held before, and a tree
// that fails rule 1 leaves the buffer empty, its failures those of a fresh walk.
#include "validate/tree_levels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "support/thread_count.hpp"
#include "validate/failure_log.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::FailureLog;
using semibfs::kUnreachedLevel;
using semibfs::TreeLevel;
using semibfs::tree_levels;
using semibfs::testing::ThreadCount;

void expect_plain_levels(const std::vector<VertexId>& parent, const std::vector<TreeLevel>& levels) {
  const std::vector<std::int64_t> expected = levels_of(parent);
  ASSERT_EQ(levels.size(), parent.size());
  for (std::size_t v = 0; v < parent.size(); ++v) {
    EXPECT_EQ(levels[v], expected[v] < 0 ? kUnreachedLevel : static_cast<TreeLevel>(expected[v])) << "vertex " << v;
  }
}

class TreeLevelsIntoABuffer : public ::testing::TestWithParam<int> {};

TEST_P(TreeLevelsIntoABuffer, ReusedFromTreeToTreeGivesEachItsOwnLevels) {
  const ThreadCount thread_count(GetParam());
  const RandomGraph graph = random_graph(12, 5);
  const Adjacency adjacency = adjacency_of(graph.edge_list);
  std::vector<TreeLevel> buffer;
  for (const VertexId root : {graph.root, graph.main_component.back(), graph.other_component.front(), graph.isolated.front()}) {
    const std::vector<VertexId> parent = first_found_parents(adjacency, root);
    FailureLog failures;
    tree_levels(root, std::span<const VertexId>(parent), failures, buffer);
    ASSERT_TRUE(failures.empty()) << "root " << root;
    expect_plain_levels(parent, buffer);
  }
}

TEST_P(TreeLevelsIntoABuffer, AFailingTreeEmptiesItWithTheFreshWalksFailures) {
  const ThreadCount thread_count(GetParam());
  const RandomGraph graph = random_graph(12, 5);
  const Adjacency adjacency = adjacency_of(graph.edge_list);
  std::vector<VertexId> parent = first_found_parents(adjacency, graph.root);
  std::vector<TreeLevel> buffer;
  FailureLog ignored;
  tree_levels(graph.root, std::span<const VertexId>(parent), ignored, buffer);
  // Deepest in the tree, a vertex whose parent is unreached: found by the walks, reported by the check.
  const std::vector<std::int64_t> levels = levels_of(parent);
  const auto deepest = static_cast<VertexId>(std::max_element(levels.begin(), levels.end()) - levels.begin());
  parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(deepest)])] = semibfs::kUnreached;
  FailureLog reused, fresh;
  tree_levels(graph.root, std::span<const VertexId>(parent), reused, buffer);
  const std::vector<TreeLevel> fresh_levels = tree_levels(graph.root, std::span<const VertexId>(parent), fresh);
  EXPECT_TRUE(buffer.empty());
  EXPECT_TRUE(fresh_levels.empty());
  ASSERT_FALSE(reused.empty());
  EXPECT_EQ(reused.count(), fresh.count());
  semibfs::ValidationReport reused_report, fresh_report;
  reused.move_into(reused_report);
  fresh.move_into(fresh_report);
  EXPECT_TRUE(same_report(fresh_report, reused_report));
  ASSERT_FALSE(reused_report.failures.empty());
  EXPECT_EQ(reused_report.failures.front().rule, 1);
}

INSTANTIATE_TEST_SUITE_P(Threads, TreeLevelsIntoABuffer, ::testing::Values(1, 2));

}  // namespace
}  // namespace validate_test
