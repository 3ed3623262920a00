// SHA-256 against the FIPS 180-4 examples, and the SHA-extension path against the portable one.
#include "core/sha256.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace semibfs {
namespace {

std::string digest_of(const std::string& text, Sha256::Engine engine) {
  Sha256 sha(engine);
  sha.update(text.data(), text.size());
  return sha.finish_hex();
}

TEST(Sha256, KnownAnswersOnBothEngines) {
  for (const Sha256::Engine engine : {Sha256::Engine::kFastest, Sha256::Engine::kPortable}) {
    EXPECT_EQ(digest_of("", engine), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(digest_of("abc", engine), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(digest_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", engine),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(digest_of(std::string(1000000, 'a'), engine),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  }
}

// Pieces of every length up to a few blocks, fed in uneven steps: both engines agree.
TEST(Sha256, EnginesAgreeOnUnevenPieces) {
  std::mt19937_64 random(7);
  std::vector<std::uint8_t> bytes(5000);
  for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(random());
  for (std::size_t length = 0; length < bytes.size(); length += 97) {
    Sha256 fast;
    Sha256 portable(Sha256::Engine::kPortable);
    for (std::size_t at = 0; at < length;) {
      const std::size_t step = std::min<std::size_t>(length - at, 1 + random() % 300);
      fast.update(bytes.data() + at, step);
      portable.update(bytes.data() + at, step);
      at += step;
    }
    ASSERT_EQ(fast.finish_hex(), portable.finish_hex()) << "length " << length;
  }
}

}  // namespace
}  // namespace semibfs
