// SHA-256 (FIPS 180-4), streaming: checksums of edge lists and of every on-disk store file. Blocks
// go through the x86 SHA extensions where the processor has them (about 5x faster, which makes
// checking a whole store at open cheap), else through portable code; both give the same digest.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace semibfs {

class Sha256 {
 public:
  enum class Engine { kFastest, kPortable };  // kPortable: for tests comparing the two
  explicit Sha256(Engine engine = Engine::kFastest);
  // Whether kFastest uses the SHA extensions on this processor.
  static bool has_sha_extensions();
  void update(const void* data, std::size_t size);
  std::array<std::uint8_t, 32> finish();
  std::string finish_hex();
  // The digest of `size` bytes at `data` in one call, as hex.
  static std::string hex_of(const void* data, std::size_t size);

 private:
  void process_blocks(const std::uint8_t* blocks, std::size_t count);
  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
  bool use_extensions_ = false;
};

}  // namespace semibfs
