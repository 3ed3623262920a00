// SHA-256 (FIPS 180-4), streaming: checksums of edge lists and, later, of on-disk graph files.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace semibfs {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, std::size_t size);
  std::array<std::uint8_t, 32> finish();
  std::string finish_hex();

 private:
  void process_block(const std::uint8_t* block);
  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

}  // namespace semibfs
