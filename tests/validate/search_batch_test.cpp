// Several searches validated in one pass give, search for search, what Validator gives alone: the
// same nedge for valid trees, and the same report for a tree corrupted anywhere in the batch.
#include "validate/search_batch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/parent_array.hpp"
#include "validate/batch_edge_pass.hpp"
#include "directed_fixtures.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::BatchOutcome;
using semibfs::GraphDirection;
using semibfs::InMemoryEdgeSource;
using semibfs::ParentArray;
using semibfs::SearchBatch;
using semibfs::Validator;

ParentArray parent_array_of(const std::vector<VertexId>& parent) {
  ParentArray array;
  array.assign(static_cast<std::int64_t>(parent.size()));
  array.visit([&](auto entries) {
    for (std::size_t v = 0; v < parent.size(); ++v) entries[v] = static_cast<decltype(entries[0] + 0)>(parent[v]);
  });
  return array;
}

// Roots from all over a random graph: its main component, the other one, and isolated vertices.
std::vector<VertexId> spread_roots(const RandomGraph& graph, std::size_t count) {
  std::vector<VertexId> roots;
  for (std::size_t i = 0; roots.size() < count; ++i) {
    if (i % 5 == 3) {
      roots.push_back(graph.other_component[i % graph.other_component.size()]);
    } else if (i % 7 == 6) {
      roots.push_back(graph.isolated[i % graph.isolated.size()]);
    } else {
      roots.push_back(graph.main_component[(i * 131) % graph.main_component.size()]);
    }
  }
  return roots;
}

// Every tree through batches of `capacity`, each outcome next to the validator's own report.
// A valid tree whose levels fit a byte is proven by the pass itself, never sent to Validator.
void expect_batches_match_validator(const semibfs::EdgeSource& edges, const Validator& validator,
                                    const std::vector<VertexId>& roots,
                                    const std::vector<std::vector<VertexId>>& trees, int capacity,
                                    bool own_lists) {
  SearchBatch batch(edges, validator.direction(), &validator, capacity, own_lists);
  std::size_t checked = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    batch.keep(roots[i], parent_array_of(trees[i]));
    if (!batch.full() && i + 1 < roots.size()) continue;
    for (const BatchOutcome& outcome : batch.check()) {
      ASSERT_EQ(outcome.root, roots[checked]);
      const semibfs::ValidationReport alone = validator.validate(roots[checked], trees[checked]);
      EXPECT_TRUE(same_report(alone, outcome.report)) << "search " << checked << " of batches of " << capacity;
      const std::vector<std::int64_t> level = alone.ok() ? levels_of(trees[checked]) : std::vector<std::int64_t>{};
      const bool shallow = alone.ok() && *std::max_element(level.begin(), level.end()) <= semibfs::kDeepestByteLevel;
      if (shallow) {
        EXPECT_FALSE(outcome.validated_alone) << "search " << checked << ": a valid tree flagged by the pass";
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, roots.size());
}

// Capacity, threads, and whether the passes read the validator's own lists or the tuples.
class SearchBatchTest : public ::testing::TestWithParam<std::tuple<int, int, bool>> {
 protected:
  void SetUp() override {
    previous_threads_ = omp_get_max_threads();
    omp_set_num_threads(std::get<1>(GetParam()));
  }
  void TearDown() override { omp_set_num_threads(previous_threads_); }
  int capacity() const { return std::get<0>(GetParam()); }
  bool own_lists() const { return std::get<2>(GetParam()); }

 private:
  int previous_threads_ = 1;
};

TEST_P(SearchBatchTest, ValidTreesPassWithTheValidatorsNedge) {
  const RandomGraph graph = random_graph(11, 5);
  const Adjacency adjacency = adjacency_of(graph.edge_list);
  const InMemoryEdgeSource edges(graph.edge_list, 1000);  // chunk seams inside the pass
  const Validator validator(edges);
  const std::vector<VertexId> roots = spread_roots(graph, 21);
  std::vector<std::vector<VertexId>> trees;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    trees.push_back(i % 2 == 0 ? first_found_parents(adjacency, roots[i]) : highest_neighbor_parents(adjacency, roots[i]));
  }
  expect_batches_match_validator(edges, validator, roots, trees, capacity(), own_lists());
}

TEST_P(SearchBatchTest, WithoutValidationItCountsTheTepsEdges) {
  const RandomGraph graph = random_graph(10, 6);
  const Adjacency adjacency = adjacency_of(graph.edge_list);
  const InMemoryEdgeSource edges(graph.edge_list, 777);
  SearchBatch batch(edges, GraphDirection::kUndirected, nullptr, capacity());
  const std::vector<VertexId> roots = spread_roots(graph, static_cast<std::size_t>(capacity()));
  std::vector<std::int64_t> expected;
  for (const VertexId root : roots) {
    const std::vector<VertexId> tree = first_found_parents(adjacency, root);
    expected.push_back(expected_nedge(graph.edge_list, tree));
    batch.keep(root, parent_array_of(tree));
  }
  const std::vector<BatchOutcome> outcomes = batch.check();
  ASSERT_EQ(outcomes.size(), roots.size());
  for (std::size_t i = 0; i < roots.size(); ++i) {
    EXPECT_EQ(outcomes[i].report.nedge, expected[i]) << "search " << i;
    EXPECT_TRUE(outcomes[i].report.ok());
  }
}

