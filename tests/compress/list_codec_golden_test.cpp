// The bytes of ExtraV (Lee et al.) Sec. 4.4's example, written out by hand: vertex 3, neighbours 7 to 11 as
// one interval, and the residual 20, with a minimum interval length of 2.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "codec_test_lists.hpp"
#include "compress/list_encoder.hpp"

namespace semibfs {
namespace {

const testing::Lists kSeedExample = {{}, {}, {}, {7, 8, 9, 10, 11, 20}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
                                     {}, {}, {}, {}, {}, {}};

std::vector<std::uint8_t> encoded_bytes(const ListCodec& codec) {
  const testing::Csr csr = testing::to_csr(kSeedExample);
  const CompressedLists compressed = encode_lists(csr.offsets, csr.neighbors, codec);
  const auto stream = compressed.stream();
  return {stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(compressed.stream_bytes())};
}

TEST(CompressGolden, SeedExampleInTheByteCode) {
  const std::vector<std::uint8_t> expected = {
      0x01,  // one interval
      0x02,  // the residuals start 2 bytes after this header
      0x08,  // delta_begin = zigzag(7 - 3) = 8
      0x03,  // length 5 - minimum 2
      0x22,  // the residual: zigzag(20 - 3) = 34
  };
  EXPECT_EQ(encoded_bytes({IntegerCode::kByte, 2}), expected);
}

// Each number as a 6-bit length L, then its L - 1 bits below the leading 1, lowest bit first.
TEST(CompressGolden, SeedExampleInTheBitCode) {
  // bits  0-5  : L = 1 (the count 1, no bits follow)
  // bits  6-11 : L = 5, bits 12-15: 0000 (residual offset 16 = 0b10000: 9 + 7 bits of intervals)
  // bits 16-21 : L = 4, bits 22-24: 000 (delta_begin 8 = 0b1000)
  // bits 25-30 : L = 2, bit 31: 1 (length 5 - 2 = 3 = 0b11)
  // bits 32-37 : L = 6, bits 38-42: 00010 (residual 34 = 0b100010); 43 bits in 6 bytes.
  const std::vector<std::uint8_t> expected = {
      0b01000001,  // bits 6-7 (L = 5's low bits 01), bits 0-5 (000001)
      0b00000001,  // bits 12-15 (0000), bits 8-11 (0001, L = 5's high bits)
      0b00000100,  // bits 22-23 (00), bits 16-21 (000100)
      0b10000100,  // bit 31 (1), bits 25-30 (000010), bit 24 (0)
      0b10000110,  // bits 38-39 (10), bits 32-37 (000110)
      0b00000000,  // bits 40-42 (000)
  };
  EXPECT_EQ(encoded_bytes({IntegerCode::kBit, 2}), expected);
}

TEST(CompressGolden, ByteCodeSpillsToASecondByteAt128) {
  // Vertex 0, neighbours 1, 2 (an interval) and the residual 65: zigzag(65 - 0) = 130, in LEB128
  // 0x82 (the low 7 bits and the continuation bit) then 0x01.
  testing::Lists lists(70);
  lists[0] = {1, 2, 65};
  const testing::Csr csr = testing::to_csr(lists);
  const CompressedLists compressed = encode_lists(csr.offsets, csr.neighbors, {IntegerCode::kByte, 2});
  const auto stream = compressed.stream();
  const std::vector<std::uint8_t> bytes(stream.begin(), stream.begin() + 6);
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0x01, 0x02, 0x02, 0x00, 0x82, 0x01}));
}

}  // namespace
}  // namespace semibfs
