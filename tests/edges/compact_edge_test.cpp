// The 8-byte in-memory edge: ids round-trip below 2^32, anything else is refused rather than wrapped.
#include "edges/compact_edge.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"

namespace semibfs {
namespace {

constexpr VertexId kHighestId = (VertexId{1} << 32) - 1;

TEST(CompactEdge, IdsUpToTwoToTheThirtyTwoMinusOneRoundTrip) {
  for (const auto& [v0, v1] : {std::pair<VertexId, VertexId>{0, 0}, {7, 123456789}, {kHighestId, 1},
                               {0x80000000LL, kHighestId}}) {
    const CompactEdge edge = CompactEdge::make_checked(v0, v1);
    EXPECT_EQ(edge.v0(), v0);
    EXPECT_EQ(edge.v1(), v1);
  }
}

TEST(CompactEdge, MakeCheckedRefusesIdsThatDoNotFit) {
  EXPECT_THROW(CompactEdge::make_checked(-1, 0), Error);
  EXPECT_THROW(CompactEdge::make_checked(0, -2), Error);
  EXPECT_THROW(CompactEdge::make_checked(kHighestId + 1, 0), Error);
  EXPECT_THROW(CompactEdge::make_checked(0, VertexId{1} << 40), Error);
}

TEST(CompactEdge, VertexCountLimitIsTwoToTheThirtyTwo) {
  EXPECT_NO_THROW(check_compact_vertex_count(0));
  EXPECT_NO_THROW(check_compact_vertex_count(kMaxVertices));
  EXPECT_THROW(check_compact_vertex_count(kMaxVertices + 1), Error);
  EXPECT_THROW(check_compact_vertex_count(-1), Error);
}

TEST(CompactEdge, InMemoryGenerationStopsAtScale32) {
  KroneckerParams params;
  params.scale = 33;  // refused before any allocation
  EXPECT_THROW(generate_kronecker(params, false), Error);
  CompactEdge edge{};
  EXPECT_THROW(generate_kronecker_range(params, 0, 1, &edge, nullptr), Error);
  PackedEdge packed{};  // files keep the reference's 48-bit ids
  EXPECT_NO_THROW(generate_kronecker_range(params, 0, 1, &packed, nullptr));
  EXPECT_GE(packed.v0(), 0);
  EXPECT_LT(packed.v0(), params.num_vertices());
}

TEST(CompactEdge, SameEdgesAsThePackedLayout) {
  KroneckerParams params;
  params.scale = 12;
  const EdgeList list = generate_kronecker(params, false);
  std::vector<PackedEdge> packed(list.edges.size());
  generate_kronecker_range(params, 0, params.num_edges(), packed.data(), nullptr);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    ASSERT_EQ(list.edges[i].v0(), packed[i].v0()) << "edge " << i;
    ASSERT_EQ(list.edges[i].v1(), packed[i].v1()) << "edge " << i;
  }
}

}  // namespace
}  // namespace semibfs
