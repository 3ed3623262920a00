// The byte-aligned integer code: LEB128, 7 bits of the number a byte, lowest first, the high bit
// set on every byte but the last (as Ligra+'s byte code, Shun et al., DCC 2015).
#pragma once

#include <cstdint>

#include "compress/corrupt_list.hpp"
#include "core/types.hpp"

namespace semibfs {

// Bytes that `value` takes.
constexpr std::uint64_t byte_code_size(std::uint64_t value) {
  std::uint64_t bytes = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++bytes;
  }
  return bytes;
}

// Writes at a byte position of a stream no other thread writes there.
class ByteCodeWriter {
 public:
  ByteCodeWriter(std::uint8_t* stream, std::uint64_t position) : stream_(stream), position_(position) {}
  void put(std::uint64_t value) {
    while (value >= 0x80) {
      stream_[position_++] = static_cast<std::uint8_t>(value | 0x80);
      value >>= 7;
    }
    stream_[position_++] = static_cast<std::uint8_t>(value);
  }
  std::uint64_t position() const { return position_; }

 private:
  std::uint8_t* stream_;
  std::uint64_t position_;
};

// Reads [position, end) of a stream; a number running past `end` or over 63 bits is an error of
// `vertex`'s list, never a read outside the range.
class ByteCodeReader {
 public:
  ByteCodeReader(const std::uint8_t* stream, std::uint64_t position, std::uint64_t end, VertexId vertex)
      : stream_(stream), position_(position), end_(end), vertex_(vertex) {}
  std::uint64_t get() {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      if (position_ >= end_) throw_corrupt_list(vertex_, "an integer runs past the list's end");
      const std::uint8_t byte = stream_[position_++];
      if (shift == 56 && byte > 0x7f) throw_corrupt_list(vertex_, "an integer longer than 63 bits");
      value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  }
  bool at_end() const { return position_ >= end_; }
  std::uint64_t position() const { return position_; }
  // The fewest units an integer takes: bounds a count read from the stream.
  static constexpr std::uint64_t kMinimumIntegerUnits = 1;

 private:
  const std::uint8_t* stream_;
  std::uint64_t position_;
  std::uint64_t end_;
  VertexId vertex_;
};

}  // namespace semibfs
