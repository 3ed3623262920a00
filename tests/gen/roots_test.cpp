// Roots against the reference's choice for SCALE 10, 12, 16, 20 (roots vectors).
#include "gen/roots.hpp"

#include <gtest/gtest.h>

#include "gen/kronecker.hpp"
#include "support/test_vectors.hpp"

namespace semibfs {
namespace {

class ReferenceRoots : public ::testing::TestWithParam<int> {};

TEST_P(ReferenceRoots, SameRootsInSameOrderWithTheirDegrees) {
  const int scale = GetParam();
  KroneckerParams params;
  params.scale = scale;
  const EdgeList list = generate_kronecker(params, false);
  const std::vector<std::int64_t> degree = testing::nonself_degrees(list);
  const std::vector<VertexId> roots = pick_bfs_roots(params.seed1, params.seed2, params.num_vertices(), 64,
                                                     [&](VertexId v) { return degree[v] > 0; });
  const auto expected = testing::reference_roots(scale);
  ASSERT_EQ(roots.size(), expected.size());
  for (std::size_t i = 0; i < roots.size(); ++i) {
    EXPECT_EQ(roots[i], expected[i].root) << "root " << i;
    EXPECT_EQ(degree[roots[i]], expected[i].degree) << "degree of root " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Scales, ReferenceRoots, ::testing::Values(10, 12, 16, 20));

TEST(Roots, FewerUsableVerticesThanRootsGivesFewerDistinctRoots) {
  const std::vector<VertexId> roots =
      pick_bfs_roots(2, 3, 1024, 64, [](VertexId v) { return v % 100 == 7; });
  EXPECT_LE(roots.size(), 11u);
  EXPECT_GE(roots.size(), 1u);
  for (std::size_t i = 0; i < roots.size(); ++i) {
    EXPECT_EQ(roots[i] % 100, 7);
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(roots[i], roots[j]);
  }
  EXPECT_TRUE(pick_bfs_roots(2, 3, 1024, 64, [](VertexId) { return false; }).empty());
}

}  // namespace
}  // namespace semibfs
