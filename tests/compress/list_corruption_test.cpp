// A corrupt or crafted stream is one semibfs::Error naming the vertex, never a crash (run these
// under the sanitizer build too): bytes flipped and lists cut short in a loop over a real
// encoding, and hand-made lists that lie about their counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codec_test_lists.hpp"
#include "compress/list_check.hpp"
#include "compress/list_encoder.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

testing::Lists sample_lists() {
  testing::Lists lists(40);
  for (std::uint64_t v = 0; v < lists.size(); ++v) {
    for (std::uint64_t id = 0; id < lists.size(); ++id) {
      if ((id * 7 + v * 3) % 5 == 0 || (id >= v + 2 && id < v + 6)) lists[v].push_back(id);
    }
  }
  return lists;
}

CompressedLists sample(const ListCodec& codec) {
  const testing::Csr csr = testing::to_csr(sample_lists());
  return encode_lists(csr.offsets, csr.neighbors, codec);
}

// Checks and decodes every list with both calls; true when it threw semibfs::Error.
bool refused(const CompressedLists& lists) {
  try {
    check_compressed_lists(lists);
    const ListDecoder decoder(lists);
    for (std::int64_t v = 0; v < lists.num_rows(); ++v) decoder.find_first(v, [](VertexId id) { return id == 39; });
    return false;
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("corrupt compressed list"), std::string::npos) << error.what();
    return true;
  }
}

const std::vector<ListCodec> kCodecs = {{IntegerCode::kByte, 2}, {IntegerCode::kBit, 2}, {IntegerCode::kBit, 4}};

TEST(CompressCorruption, FlippedBytesAreRefusedOrDecodeWithoutHarm) {
  for (const ListCodec& codec : kCodecs) {
    const CompressedLists original = sample(codec);
    ASSERT_FALSE(refused(original));
    int refusals = 0;
    for (std::uint64_t byte = 0; byte < original.stream_bytes(); ++byte) {
      for (const std::uint8_t mask : {0x01, 0x10, 0x80, 0xff}) {
        CompressedLists corrupt = original;
        reinterpret_cast<std::uint8_t*>(corrupt.words.data())[byte] ^= mask;
        refusals += refused(corrupt) ? 1 : 0;
      }
    }
    EXPECT_GT(refusals, static_cast<int>(original.stream_bytes())) << to_string(codec);
  }
}

TEST(CompressCorruption, ListsCutShortAreRefused) {
  for (const ListCodec& codec : kCodecs) {
    const CompressedLists original = sample(codec);
    for (std::int64_t row = 1; row <= original.num_rows(); ++row) {
      if (original.positions[row] == original.positions[row - 1]) continue;
      CompressedLists cut = original;
      cut.positions[row] -= 1;  // the list loses its last unit, the next one gains it
      EXPECT_TRUE(refused(cut)) << to_string(codec) << " row " << row;
    }
    CompressedLists truncated = original;  // the stream shorter than the offsets say
    truncated.words.resize(truncated.words.size() / 2);
    EXPECT_THROW(check_compressed_lists(truncated), Error);
  }
}

TEST(CompressCorruption, CraftedHeadersAreRefused) {
  CompressedLists lists;
  lists.num_vertices = 4;
  lists.num_entries = 1;
  lists.codec = {IntegerCode::kByte, 2};
  lists.positions = {0, 0, 0, 0, 0};
  const auto craft = [&](std::vector<std::uint8_t> bytes) {
    lists.words.assign((bytes.size() + 7) / 8, 0);
    std::memcpy(lists.words.data(), bytes.data(), bytes.size());
    lists.positions = {0, bytes.size(), bytes.size(), bytes.size(), bytes.size()};
    return refused(lists);
  };
  EXPECT_TRUE(craft({0x7f, 0x00}));                    // 127 intervals in no bytes
  EXPECT_TRUE(craft({0x01, 0x05, 0x02, 0x00}));        // residual offset past the end
  EXPECT_TRUE(craft({0x00, 0x00, 0x10}));              // residual 0 + 8: id >= n
  EXPECT_TRUE(craft({0x00, 0x00, 0x80}));              // an integer cut by the list's end
  EXPECT_TRUE(craft({0x01, 0x02, 0x02, 0x7f}));        // an interval running past n
  EXPECT_TRUE(craft({0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));  // > 63 bits
  EXPECT_TRUE(craft({0x01, 0x02, 0x02, 0x00, 0x02}));  // the residual 1 inside the interval 1..2
  EXPECT_TRUE(craft({0x00, 0x01, 0x02, 0x02}));        // no interval, yet a unit before the residuals
  EXPECT_FALSE(craft({0x00, 0x00, 0x02}));              // the list {1}: valid
  lists.positions = {0, 3, 2, 3, 3};                    // offsets running backwards
  EXPECT_TRUE(refused(lists));
  lists.positions = {0, 3, 3, 3, 3, 3};                  // more rows than vertices
  EXPECT_THROW(check_compressed_lists(lists), Error);
}

TEST(CompressCorruption, BitCodeReservedLengthsAreRefused) {
  CompressedLists lists;
  lists.num_vertices = 2;
  lists.codec = {IntegerCode::kBit, 2};
  lists.words = {0b111111};  // the seed's EOL token as the interval count
  lists.positions = {0, 12, 12};
  EXPECT_TRUE(refused(lists));
  lists.words = {0b111110};  // the seed's CONT token
  EXPECT_TRUE(refused(lists));
}

}  // namespace
}  // namespace semibfs
