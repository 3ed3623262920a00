// 32-bit parents (core/parent_array.hpp): the engine fills them as it fills 64-bit ones, for every
// direction policy, partition count and thread count, each tree held to the Graph500 rules by the
// independent validator, which also reads them; the array picks its width by the vertex count.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/parent_array.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

TEST(ParentArray, IsNarrowWhileEveryIdFits) {
  EXPECT_TRUE(ParentArray::narrow_for(1));
  EXPECT_TRUE(ParentArray::narrow_for(std::int64_t{1} << 31));  // ids up to 2^31 - 1
  EXPECT_FALSE(ParentArray::narrow_for((std::int64_t{1} << 31) + 1));
  EXPECT_EQ(ParentArray::bytes_per_vertex(std::int64_t{1} << 26), 4);
  EXPECT_EQ(ParentArray::bytes_per_vertex(std::int64_t{1} << 32), 8);
  ParentArray parents;
  parents.assign(100);
  EXPECT_TRUE(parents.narrow());
  EXPECT_EQ(parents.bytes(), 400);
  EXPECT_EQ(parents[99], kUnreached);
  parents.assign(100, ParentArray::Width::kWide);
  EXPECT_FALSE(parents.narrow());
  EXPECT_EQ(parents.bytes(), 800);
  EXPECT_EQ(parents[0], kUnreached);
}

// Reached vertices and nedge from 32-bit parents equal those from 64-bit ones; both trees pass.
TEST(NarrowParents, TheEngineFillsThemAsItFillsWideOnes) {
  KroneckerParams params;
  params.scale = 12;
  const EdgeList edges = generate_kronecker(params, false);
  const Validator validator(edges);
  for (const PolicyKind policy : {PolicyKind::kTopDown, PolicyKind::kBottomUp, PolicyKind::kAlphaBeta, PolicyKind::kBeamer}) {
    for (const int partitions : {1, 3}) {
      for (const int threads : {1, 2}) {
        SCOPED_TRACE(std::to_string(static_cast<int>(policy)) + " policy, " + std::to_string(partitions) +
                     " partitions, " + std::to_string(threads) + " threads");
        omp_set_num_threads(threads);
        const PartitionedGraph graph(build_csr(edges), partitions);
        BfsOptions options;
        options.policy = policy;
        BfsEngine engine(graph, options);
        ParentArray narrow;
        narrow.assign(graph.num_vertices());
        ASSERT_TRUE(narrow.narrow());
        std::vector<VertexId> wide(static_cast<std::size_t>(graph.num_vertices()));
        for (const VertexId root : {VertexId{0}, VertexId{1}, VertexId{4095}}) {
          if (graph.degree(root) == 0) continue;
          narrow.visit([&](auto entries) { engine.run(root, entries); });
          engine.run(root, wide);
          const ValidationReport from_narrow =
              std::as_const(narrow).visit([&](auto entries) { return validator.validate(root, entries); });
          const ValidationReport from_wide = validator.validate(root, wide);
          ASSERT_TRUE(from_narrow.ok()) << "root " << root << ": " << from_narrow.failures.front().message;
          ASSERT_TRUE(from_wide.ok()) << "root " << root;
          EXPECT_EQ(from_narrow.nedge, from_wide.nedge) << "root " << root;
          for (VertexId v = 0; v < graph.num_vertices(); ++v) {
            ASSERT_EQ(narrow[v] == kUnreached, wide[v] == kUnreached) << "vertex " << v;
          }
          EXPECT_EQ(narrow[root], root);
        }
      }
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

}  // namespace
}  // namespace semibfs
