// Id remapping: sparse file ids to 0..n-1 in sorted order and back, the identity shortcut, the
// 2^48 limit, and batching that does not change the result.
#include "formats/id_map.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "formats/format_files.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;

TEST(IdMap, SortedDistinctIdsBecomeZeroToNMinusOne) {
  IdMapBuilder builder;
  builder.add(testing::edges({{900, 5}, {kMaxFileId, 5}, {42, 900}, {5, 5}}));
  const IdMap map = std::move(builder).build();
  EXPECT_EQ(map.size(), 4u);
  EXPECT_FALSE(map.is_identity());
  EXPECT_EQ(map.bytes(), 4 * sizeof(std::uint64_t));
  EXPECT_EQ(map.to_compact(5), 0);
  EXPECT_EQ(map.to_compact(42), 1);
  EXPECT_EQ(map.to_compact(900), 2);
  EXPECT_EQ(map.to_compact(kMaxFileId), 3);
  EXPECT_EQ(map.to_file(3), kMaxFileId);
  EXPECT_EQ(map.find(6), std::nullopt);
  std::vector<RawEdge> edges = testing::edges({{900, 5}, {kMaxFileId, 42}});
  map.to_compact(edges);
  EXPECT_EQ(edges, testing::edges({{2, 0}, {3, 1}}));
}

TEST(IdMap, RoundTripOfRandomSparseIdsInAnyBatchSize) {
  std::mt19937_64 random(7);
  std::vector<std::uint64_t> ids(5000);
  for (std::uint64_t& id : ids) id = random() % 3000 * 93824992236885ULL % (kMaxFileId + 1);
  std::vector<std::uint64_t> distinct = ids;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (const std::size_t batch : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 22}) {
    IdMapBuilder builder(batch);
    for (const std::uint64_t id : ids) builder.add(id);
    const IdMap map = std::move(builder).build();
    ASSERT_EQ(map.size(), distinct.size()) << batch;
    for (std::size_t i = 0; i < distinct.size(); ++i) {
      ASSERT_EQ(map.to_file(static_cast<VertexId>(i)), distinct[i]);
      ASSERT_EQ(map.to_compact(distinct[i]), static_cast<VertexId>(i));
    }
  }
}

TEST(IdMap, DenseIdsNeedNoTable) {
  IdMapBuilder builder;
  builder.add(testing::edges({{3, 0}, {1, 2}, {2, 2}}));
  const IdMap map = std::move(builder).build();
  EXPECT_TRUE(map.is_identity());
  EXPECT_EQ(map.size(), 4u);
  EXPECT_EQ(map.bytes(), 0u);
  EXPECT_EQ(map.to_compact(3), 3);
  EXPECT_EQ(map.to_file(2), 2u);
  EXPECT_EQ(map.find(4), std::nullopt);
}

TEST(IdMap, IdentityKeepsIsolatedIds) {
  const IdMap map = IdMap::identity(10);  // e.g. an MTX file declaring 10 rows
  EXPECT_EQ(map.size(), 10u);
  EXPECT_EQ(map.to_compact(9), 9);
  EXPECT_THROW(map.to_compact(10), Error);
  EXPECT_THROW(IdMap::identity(kMaxFileId + 2), Error);
}

TEST(IdMap, IdsOfTwoToTheFortyEightAreAnErrorNamingThem) {
  IdMapBuilder builder;
  EXPECT_NO_THROW(builder.add(kMaxFileId));
  EXPECT_THAT(testing::error_of([&] { builder.add(kMaxFileId + 1); }), HasSubstr("file id 281474976710656 is 2^48"));
  EXPECT_THAT(testing::error_of([&] { builder.add(~std::uint64_t{0}); }), HasSubstr("18446744073709551615"));
}

TEST(IdMap, UnknownIdsAreErrors) {
  IdMapBuilder builder;
  builder.add(100);
  const IdMap map = std::move(builder).build();
  EXPECT_THAT(testing::error_of([&] { map.to_compact(7); }), HasSubstr("file id 7 is not among the 1 ids"));
  EXPECT_THROW(map.to_file(1), Error);
  EXPECT_THROW(map.to_file(-1), Error);
}

TEST(IdMap, EmptyBuilderGivesAnEmptyMap) {
  const IdMap map = IdMapBuilder().build();
  EXPECT_EQ(map.size(), 0u);
  EXPECT_EQ(map.find(0), std::nullopt);
}

// The map a store's vertex-ids file holds, read back: checked, and the identity for 0..n-1.
TEST(IdMapFromSortedIds, RebuildsTheMapAndChecksTheIds) {
  const IdMap map = IdMap::from_sorted_ids({5, 42, 900, kMaxFileId});
  EXPECT_EQ(map.size(), 4u);
  EXPECT_EQ(map.to_compact(900), 2);
  EXPECT_EQ(std::vector<std::uint64_t>(map.sorted_ids().begin(), map.sorted_ids().end()),
            (std::vector<std::uint64_t>{5, 42, 900, kMaxFileId}));
  EXPECT_TRUE(IdMap::from_sorted_ids({0, 1, 2}).is_identity());
  EXPECT_TRUE(IdMap::from_sorted_ids({}).is_identity());
  EXPECT_THAT(testing::error_of([] { IdMap::from_sorted_ids({1, 5, 5}); }), ::testing::HasSubstr("position 2"));
  EXPECT_THAT(testing::error_of([] { IdMap::from_sorted_ids({3, 2}); }), ::testing::HasSubstr("ascending"));
  EXPECT_THAT(testing::error_of([] { IdMap::from_sorted_ids({1, kMaxFileId + 1}); }), ::testing::HasSubstr("2^48"));
}

