// The whole run against the reference: the same roots and the same nedge per root, every
// search validated, for SCALE 10, 12, 16 and 20.
#include "graph500/graph500_run.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "graph500/official_output.hpp"
#include "graph500/search_session.hpp"
#include "graph500/teps_edge_count.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "support/scratch_directory.hpp"
#include "support/test_vectors.hpp"
#include "validate/search_batch.hpp"

namespace semibfs {
namespace {

class ReferenceRun : public ::testing::TestWithParam<int> {};

TEST_P(ReferenceRun, RootsAndNedgeEqualTheReferenceAndEveryRootValidates) {
  const int scale = GetParam();
  Graph500Options options;
  options.kronecker.scale = scale;
  std::ostringstream log;
  const Graph500Report report = run_graph500(options, log);
  ASSERT_TRUE(report.validation_passed) << report.validation_failure;
  const auto expected = testing::reference_roots(scale);
  ASSERT_EQ(report.roots.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(report.roots[i].root, expected[i].root) << "root " << i;
    EXPECT_EQ(report.roots[i].nedge, expected[i].component_nonself_edges) << "nedge of root " << i;
    EXPECT_GE(report.roots[i].validate_seconds, 0.0);
    EXPECT_GT(report.roots[i].bfs_seconds, 0.0);
    EXPECT_FALSE(report.roots[i].levels.empty());
  }
  EXPECT_EQ(report.official.bfs_seconds.size(), expected.size());
  EXPECT_NE(log.str().find("BFS 63: root " + std::to_string(expected.back().root)), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Scales, ReferenceRun, ::testing::Values(10, 12, 16, 20));

// Every policy, and the default policy without a summary and with the coarsest one.
// The NETAL layout with 1, 2 and 4 partitions and every neighbour order: every search validates
// and nedge equals the reference's component counts.
TEST(Graph500Run, EveryLayoutValidatesWithTheReferenceNedge) {
  const auto expected = testing::reference_roots(12);
  for (const int partitions : {1, 2, 4}) {
    for (const NeighborOrder order : {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree}) {
      SCOPED_TRACE(std::to_string(partitions) + " partitions, order " + to_string(order));
      Graph500Options options;
      options.kronecker.scale = 12;
      options.num_roots = 8;
      options.store.partitions = partitions;
      options.store.neighbor_order = order;
      std::ostringstream log;
      const Graph500Report report = run_graph500(options, log);
      ASSERT_TRUE(report.validation_passed) << report.validation_failure;
      EXPECT_EQ(report.partitions, partitions);
      EXPECT_EQ(report.memory.graph.forward == 0, partitions == 1) << "P = 1 shares the backward graph";
      ASSERT_EQ(report.roots.size(), 8u);
      for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(report.roots[i].nedge, expected[i].component_nonself_edges);
    }
  }
}

// The same with compressed stores, in the input's ids and relabelled by degree, all in DRAM and
// under a budget that leaves every list on disk but its head: nedge still the reference's.
TEST(Graph500Run, EveryCompressedLayoutValidatesWithTheReferenceNedge) {
  const auto expected = testing::reference_roots(12);
  const testing::ScratchDirectory scratch;
  int store = 0;
  for (const int partitions : {1, 2, 4}) {
    for (const NeighborOrder order : {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree}) {
      for (const bool relabel : {false, true}) {
        for (const bool budget : {false, true}) {
          SCOPED_TRACE(std::to_string(partitions) + " partitions, order " + to_string(order) +
                       (relabel ? ", relabelled" : "") + (budget ? ", 64 MiB, K = 1" : ""));
          Graph500Options options;
          options.kronecker.scale = 12;
          options.num_roots = 8;
          options.store.partitions = partitions;
          options.store.neighbor_order = order;
          options.store.compressed_lists = true;
          options.store.relabel = relabel;
          options.store.directory = scratch.file("store" + std::to_string(store++));
          std::filesystem::create_directories(options.store.directory);
          if (budget) {
            options.search.budget.dram_budget_bytes = std::int64_t{64} << 20;
            options.search.head_entries = 1;
          }
          std::ostringstream log;
          const Graph500Report report = run_graph500(options, log);
          ASSERT_TRUE(report.validation_passed) << report.validation_failure;
          EXPECT_EQ(report.lists_on_disk, budget);
          // Under a budget the kept trees are validated from the store's lists when they are in the input's ids.
          EXPECT_EQ(report.validation_source, budget && !relabel ? "store lists" : "edges");
          ASSERT_EQ(report.roots.size(), 8u);
          for (std::size_t i = 0; i < 8; ++i) {
            EXPECT_EQ(report.roots[i].root, expected[i].root);
            EXPECT_EQ(report.roots[i].nedge, expected[i].component_nonself_edges);
          }
        }
      }
    }
  }
}

TEST(Graph500Run, EveryPolicyGivesTheSameNedge) {
  std::vector<BfsOptions> variants;
  for (const PolicyKind policy :
       {PolicyKind::kTopDown, PolicyKind::kBottomUp, PolicyKind::kAlphaBeta, PolicyKind::kBeamer}) {
    variants.push_back(BfsOptions{});
    variants.back().policy = policy;
  }
  for (const int summary_bits : {0, 1024}) {
    variants.push_back(BfsOptions{});
    variants.back().summary_bits = summary_bits;
  }
  for (const BfsOptions& bfs : variants) {
    SCOPED_TRACE(to_string(bfs.policy) + ", summary " + std::to_string(bfs.summary_bits));
    Graph500Options options;
    options.kronecker.scale = 12;
    options.num_roots = 8;
    options.search.bfs = bfs;
    std::ostringstream log;
    const Graph500Report report = run_graph500(options, log);
    ASSERT_TRUE(report.validation_passed) << report.validation_failure;
    const auto expected = testing::reference_roots(12);
    ASSERT_EQ(report.roots.size(), 8u);
    for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(report.roots[i].nedge, expected[i].component_nonself_edges);
    for (const RootResult& root : report.roots) {
      for (const LevelStats& level : root.levels) {
        if (bfs.policy == PolicyKind::kTopDown) {
          EXPECT_FALSE(level.bottom_up);
        } else if (bfs.policy == PolicyKind::kBottomUp) {
          EXPECT_TRUE(level.bottom_up);
        }
      }
    }
  }
}

TEST(Graph500Run, SkippedValidationStillCountsNedgeAndMarksTimes) {
  Graph500Options options;
  options.kronecker.scale = 10;
  options.num_roots = 4;
  options.search.skip_validation = true;
  std::ostringstream log;
  const Graph500Report report = run_graph500(options, log);
  ASSERT_EQ(report.roots.size(), 4u);
  EXPECT_EQ(report.roots[0].nedge, testing::reference_roots(10)[0].component_nonself_edges);
  EXPECT_EQ(report.roots[0].validate_seconds, -1.0);
  EXPECT_EQ(log.str().find("validation"), std::string::npos);
  // No validator: only the TEPS count's lanes, a byte a search and vertex (and as much staged).
  EXPECT_EQ(report.memory.validator_bytes, semibfs::SearchBatch::working_bytes_for(1024, 4, false));
}

TEST(Graph500Run, MemoryFootprintNamesEachStructure) {
  Graph500Options options;
  options.kronecker.scale = 14;
  options.num_roots = 1;
  std::ostringstream log;
  const Graph500Report report = run_graph500(options, log);
  const std::int64_t vertices = options.kronecker.num_vertices();
  EXPECT_EQ(report.memory.edge_list_bytes, options.kronecker.num_edges() * 8);  // two 32-bit ids per edge
  EXPECT_EQ(report.memory.graph.forward, 0) << "one partition: the forward graph is the backward graph";
  EXPECT_GT(report.memory.graph.backward, 0);
  EXPECT_EQ(report.memory.graph.first_neighbors, vertices * 4 + vertices / 8);  // a 32-bit head and an isolated bit
  // The 32-bit parent array, the two frontier queues (1024 entries of 4 bytes each at SCALE 14:
  // their floor) and the three bitmaps of the search.
  EXPECT_EQ(report.memory.bfs_status_bytes, vertices * 4 + 2 * 1024 * 4 + 3 * vertices / 8);
  // 32-bit levels and a bit per vertex, and the edge chunks: no adjacency.
  EXPECT_GE(report.memory.validator_bytes, vertices * 4 + vertices / 8);
  EXPECT_LT(report.memory.validator_bytes, vertices * 5 + (8 << 20));
  EXPECT_NE(log.str().find("memory: edge list 2.00 MiB, forward graph 0 B, backward graph "), std::string::npos)
      << log.str();
}

TEST(Graph500Run, CheckSearchCatchesACorruptedTreeAndAWrongEdgeCount) {
  KroneckerParams params;
  params.scale = 10;
  const EdgeList edge_list = generate_kronecker(params, false);
  const PartitionedGraph graph(build_csr(edge_list), 1);
  const Validator validator(edge_list);
  BfsEngine engine(graph, BfsOptions{});
  const VertexId root = testing::reference_roots(10)[0].root;
  std::vector<VertexId> parent(static_cast<std::size_t>(params.num_vertices()));
  engine.run(root, parent);
  const std::int64_t nedge = count_traversed_edges(edge_list, parent);
  EXPECT_FALSE(check_search(validator, root, parent, nedge).has_value());
  const std::optional<ValidationFailure> miscount = check_search(validator, root, parent, nedge + 1);
  ASSERT_TRUE(miscount.has_value());
  EXPECT_NE(miscount->message.find("TEPS edge count"), std::string::npos);
  std::vector<bool> is_parent(parent.size(), false);
  for (VertexId v = 0; v < params.num_vertices(); ++v) {
    if (v != root && parent[v] != kUnreached) is_parent[parent[v]] = true;
  }
  VertexId leaf = kUnreached;  // a reached vertex that is nobody's parent
  for (VertexId v = 0; v < params.num_vertices() && leaf == kUnreached; ++v) {
    if (v != root && parent[v] != kUnreached && !is_parent[v]) leaf = v;
  }
  ASSERT_NE(leaf, kUnreached);
  parent[leaf] = kUnreached;  // a vertex of the component left unreached
  const std::optional<ValidationFailure> failure =
      check_search(validator, root, parent, count_traversed_edges(edge_list, parent));
  ASSERT_TRUE(failure.has_value());
  EXPECT_NE(failure->message.find("rule 4"), std::string::npos) << failure->message;
}

TEST(Graph500Run, MemoryEstimateGrowsWithScaleAndCoversTheEdgeList) {
  Graph500Options small, large;
  small.kronecker.scale = 20;
  large.kronecker.scale = 30;
  EXPECT_GT(estimate_run_bytes(small), small.kronecker.num_edges() * 12);
  EXPECT_GT(estimate_run_bytes(large), std::int64_t{200} << 30);
}

}  // namespace
}  // namespace semibfs
