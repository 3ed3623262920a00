// Encode then decode gives every list back, for both integer codes and several minimum interval
// lengths: random sorted lists (many seeds) and the edge cases of list_codec.hpp's format.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <omp.h>

#include "codec_test_lists.hpp"
#include "compress/list_check.hpp"
#include "compress/list_encoder.hpp"
#include "compress/verified_list_walk.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

using testing::Lists;

const std::vector<ListCodec> kCodecs = {{IntegerCode::kByte, 1}, {IntegerCode::kByte, 2}, {IntegerCode::kByte, 3},
                                        {IntegerCode::kByte, 4}, {IntegerCode::kBit, 1},  {IntegerCode::kBit, 2},
                                        {IntegerCode::kBit, 3},  {IntegerCode::kBit, 4}};

void expect_round_trip(const Lists& lists, const ListCodec& codec) {
  const testing::Csr csr = testing::to_csr(lists);
  const CompressedLists compressed = encode_lists(csr.offsets, csr.neighbors, codec);
  EXPECT_EQ(testing::decode_all(compressed), lists) << to_string(codec);
  EXPECT_NO_THROW(check_compressed_lists(compressed)) << to_string(codec);
}

// Sorted unique lists mixing runs (intervals) and scattered ids, below and above each vertex.
Lists random_lists(std::uint64_t seed, std::uint64_t n) {
  std::mt19937_64 random(seed);
  Lists lists(n);
  for (auto& list : lists) {
    std::set<std::uint64_t> ids;
    const std::uint64_t pieces = random() % 6;
    for (std::uint64_t piece = 0; piece < pieces; ++piece) {
      const std::uint64_t begin = random() % n;
      const std::uint64_t length = random() % 3 == 0 ? 1 + random() % 9 : 1;
      for (std::uint64_t id = begin; id < std::min(n, begin + length); ++id) ids.insert(id);
    }
    list.assign(ids.begin(), ids.end());
  }
  return lists;
}

TEST(CompressRoundTrip, RandomSortedListsManySeeds) {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const Lists lists = random_lists(seed, 16 + seed * 7);
    for (const ListCodec& codec : kCodecs) expect_round_trip(lists, codec);
  }
}

TEST(CompressRoundTrip, EdgeCases) {
  const Lists lists = {
      {},                                   // empty
      {5},                                  // one entry, above v
      {0},                                  // one entry, below v
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},  // all consecutive, through v itself
      {0, 1, 9, 10, 11},                    // an interval below v, another above
      {1, 3, 5, 7, 9},                      // residuals only, around v
      {2, 3},                               // a run of exactly 2
      {0, 2, 3, 4, 6, 10},                  // residuals between and after an interval
      {3, 4, 5, 9, 10, 11},                 // two intervals with a gap of 3
      {},
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},  // every vertex
      {11},                                    // the last vertex
  };
  for (const ListCodec& codec : kCodecs) expect_round_trip(lists, codec);
}

// The unchecked walk of lists checked before (compress/verified_list_walk.hpp): the same ids, as
// runs and single ids, intervals first.
struct Collect {
  std::vector<std::uint64_t> ids;
  void run(std::uint64_t first, std::uint64_t last) {
    for (std::uint64_t id = first; id <= last; ++id) ids.push_back(id);
  }
  void operator()(std::uint64_t id) { ids.push_back(id); }
};

TEST(CompressRoundTrip, TheVerifiedWalkGivesEveryListsIds) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Lists lists = random_lists(seed, 16 + seed * 11);
    const testing::Csr csr = testing::to_csr(lists);
    for (const int minimum : {1, 2, 3, 4}) {
      const CompressedLists compressed = encode_lists(csr.offsets, csr.neighbors, {IntegerCode::kByte, minimum});
      const auto* stream = reinterpret_cast<const std::uint8_t*>(compressed.words.data());
      for (std::size_t row = 0; row < lists.size(); ++row) {
        Collect collect;
        const std::uint64_t begin = compressed.positions[row], end = compressed.positions[row + 1];
        walk_verified_byte_list(static_cast<VertexId>(row), std::span(stream + begin, end - begin),
                                static_cast<std::uint64_t>(minimum), collect);
        std::sort(collect.ids.begin(), collect.ids.end());
        ASSERT_EQ(collect.ids, lists[row]) << "seed " << seed << ", minimum " << minimum << ", row " << row;
      }
    }
  }
}

TEST(CompressRoundTrip, ThreadCountDoesNotChangeTheBytes) {
  const Lists lists = random_lists(99, 5000);
  const testing::Csr csr = testing::to_csr(lists);
  for (const ListCodec& codec : kCodecs) {
    const CompressedLists many = encode_lists(csr.offsets, csr.neighbors, codec);
    int saved = omp_get_max_threads();
    omp_set_num_threads(1);
    const CompressedLists one = encode_lists(csr.offsets, csr.neighbors, codec);
    omp_set_num_threads(saved);
    EXPECT_EQ(many.words, one.words) << to_string(codec);
    EXPECT_EQ(many.positions, one.positions) << to_string(codec);
  }
}

// Ids near 2^40: the rows of one "rank" in a graph too large for a full offsets array.
TEST(CompressRoundTrip, IdsNearTwoToTheForty) {
  const std::uint64_t base = std::uint64_t{1} << 40;
  const std::int64_t n = static_cast<std::int64_t>(base) + 1000;
  const std::int64_t first_vertex = static_cast<std::int64_t>(base) - 3;
  const Lists lists = {{0, 1, 2, base - 10, base + 999},
                       {base - 3, base - 2, base - 1, base, base + 1},
                       {},
                       {7, base / 2, base + 500, base + 501, base + 502, base + 998}};
  std::vector<std::int64_t> offsets{0};
  std::vector<std::uint64_t> neighbors;
  for (const auto& list : lists) {
    neighbors.insert(neighbors.end(), list.begin(), list.end());
    offsets.push_back(static_cast<std::int64_t>(neighbors.size()));
  }
  for (const ListCodec& codec : kCodecs) {
    const CompressedLists compressed = encode_row_lists(first_vertex, n, offsets, neighbors, codec);
    EXPECT_EQ(testing::decode_all(compressed), lists) << to_string(codec);
    EXPECT_NO_THROW(check_compressed_lists(compressed));
  }
}

TEST(CompressRoundTrip, EncoderRefusesUnsortedOrOutOfRangeLists) {
  const std::vector<std::int64_t> offsets{0, 2, 3};
  EXPECT_THROW(encode_lists(offsets, std::vector<std::uint64_t>{1, 0, 1}), Error);    // descending
  EXPECT_THROW(encode_lists(offsets, std::vector<std::uint64_t>{1, 1, 0}), Error);    // duplicate
  EXPECT_THROW(encode_lists(offsets, std::vector<std::uint64_t>{0, 1, 2}), Error);    // id >= n
  EXPECT_THROW(encode_lists(offsets, std::vector<std::uint64_t>{0, 1}), Error);       // offsets past
}

}  // namespace
}  // namespace semibfs