// A corruption of one search, the last of a full batch or one in the middle, is reported as
// Validator reports it alone, and the other searches of the batch still pass.
TEST_P(SearchBatchTest, ACorruptedSearchAnywhereInTheBatchIsCaughtAsAlone) {
  const RandomGraph graph = random_graph(11, 7);
  const Adjacency adjacency = adjacency_of(graph.edge_list);
  const InMemoryEdgeSource edges(graph.edge_list, 1000);
  const Validator validator(edges);
  const std::vector<VertexId> roots = spread_roots(graph, static_cast<std::size_t>(capacity()));
  const std::vector<TreeCorruption> corruptions = tree_corruptions(adjacency);
  for (std::size_t corruption = 0; corruption < corruptions.size(); ++corruption) {
    for (const int corrupted : {capacity() - 1, capacity() / 2}) {
      std::vector<std::vector<VertexId>> trees;
      for (const VertexId root : roots) trees.push_back(first_found_parents(adjacency, root));
      // The isolated and small-component roots have little to corrupt: use a main-component root.
      const VertexId root = graph.main_component[static_cast<std::size_t>(corrupted) % graph.main_component.size()];
      std::vector<VertexId> batch_roots = roots;
      batch_roots[static_cast<std::size_t>(corrupted)] = root;
      trees[static_cast<std::size_t>(corrupted)] = first_found_parents(adjacency, root);
      corruptions[corruption](trees[static_cast<std::size_t>(corrupted)], root);
      ASSERT_FALSE(validator.validate(root, trees[static_cast<std::size_t>(corrupted)]).ok())
          << "corruption " << corruption << " left a valid tree";
      SCOPED_TRACE("corruption " + std::to_string(corruption) + " in search " + std::to_string(corrupted));
      expect_batches_match_validator(edges, validator, batch_roots, trees, capacity(), own_lists());
    }
  }
}

TEST_P(SearchBatchTest, DirectedTreesAndADirectedCorruption) {
  const DirectedRandomGraph graph = directed_random_graph(11, 8);
  const Adjacency out = out_adjacency_of(graph.edge_list);
  const InMemoryEdgeSource edges(graph.edge_list, 1000);
  const Validator validator(edges, GraphDirection::kDirected);
  std::vector<VertexId> roots;
  std::vector<std::vector<VertexId>> trees;
  for (int i = 0; i < capacity(); ++i) {
    const std::vector<VertexId>& pool = i % 3 == 2 ? graph.upstream : graph.reachable;
    roots.push_back(pool[static_cast<std::size_t>(i * 97) % pool.size()]);
    trees.push_back(first_found_parents(out, roots.back()));
  }
  expect_batches_match_validator(edges, validator, roots, trees, capacity(), own_lists());
  // In the first search, a parent one level up with no edge from it to the vertex (rule 5).
  std::vector<VertexId>& first = trees.front();
  const std::vector<std::int64_t> level = levels_of(first);
  bool corrupted = false;
  for (VertexId v = 0; v < std::ssize(first) && !corrupted; ++v) {
    if (level[v] < 2) continue;
    for (VertexId u = 0; u < std::ssize(first) && !corrupted; ++u) {
      if (level[u] == level[v] - 1 && !adjacent(out, u, v)) {
        first[v] = u;
        corrupted = true;
      }
    }
  }
  ASSERT_TRUE(corrupted);
  ASSERT_FALSE(validator.validate(roots.front(), first).ok());
  expect_batches_match_validator(edges, validator, roots, trees, capacity(), own_lists());
}

INSTANTIATE_TEST_SUITE_P(CapacitiesAndThreads, SearchBatchTest,
                         ::testing::Combine(::testing::Values(2, 5, 8, 13, 64), ::testing::Values(1, 2),
                                            ::testing::Bool()));

// A path of 600 vertices: its trees are deeper than a byte of level, so those searches are
// validated alone, and still pass or fail as the validator says.
TEST(SearchBatchDeepTreeTest, TreesTooDeepForALaneAreValidatedAlone) {
  std::vector<Tuple> path;
  for (VertexId v = 0; v + 1 < 600; ++v) path.emplace_back(v, v + 1);
  const EdgeList graph = edge_list_from(600, path);
  const Adjacency adjacency = adjacency_of(graph);
  const InMemoryEdgeSource edges(graph);
  const Validator validator(edges);
  const std::vector<VertexId> roots{0, 300, 599, 5};
  std::vector<std::vector<VertexId>> trees;
  for (const VertexId root : roots) trees.push_back(first_found_parents(adjacency, root));
  for (const bool own_lists : {false, true}) {
    expect_batches_match_validator(edges, validator, roots, trees, 4, own_lists);
    std::vector<std::vector<VertexId>> corrupted = trees;
    corrupted[2][10] = 12;  // not a neighbour
    expect_batches_match_validator(edges, validator, roots, corrupted, 4, own_lists);
  }
}

TEST(SearchBatchBytesTest, TheCapacityForARoomFitsInIt) {
  const std::int64_t vertices = 1 << 20;
  for (const bool validate : {true, false}) {
    for (const int capacity : {4, 8, 16, 32, 64}) {
      const std::int64_t bytes = SearchBatch::working_bytes_for(vertices, capacity, validate);
      EXPECT_EQ(SearchBatch::capacity_for(vertices, bytes, validate), capacity);
      EXPECT_LT(SearchBatch::capacity_for(vertices, bytes - 1, validate), capacity);
    }
    EXPECT_EQ(SearchBatch::capacity_for(vertices, SearchBatch::working_bytes_for(vertices, 4, validate) - 1, validate), 0);
  }
  // Validation holds a parent and a level a search and vertex, and more beside.
  EXPECT_GE(SearchBatch::working_bytes_for(vertices, 64, true), vertices * 64 * 5);
}

}  // namespace
}  // namespace validate_test
