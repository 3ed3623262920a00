// A file whose every byte is known: a run of 8-byte little-endian integers, each holding its own
// byte offset, so any range can be checked (written into a support/scratch_directory.hpp).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "support/scratch_directory.hpp"

namespace semibfs::testing {

inline std::byte pattern_byte(std::uint64_t position) {
  const std::uint64_t word = position - position % 8;
  return static_cast<std::byte>((word >> (8 * (position % 8))) & 0xff);
}

// Writes `bytes` bytes of the pattern (the last word may be cut short).
inline void write_pattern_file(const std::string& path, std::uint64_t bytes) {
  std::vector<char> contents(bytes);
  for (std::uint64_t position = 0; position < bytes; ++position) {
    contents[position] = static_cast<char>(pattern_byte(position));
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

// Index of the first byte of `data` that differs from the pattern at `offset`; -1 when none.
inline std::int64_t first_mismatch(const std::byte* data, std::uint64_t offset, std::uint64_t length) {
  for (std::uint64_t index = 0; index < length; ++index) {
    if (data[index] != pattern_byte(offset + index)) return static_cast<std::int64_t>(index);
  }
  return -1;
}

}  // namespace semibfs::testing
