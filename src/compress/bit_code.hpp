// The bit-aligned integer code of ExtraV (Lee et al.) Table 2: six bits give the number's bit length L
// (0 to 61; 62 and 63 are the seed's reserved CONT and EOL tokens), then the number's bits. The
// leading 1 of a number is implied (Elias gamma's trick), so L - 1 bits follow: 1 bit less a
// number than the seed. Bits are stored lowest first in little-endian 64-bit words.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>

#include "compress/corrupt_list.hpp"
#include "core/types.hpp"

namespace semibfs {

static_assert(std::endian::native == std::endian::little, "the bit code loads little-endian words");

inline constexpr int kBitCodeLengthBits = 6;
inline constexpr int kBitCodeMaxLength = 61;

// Bits that `value` takes (value < 2^61).
constexpr std::uint64_t bit_code_size(std::uint64_t value) {
  const int length = std::bit_width(value);
  return kBitCodeLengthBits + (length > 1 ? length - 1 : 0);
}

// Writes from a bit position of a zeroed word stream. Lists written in parallel may share their
// first and last word; those are OR-ed in atomically, the words between belong to this list alone.
class BitCodeWriter {
 public:
  BitCodeWriter(std::uint64_t* words, std::uint64_t position)
      : words_(words), first_word_(position / 64), word_(position / 64), used_(static_cast<int>(position % 64)) {}
  // value < 2^61 (the encoder checks).
  void put(std::uint64_t value) {
    const int length = std::bit_width(value);
    put_bits(static_cast<std::uint64_t>(length), kBitCodeLengthBits);
    if (length > 1) put_bits(value & ((std::uint64_t{1} << (length - 1)) - 1), length - 1);
  }
  // Writes the last, partial word; call once at the list's end.
  void finish() {
    if (used_ > 0) std::atomic_ref<std::uint64_t>(words_[word_]).fetch_or(buffer_, std::memory_order_relaxed);
  }
  std::uint64_t position() const { return word_ * 64 + static_cast<std::uint64_t>(used_); }

 private:
  // count <= 60.
  void put_bits(std::uint64_t bits, int count) {
    buffer_ |= bits << used_;
    if (used_ + count < 64) {
      used_ += count;
      return;
    }
    if (word_ == first_word_) {
      std::atomic_ref<std::uint64_t>(words_[word_]).fetch_or(buffer_, std::memory_order_relaxed);
    } else {
      words_[word_] = buffer_;
    }
    ++word_;
    buffer_ = bits >> (64 - used_);  // used_ >= 4 here, as count <= 60
    used_ = used_ + count - 64;
  }

  std::uint64_t* words_;
  std::uint64_t first_word_;
  std::uint64_t word_;
  int used_;
  std::uint64_t buffer_ = 0;
};

// Reads bits [position, end) of a stream of `stream_bytes` bytes; a number running past `end` or
// a reserved length is an error of `vertex`'s list, never a read outside the stream.
class BitCodeReader {
 public:
  BitCodeReader(const std::uint8_t* stream, std::uint64_t stream_bytes, std::uint64_t position, std::uint64_t end,
                VertexId vertex)
      : stream_(stream), stream_bytes_(stream_bytes), position_(position), end_(end), vertex_(vertex) {}
  std::uint64_t get() {
    const int length = static_cast<int>(read_bits(kBitCodeLengthBits));
    if (length > kBitCodeMaxLength) throw_corrupt_list(vertex_, "a reserved length code " + std::to_string(length));
    if (length <= 1) return static_cast<std::uint64_t>(length);
    const int low_bits = length - 1;
    if (low_bits <= 56) return (std::uint64_t{1} << low_bits) | read_bits(low_bits);
    const std::uint64_t low = read_bits(30);
    return (std::uint64_t{1} << low_bits) | low | (read_bits(low_bits - 30) << 30);
  }
  bool at_end() const { return position_ >= end_; }
  std::uint64_t position() const { return position_; }
  static constexpr std::uint64_t kMinimumIntegerUnits = kBitCodeLengthBits;

 private:
  // count <= 56, so that the shift within the first byte and the count fit one 64-bit load.
  std::uint64_t read_bits(int count) {
    if (end_ - position_ < static_cast<std::uint64_t>(count)) {
      throw_corrupt_list(vertex_, "an integer runs past the list's end");
    }
    const std::uint64_t byte = position_ / 8;
    std::uint64_t word = 0;
    if (byte + 8 <= stream_bytes_) {
      std::memcpy(&word, stream_ + byte, 8);
    } else {
      for (std::uint64_t i = byte; i < stream_bytes_; ++i) word |= std::uint64_t{stream_[i]} << (8 * (i - byte));
    }
    const std::uint64_t value = (word >> (position_ % 8)) & ((std::uint64_t{1} << count) - 1);
    position_ += static_cast<std::uint64_t>(count);
    return value;
  }

  const std::uint8_t* stream_;
  std::uint64_t stream_bytes_;
  std::uint64_t position_;
  std::uint64_t end_;
  VertexId vertex_;
};

}  // namespace semibfs