// The length of an array indexed by file id: one past the largest, from 1 too, 0 for no ids.
TEST(IdMap, FileIdEndIsOnePastTheLargestFileId) {
  EXPECT_EQ(IdMap::from_sorted_ids({5, 42, 900}).file_id_end(), 901u);
  EXPECT_EQ(IdMap::identity(10).file_id_end(), 10u);
  EXPECT_EQ(IdMap::identity(10, 1).file_id_end(), 11u);
  EXPECT_EQ(IdMap::identity(0).file_id_end(), 0u);
}

// Matrix Market numbers rows from 1: an identity map from 1 (the declared order, isolated rows
// kept) speaks rows in both directions, and 0 is no vertex.
TEST(IdMapFirstId, IdentityFromOneSpeaksRows) {
  const IdMap map = IdMap::identity(10, 1);
  EXPECT_TRUE(map.is_identity());
  EXPECT_EQ(map.first_id(), 1u);
  EXPECT_EQ(map.size(), 10u);
  EXPECT_EQ(map.find(1), VertexId{0});
  EXPECT_EQ(map.find(10), VertexId{9});
  EXPECT_EQ(map.find(0), std::nullopt);
  EXPECT_EQ(map.find(11), std::nullopt);
  for (VertexId id = 0; id < 10; ++id) EXPECT_EQ(map.find(map.to_file(id)), id);
  EXPECT_EQ(map.to_file(0), 1u);
  EXPECT_EQ(map.to_file(9), 10u);
  EXPECT_THROW(map.to_compact(0), Error);
  EXPECT_EQ(IdMap::identity(10).first_id(), 0u);
  EXPECT_EQ(IdMap::identity(10).find(0), VertexId{0});  // the other formats: as written, from 0
  EXPECT_NO_THROW(IdMap::identity(kMaxFileId, 1));
  EXPECT_THROW(IdMap::identity(kMaxFileId + 1, 1), Error);
}

// What a reader delivers (row - 1) numbered from 1 again, with a table (renumbered) and without.
TEST(IdMapFirstId, NumberedFromOneShiftsBothDirections) {
  IdMapBuilder sparse;
  sparse.add(testing::edges({{99, 4}, {4, 1999}}));  // rows 100, 5 and 2000 as read
  const IdMap renumbered = std::move(sparse).build().numbered_from(1);
  EXPECT_FALSE(renumbered.is_identity());
  EXPECT_EQ(renumbered.first_id(), 1u);
  EXPECT_EQ(renumbered.find(5), VertexId{0});
  EXPECT_EQ(renumbered.find(100), VertexId{1});
  EXPECT_EQ(renumbered.find(2000), VertexId{2});
  EXPECT_EQ(renumbered.find(4), std::nullopt);
  EXPECT_EQ(renumbered.to_file(0), 5u);
  EXPECT_EQ(renumbered.to_file(2), 2000u);
  EXPECT_EQ(std::vector<std::uint64_t>(renumbered.sorted_ids().begin(), renumbered.sorted_ids().end()),
            (std::vector<std::uint64_t>{5, 100, 2000}));

  IdMapBuilder dense;
  dense.add(testing::edges({{0, 1}, {2, 1}}));  // rows 1, 2, 3
  const IdMap kept = std::move(dense).build().numbered_from(1);
  EXPECT_TRUE(kept.is_identity());
  EXPECT_EQ(kept.find(1), VertexId{0});
  EXPECT_EQ(kept.find(3), VertexId{2});
  EXPECT_EQ(kept.find(0), std::nullopt);
  EXPECT_EQ(kept.to_file(2), 3u);
  EXPECT_THROW(IdMap::from_sorted_ids({kMaxFileId}).numbered_from(1), Error);
}

// A store's vertex-ids read back with the description's first id: the identity for 1..n.
TEST(IdMapFirstId, FromSortedIdsTakesTheFirstId) {
  EXPECT_TRUE(IdMap::from_sorted_ids({1, 2, 3}, 1).is_identity());
  EXPECT_EQ(IdMap::from_sorted_ids({1, 2, 3}, 1).to_file(0), 1u);
  EXPECT_FALSE(IdMap::from_sorted_ids({1, 2, 3}).is_identity());  // from 0, 0 is missing
  const IdMap map = IdMap::from_sorted_ids({2, 7}, 1);
  EXPECT_EQ(map.find(7), VertexId{1});
  EXPECT_EQ(map.to_file(0), 2u);
  EXPECT_THAT(testing::error_of([] { IdMap::from_sorted_ids({0, 2}, 1); }), HasSubstr("below the file's first id 1"));
}

}  // namespace
}  // namespace semibfs
