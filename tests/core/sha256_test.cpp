// SHA-256 against the FIPS 180-4 examples, and streaming in uneven pieces against one call.
#include "core/sha256.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace semibfs {
namespace {

std::string digest_of(const std::string& text) { return Sha256::hex_of(text.data(), text.size()); }

TEST(Sha256, KnownAnswers) {
  EXPECT_EQ(digest_of(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(digest_of("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(digest_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(digest_of(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  Sha256 sha;
  sha.update("ab", 2);
  sha.update("c", 1);
  const std::array<std::uint8_t, 32> digest = sha.finish();
  EXPECT_EQ(digest[0], 0xba);
  EXPECT_EQ(digest[31], 0xad);
}

// Pieces of every length up to a few blocks, fed in uneven steps: the same digest as one call.
TEST(Sha256, UnevenPiecesGiveTheOneCallDigest) {
  std::mt19937_64 random(7);
  std::vector<std::uint8_t> bytes(5000);
  for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(random());
  for (std::size_t length = 0; length < bytes.size(); length += 97) {
    Sha256 pieces;
    for (std::size_t at = 0; at < length;) {
      const std::size_t step = std::min<std::size_t>(length - at, 1 + random() % 300);
      pieces.update(bytes.data() + at, step);
      at += step;
    }
    ASSERT_EQ(pieces.finish_hex(), Sha256::hex_of(bytes.data(), length)) << "length " << length;
  }
}

}  // namespace
}  // namespace semibfs
