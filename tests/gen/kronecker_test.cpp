// The generator against the reference's own output: checksums, the SCALE 10 text, sub-ranges.
#include "gen/kronecker.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "support/test_vectors.hpp"
#include "support/thread_count.hpp"

namespace semibfs {
namespace {

using testing::expected_sha256;
using testing::int64_edges_sha256;
using testing::ThreadCount;

KroneckerParams reference_params(int scale) {
  KroneckerParams params;
  params.scale = scale;
  return params;
}

class KroneckerChecksum : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(KroneckerChecksum, Int64EdgeListMatchesReference) {
  const auto [scale, threads] = GetParam();
  ThreadCount thread_count(threads);
  const EdgeList list = generate_kronecker(reference_params(scale), false);
  EXPECT_EQ(list.num_vertices, std::int64_t{1} << scale);
  EXPECT_EQ(list.num_edges(), std::int64_t{16} << scale);
  EXPECT_EQ(int64_edges_sha256(list),
            expected_sha256("kron-s" + std::to_string(scale) + "-ef16", "edges-int64le"));
}

INSTANTIATE_TEST_SUITE_P(ReferenceScales, KroneckerChecksum,
                         ::testing::Combine(::testing::Values(10, 12, 16, 20), ::testing::Values(1, 2)));

// SCALE 22 takes seconds and 1 GiB; run with --gtest_also_run_disabled_tests
// (docs/history/PERFORMANCE-notebook.md, "Beside the Graph500 reference").
TEST(KroneckerLarge, DISABLED_Scale22MatchesReference) {
  for (int threads : {1, 2}) {
    ThreadCount thread_count(threads);
    const EdgeList list = generate_kronecker(reference_params(22), false);
    EXPECT_EQ(int64_edges_sha256(list), expected_sha256("kron-s22-ef16", "edges-int64le"));
  }
}

TEST(Kronecker, WeightsMatchReference) {
  for (int scale : {10, 16}) {
    const EdgeList list = generate_kronecker(reference_params(scale), true);
    ASSERT_EQ(list.weights.size(), list.edges.size());
    EXPECT_EQ(testing::weights_sha256(list),
              expected_sha256("kron-s" + std::to_string(scale) + "-ef16", "weights-float32le"));
  }
}

TEST(Kronecker, Scale10EdgesAndWeightsEqualReferenceText) {
  const EdgeList list = generate_kronecker(reference_params(10), true);
  std::ifstream text(testing::test_vector_path("kron-s10-ef16.edges.txt"));
  ASSERT_TRUE(text);
  std::int64_t v0 = 0, v1 = 0;
  std::string weight;
  std::size_t index = 0;
  while (text >> v0 >> v1 >> weight) {
    ASSERT_LT(index, list.edges.size());
    EXPECT_EQ(list.edges[index].v0(), v0) << "edge " << index;
    EXPECT_EQ(list.edges[index].v1(), v1) << "edge " << index;
    char printed[32];
    std::snprintf(printed, sizeof(printed), "%.9g", static_cast<double>(list.weights[index]));
    EXPECT_EQ(printed, weight) << "weight of edge " << index;
    ++index;
  }
  EXPECT_EQ(index, list.edges.size());
}

TEST(Kronecker, AnySubRangeEqualsTheSliceOfTheWholeList) {
  const KroneckerParams params = reference_params(12);
  const EdgeList whole = generate_kronecker(params, true);
  const std::pair<std::int64_t, std::int64_t> ranges[] = {
      {0, 1}, {0, 7}, {3, 4}, {5, 77}, {1000, 1023}, {4095, 9000}, {65535, 65536}, {60000, 65536}};
  for (int threads : {1, 2}) {
    ThreadCount thread_count(threads);
    for (const auto& [begin, end] : ranges) {
      std::vector<PackedEdge> edges(static_cast<std::size_t>(end - begin));
      std::vector<float> weights(edges.size());
      generate_kronecker_range(params, begin, end, edges.data(), weights.data());
      for (std::int64_t i = begin; i < end; ++i) {
        ASSERT_EQ(edges[i - begin].v0(), whole.edges[i].v0()) << "edge " << i;
        ASSERT_EQ(edges[i - begin].v1(), whole.edges[i].v1()) << "edge " << i;
        ASSERT_EQ(weights[i - begin], whole.weights[i]) << "edge " << i;
      }
    }
  }
}

TEST(Kronecker, OtherSeedsGiveAnotherGraph) {
  KroneckerParams params = reference_params(10);
  params.seed1 = 12345;
  const EdgeList list = generate_kronecker(params, false);
  EXPECT_NE(int64_edges_sha256(list), expected_sha256("kron-s10-ef16", "edges-int64le"));
  for (const CompactEdge& edge : list.edges) {
    ASSERT_GE(edge.v0(), 0);
    ASSERT_LT(edge.v0(), list.num_vertices);
    ASSERT_GE(edge.v1(), 0);
    ASSERT_LT(edge.v1(), list.num_vertices);
  }
}

TEST(Kronecker, RejectsABadRange) {
  const KroneckerParams params = reference_params(10);
  PackedEdge edge;
  EXPECT_THROW(generate_kronecker_range(params, 5, 4, &edge, nullptr), Error);
  EXPECT_THROW(generate_kronecker_range(params, -1, 0, &edge, nullptr), Error);
  EXPECT_THROW(generate_kronecker_range(params, params.num_edges(), params.num_edges() + 1, &edge, nullptr),
               Error);
}

}  // namespace
}  // namespace semibfs
