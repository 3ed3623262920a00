// The byte code's reader against its writer: numbers of every length from 1 to 9 bytes, each read
// with 0 to 9 more bytes after it, and a number cut by the end or longer than 63 bits is an
// error, never a read past the end.
#include "compress/byte_code.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "core/error.hpp"

namespace semibfs {
namespace {

std::vector<std::uint8_t> encode(const std::vector<std::uint64_t>& values) {
  std::vector<std::uint8_t> bytes(values.size() * 10);
  ByteCodeWriter writer(bytes.data(), 0);
  for (const std::uint64_t value : values) writer.put(value);
  bytes.resize(writer.position());
  return bytes;
}

TEST(ByteCode, EveryLengthReadsBackWhereverItLies) {
  std::vector<std::uint64_t> values;
  std::mt19937_64 random(7);
  for (int bits = 0; bits <= 63; ++bits) {
    const std::uint64_t top = bits == 0 ? 0 : std::uint64_t{1} << (bits - 1);
    values.push_back(top);
    values.push_back(bits == 0 ? 0 : top | (random() & (top - 1)));
    values.push_back(bits == 0 ? 0 : top | (top - 1));
  }
  // Every value followed by every shorter tail: each length is read with 0 to 9 bytes after it.
  for (std::size_t first = 0; first < values.size(); ++first) {
    const std::vector<std::uint64_t> tail(values.begin() + static_cast<std::ptrdiff_t>(first), values.end());
    const std::vector<std::uint8_t> bytes = encode(tail);
    ByteCodeReader reader(bytes.data(), 0, bytes.size(), 0);
    for (const std::uint64_t expected : tail) ASSERT_EQ(reader.get(), expected) << "from value " << first;
    EXPECT_TRUE(reader.at_end());
  }
}

TEST(ByteCode, ACutOrOverlongNumberIsAnError) {
  std::vector<std::uint8_t> bytes = encode({std::uint64_t{1} << 40, 5});
  for (std::uint64_t end = 1; end < 6; ++end) {  // the first number takes 6 bytes
    ByteCodeReader reader(bytes.data(), 0, end, 0);
    EXPECT_THROW(reader.get(), Error) << "end " << end;
  }
  // Nine continuation bytes: too long for 63 bits.
  std::vector<std::uint8_t> overlong(26, 0x80);
  overlong[9] = 0x01;
  ByteCodeReader long_reader(overlong.data(), 0, overlong.size(), 0);
  EXPECT_THROW(long_reader.get(), Error);
  std::vector<std::uint8_t> nine(9, 0xff);
  nine[8] = 0x7f;  // 9 bytes, 63 bits: the largest number the code takes
  ByteCodeReader nine_reader(nine.data(), 0, nine.size(), 0);
  EXPECT_EQ(nine_reader.get(), (std::uint64_t{1} << 63) - 1);
}

}  // namespace
}  // namespace semibfs
