// The light entries of the tails held in DRAM (sssp/light_tails.hpp).
#include "sssp/light_tails.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "core/error.hpp"

namespace semibfs {
namespace {

using Entries = std::vector<std::pair<NeighborId, float>>;

Entries held(const LightTails& light, VertexId vertex) {
  Entries entries;
  light.for_each(vertex, [&](NeighborId neighbor, float weight) { entries.emplace_back(neighbor, weight); });
  return entries;
}

// The bit a vertex that a graph of 16 vertices takes.
constexpr std::int64_t kVertices = 16;
constexpr std::int64_t kBitmapBytes = 8;

TEST(LightTails, HoldOnlyTheEntriesBelowTheLimit) {
  LightTails light(0.5F, 1 << 20, kVertices);
  const std::vector<NeighborId> neighbors = {7, 8, 9, 10};
  const std::vector<float> weights = {0.1F, 0.5F, 0.49F, 0.9F};
  EXPECT_TRUE(light.add(3, neighbors, weights));
  EXPECT_TRUE(light.add(5, std::vector<NeighborId>{1}, std::vector<float>{0.7F}));  // none light: covered, empty
  EXPECT_TRUE(light.covers(3));
  EXPECT_TRUE(light.covers(5));
  EXPECT_FALSE(light.covers(4));
  EXPECT_FALSE(light.covers(kVertices + 64));  // past the graph: not covered, never read past the bits
  EXPECT_EQ(held(light, 3), (Entries{{7, 0.1F}, {9, 0.49F}}));  // 0.5 is not below 0.5
  EXPECT_TRUE(held(light, 5).empty());
  EXPECT_EQ(light.entries(), 2);
  EXPECT_EQ(light.bytes(), kBitmapBytes + 2 * LightTails::kBytesPerVertex + 2 * LightTails::kBytesPerEntry);
}

TEST(LightTails, StopCoveringWhenTheBytesRunOut) {
  const std::int64_t room = kBitmapBytes + 2 * LightTails::kBytesPerVertex + 3 * LightTails::kBytesPerEntry;
  LightTails light(1.0F, room, kVertices);
  EXPECT_TRUE(light.add(1, std::vector<NeighborId>{2, 3}, std::vector<float>{0.1F, 0.2F}));
  EXPECT_FALSE(light.add(2, std::vector<NeighborId>{4, 5}, std::vector<float>{0.1F, 0.2F}));  // one entry short
  EXPECT_TRUE(light.full());
  EXPECT_FALSE(light.add(3, std::vector<NeighborId>{6}, std::vector<float>{0.1F}));  // would fit: none after a miss
  EXPECT_FALSE(light.covers(2));
  EXPECT_FALSE(light.covers(3));
  EXPECT_EQ(light.covered(), 1);
  EXPECT_LE(light.bytes(), room);
}

TEST(LightTails, VerticesOutOfOrderOrPastTheGraphAreAnError) {
  LightTails light(1.0F, 1 << 20, kVertices);
  EXPECT_TRUE(light.add(4, std::vector<NeighborId>{1}, std::vector<float>{0.1F}));
  EXPECT_THROW(light.add(4, std::vector<NeighborId>{1}, std::vector<float>{0.1F}), Error);
  EXPECT_THROW(light.add(2, std::vector<NeighborId>{1}, std::vector<float>{0.1F}), Error);
  EXPECT_THROW(light.add(kVertices, std::vector<NeighborId>{1}, std::vector<float>{0.1F}), Error);
}

}  // namespace
}  // namespace semibfs
