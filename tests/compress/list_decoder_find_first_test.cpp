// find_first decodes no further than the first neighbour its predicate accepts, in ascending
// order across intervals and residuals.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "codec_test_lists.hpp"
#include "compress/list_encoder.hpp"

namespace semibfs {
namespace {

const testing::Lists kLists = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 30, 40, 50}, {0, 10, 20, 21, 22, 23, 24, 25, 26, 27, 55},
                               {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
                               {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
                               {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}};

class CompressFindFirst : public ::testing::TestWithParam<ListCodec> {};

TEST_P(CompressFindFirst, StopsAtTheFirstAcceptedNeighbour) {
  const testing::Csr csr = testing::to_csr(kLists);
  const CompressedLists compressed = encode_lists(csr.offsets, csr.neighbors, GetParam());
  const ListDecoder decoder(compressed);
  int seen = 0;
  EXPECT_EQ(decoder.find_first(0, [&](VertexId id) { return ++seen, id == 3; }), 3);
  EXPECT_EQ(seen, 3);  // 1, 2, 3 of the interval 1..9
  seen = 0;
  EXPECT_EQ(decoder.find_first(1, [&](VertexId id) { return ++seen, id >= 21; }), 21);
  EXPECT_EQ(seen, 4);  // 0, 10 (residuals), then 20, 21 of the interval
  seen = 0;
  EXPECT_EQ(decoder.find_first(1, [&](VertexId id) { return ++seen, id == 55; }), 55);
  EXPECT_EQ(seen, 11);
  seen = 0;
  EXPECT_EQ(decoder.find_first(0, [&](VertexId) { return ++seen, false; }), kUnreached);
  EXPECT_EQ(seen, 12);
  EXPECT_EQ(decoder.find_first(2, [](VertexId) { return true; }), kUnreached);  // empty list
}

INSTANTIATE_TEST_SUITE_P(Codecs, CompressFindFirst,
                         ::testing::Values(ListCodec{IntegerCode::kByte, 2}, ListCodec{IntegerCode::kByte, 4},
                                           ListCodec{IntegerCode::kBit, 2}, ListCodec{IntegerCode::kBit, 4}));

}  // namespace
}  // namespace semibfs
