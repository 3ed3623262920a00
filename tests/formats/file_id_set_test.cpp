// The id set of an import: a bitmap for dense ids, sorted batches for sparse ones, the same map
// either way as IdMapBuilder gives, and one clear error when the ids outgrow the memory limit.
#include "formats/file_id_set.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "formats/format_files.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;

constexpr std::int64_t kLimit = std::int64_t{8} << 20;

TEST(FileIdSet, DenseIdsStayInTheBitmap) {
  FileIdSet ids(kLimit);
  ids.add(testing::edges({{3, 0}, {1, 2}, {2, 2}, {100000, 7}}));
  EXPECT_TRUE(ids.uses_bitmap());
  ids.finish();
  EXPECT_EQ(ids.distinct(), 6u);
  EXPECT_EQ(ids.max_id(), 100000u);
  EXPECT_LE(ids.peak_bytes(), kLimit / 2);
  const IdMap map = std::move(ids).take_map();
  EXPECT_FALSE(map.is_identity());
  EXPECT_EQ(map.to_compact(100000), 5);
  EXPECT_EQ(map.to_file(4), 7u);
}

TEST(FileIdSet, IdsZeroToNMinusOneGiveTheIdentity) {
  FileIdSet ids(kLimit);
  ids.add(testing::edges({{3, 0}, {1, 2}, {4, 4}}));
  ids.finish();
  const IdMap map = std::move(ids).take_map();
  EXPECT_TRUE(map.is_identity());
  EXPECT_EQ(map.size(), 5u);
}

// Dense ids first, then ids beyond what the bitmap may cover: all of them end in the batches.
TEST(FileIdSet, SparseIdsMoveToBatchesAndGiveIdMapBuildersMap) {
  std::mt19937_64 random(11);
  std::vector<RawEdge> edges;
  for (std::uint64_t i = 0; i < 3000; ++i) edges.push_back({i, i + 1});
  for (int i = 0; i < 20000; ++i) edges.push_back({random() % (kMaxFileId + 1), random() % 5000});
  for (const std::int64_t limit : {std::int64_t{1} << 20, kLimit}) {
    FileIdSet ids(limit);
    IdMapBuilder builder;
    for (std::size_t first = 0; first < edges.size(); first += 777) {
      const std::span<const RawEdge> chunk(edges.data() + first, std::min<std::size_t>(777, edges.size() - first));
      ids.add(chunk);
      builder.add(chunk);
    }
    EXPECT_FALSE(ids.uses_bitmap());
    ids.finish();
    const IdMap expected = std::move(builder).build();
    EXPECT_EQ(ids.distinct(), expected.size());
    EXPECT_LE(ids.peak_bytes(), limit);
    const IdMap map = std::move(ids).take_map();
    ASSERT_EQ(map.size(), expected.size());
    for (VertexId id = 0; id < static_cast<VertexId>(map.size()); ++id) ASSERT_EQ(map.to_file(id), expected.to_file(id));
  }
}

TEST(FileIdSet, IdsBeyondTheLimitAreOneError) {
  std::mt19937_64 random(3);
  FileIdSet ids(std::int64_t{1} << 20);
  std::vector<RawEdge> edges;
  for (int i = 0; i < 100000; ++i) edges.push_back({random() % (kMaxFileId + 1), random() % (kMaxFileId + 1)});
  EXPECT_THAT(testing::error_of([&] { ids.add(edges); }), HasSubstr("budget"));
}

TEST(FileIdSet, IdOf2To48IsRefused) {
  FileIdSet ids(kLimit);
  EXPECT_THAT(testing::error_of([&] { ids.add(testing::edges({{1, kMaxFileId + 1}})); }), HasSubstr("2^48"));
}

}  // namespace
}  // namespace semibfs
