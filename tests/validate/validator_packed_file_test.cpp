// The validator and the TEPS edge count over a Kronecker edge list read from a packed file in many
// chunks give what they give over the list in memory: the same nedge, verdicts and failures, for
// the engine's BFS trees and for trees corrupted in bulk (the single corruptions of
// validator_negative_test.cpp are compared there, each over a packed file too).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "graph500/teps_edge_count.hpp"
#include "bfs/bfs.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "support/pattern_file.hpp"
#include "validate/validator.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::count_traversed_edges;
using semibfs::PackedFileEdgeSource;
using semibfs::PackedFileOptions;
using semibfs::ValidationReport;
using semibfs::Validator;

constexpr int kScale = 11;  // 32768 edges

semibfs::KroneckerParams kronecker_params() {
  semibfs::KroneckerParams params;
  params.scale = kScale;
  return params;
}

// 1000 and 4093 edges a chunk do not divide 32768; 2^21, the default, holds the whole file.
std::vector<PackedFileOptions> chunkings() {
  std::vector<PackedFileOptions> options(3);
  options[0].chunk_edges = 1000;
  options[1].chunk_edges = 4093;
  return options;
}

class ValidatorOverPackedFile : public ThreadCountTest {
 protected:
  ValidatorOverPackedFile()
      : edge_list_(semibfs::generate_kronecker(kronecker_params(), false)),
        graph_(semibfs::build_csr(edge_list_), 1),
        path_(semibfs::testing::write_packed_edge_file(directory_.file("kronecker.packed48"), edge_list_)) {}

  std::vector<VertexId> roots(int count) const {
    const semibfs::KroneckerParams params = kronecker_params();
    return semibfs::pick_bfs_roots(params.seed1, params.seed2, params.num_vertices(), count,
                                   [this](VertexId v) { return graph_.degree(v) > 0; });
  }

  std::vector<VertexId> search(VertexId root) const {
    std::vector<VertexId> parent(static_cast<std::size_t>(edge_list_.num_vertices));
    semibfs::BfsEngine(graph_, semibfs::BfsOptions{}).run(root, parent);
    return parent;
  }

  // Validates and counts over the list in memory and over the file in each chunking; returns the
  // report in memory after checking that every other one is the same.
  ValidationReport expect_same_over_the_file(VertexId root, const std::vector<VertexId>& parent) const {
    const Validator in_memory(edge_list_);
    const ValidationReport expected = validate_both_widths(in_memory, root, parent);
    const std::int64_t traversed = count_traversed_edges(edge_list_, parent);
    for (const PackedFileOptions& options : chunkings()) {
      SCOPED_TRACE("root " + std::to_string(root) + ", " + std::to_string(options.chunk_edges) + " edges a chunk");
      const PackedFileEdgeSource packed_edges(path_, edge_list_.num_vertices, options);
      const Validator from_file(packed_edges);
      EXPECT_TRUE(same_report(expected, from_file.validate(root, parent)));
      EXPECT_EQ(count_traversed_edges(packed_edges, parent), traversed);
      EXPECT_EQ(from_file.working_bytes(), in_memory.working_bytes() + packed_edges.buffer_bytes());
    }
    return expected;
  }

  semibfs::testing::ScratchDirectory directory_;
  EdgeList edge_list_;
  semibfs::PartitionedGraph graph_;
  std::string path_;
};

TEST_P(ValidatorOverPackedFile, TheEnginesTreesPassWithTheSameEdgeCount) {
  for (const VertexId root : roots(8)) {
    const std::vector<VertexId> parent = search(root);
    const ValidationReport report = expect_same_over_the_file(root, parent);
    EXPECT_TRUE(report.ok()) << describe(report);
    EXPECT_EQ(report.nedge, expected_nedge(edge_list_, parent));
  }
}

// Every stride-th reached vertex below `levels_up` takes a vertex `levels_up` levels higher as its
// parent. Parents stay strictly higher in the original levels, so the parents remain a tree: one
// level up breaks rule 5 where no edge joins them, two levels up also rules 2 and 3 below.
std::vector<VertexId> reparented_upwards(std::vector<VertexId> parent, VertexId root, std::int64_t levels_up,
                                         std::size_t stride) {
  const std::vector<std::int64_t> levels = levels_of(parent);
  std::vector<std::vector<VertexId>> by_level;
  for (VertexId v = 0; v < static_cast<VertexId>(parent.size()); ++v) {
    if (levels[v] < 0) continue;
    if (by_level.size() <= static_cast<std::size_t>(levels[v])) by_level.resize(levels[v] + 1);
    by_level[levels[v]].push_back(v);
  }
  std::size_t reached = 0;
  for (VertexId v = 0; v < static_cast<VertexId>(parent.size()); ++v) {
    if (levels[v] < levels_up || v == root || reached++ % stride != 0) continue;
    const std::vector<VertexId>& higher = by_level[levels[v] - levels_up];
    parent[v] = higher[static_cast<std::size_t>(v) % higher.size()];
  }
  return parent;
}

// Every stride-th leaf of the tree left unreached: rule 4, each named.
std::vector<VertexId> leaves_unreached(std::vector<VertexId> parent, VertexId root, std::size_t stride) {
  std::vector<bool> has_child(parent.size(), false);
  for (VertexId v = 0; v < static_cast<VertexId>(parent.size()); ++v) {
    if (parent[v] != kUnreached && v != root) has_child[parent[v]] = true;
  }
  std::size_t leaves = 0;
  for (VertexId v = 0; v < static_cast<VertexId>(parent.size()); ++v) {
    if (parent[v] != kUnreached && v != root && !has_child[v] && leaves++ % stride == 0) parent[v] = kUnreached;
  }
  return parent;
}

TEST_P(ValidatorOverPackedFile, CorruptedTreesFailTheSameWay) {
  for (const VertexId root : roots(2)) {
    const std::vector<VertexId> parent = search(root);
    for (const std::int64_t levels_up : {1, 2}) {
      const ValidationReport report = expect_same_over_the_file(root, reparented_upwards(parent, root, levels_up, 50));
      EXPECT_GT(report.failure_count, 4) << "more failures than are kept, so the kept ones are chosen";
    }
    const ValidationReport report = expect_same_over_the_file(root, leaves_unreached(parent, root, 7));
    EXPECT_GT(report.failure_count, 4) << describe(report);
    std::vector<VertexId> cycle = parent;
    VertexId child = 0;
    while (parent[child] != root || child == root) ++child;
    cycle[root] = child;  // the root hangs below its own child: rule 1
    EXPECT_FALSE(expect_same_over_the_file(root, cycle).ok());
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, ValidatorOverPackedFile, ::testing::Values(1, 2));

}  // namespace
}  // namespace validate_test
