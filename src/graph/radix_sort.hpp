// Least-significant-digit radix sort of 64-bit keys that only sorts on the bits that can be set:
// a few counting passes instead of a comparison sort (Knuth, TAOCP vol. 3, Sec. 5.2.5).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace semibfs {

class RadixSorter {
 public:
  // Sorts keys ascending by their `significant_bits`, using buffer (same size) as the other half
  // of each pass; returns whichever of the two holds the result. The sort is stable and looks at
  // no other bit, so bits outside `significant_bits` ride along as a payload (zero them to sort
  // on the whole key).
  std::span<std::uint64_t> sort(std::span<std::uint64_t> keys, std::span<std::uint64_t> buffer,
                                std::uint64_t significant_bits) {
    split_into_digits(significant_bits);
    count_digits(keys);
    for (std::size_t digit = 0; digit < digits_.size(); ++digit) {
      scatter_by_digit(keys, buffer, digit);
      std::swap(keys, buffer);
    }
    return keys;
  }

  // The same, each key's payload (e.g. an entry's weight) moved with it; returns the key and payload
  // halves that hold the result.
  template <typename Payload>
  std::pair<std::span<std::uint64_t>, std::span<Payload>> sort(std::span<std::uint64_t> keys,
                                                               std::span<std::uint64_t> buffer,
                                                               std::span<Payload> payload,
                                                               std::span<Payload> payload_buffer,
                                                               std::uint64_t significant_bits) {
    split_into_digits(significant_bits);
    count_digits(keys);
    for (std::size_t digit = 0; digit < digits_.size(); ++digit) {
      scatter_by_digit<Payload>(keys, buffer, payload, payload_buffer, digit);
      std::swap(keys, buffer);
      std::swap(payload, payload_buffer);
    }
    return {keys, payload};
  }

 private:
  static constexpr int kMaxDigitBits = 11;  // 2048 counters: the histograms stay in L1

  struct Digit {
    int shift = 0;
    int bits = 0;
    std::uint64_t of(std::uint64_t key) const { return (key >> shift) & ((std::uint64_t{1} << bits) - 1); }
  };

  // Each run of consecutive significant bits becomes equal digits of at most kMaxDigitBits bits.
  void split_into_digits(std::uint64_t significant_bits) {
    digits_.clear();
    while (significant_bits != 0) {
      const int shift = std::countr_zero(significant_bits);
      const int run = std::countr_one(significant_bits >> shift);
      const int count = (run + kMaxDigitBits - 1) / kMaxDigitBits;
      for (int index = 0; index < count; ++index) {
        const int begin = run * index / count;
        digits_.push_back(Digit{shift + begin, run * (index + 1) / count - begin});
      }
      significant_bits = run + shift == 64 ? 0 : significant_bits & (~std::uint64_t{0} << (shift + run));
    }
  }

  // One read of the keys fills the histograms of every digit; each becomes start positions.
  void count_digits(std::span<const std::uint64_t> keys) {
    counts_.assign(digits_.size() << kMaxDigitBits, 0);
    for (const std::uint64_t key : keys) {
      for (std::size_t digit = 0; digit < digits_.size(); ++digit) {
        ++counts_[(digit << kMaxDigitBits) + digits_[digit].of(key)];
      }
    }
    for (std::size_t digit = 0; digit < digits_.size(); ++digit) {
      std::int64_t running = 0;
      for (std::size_t value = 0; value < (std::size_t{1} << digits_[digit].bits); ++value) {
        std::int64_t& slot = counts_[(digit << kMaxDigitBits) + value];
        const std::int64_t count = slot;
        slot = running;
        running += count;
      }
    }
  }

  void scatter_by_digit(std::span<const std::uint64_t> from, std::span<std::uint64_t> to, std::size_t digit) {
    std::int64_t* position = counts_.data() + (digit << kMaxDigitBits);
    for (const std::uint64_t key : from) to[position[digits_[digit].of(key)]++] = key;
  }

  template <typename Payload>
  void scatter_by_digit(std::span<const std::uint64_t> from, std::span<std::uint64_t> to,
                        std::span<const Payload> payload_from, std::span<Payload> payload_to, std::size_t digit) {
    std::int64_t* position = counts_.data() + (digit << kMaxDigitBits);
    for (std::size_t index = 0; index < from.size(); ++index) {
      const std::int64_t slot = position[digits_[digit].of(from[index])]++;
      to[slot] = from[index];
      payload_to[slot] = payload_from[index];
    }
  }

  std::vector<Digit> digits_;
  std::vector<std::int64_t> counts_;
};

}  // namespace semibfs
