// A fixed-size bitmap over vertex ids, one bit per vertex in 64-bit words; the frontier and
// visited sets of the bottom-up search (Beamer et al., "Direction-optimizing BFS", SC 2012).
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

namespace semibfs {

class Bitmap {
 public:
  using Word = std::uint64_t;
  static constexpr int kBitsPerWord = 64;
  // Below this a parallel region costs more than it saves.
  static constexpr std::int64_t kParallelWords = 4096;

  Bitmap() = default;
  explicit Bitmap(std::int64_t num_bits) : num_bits_(num_bits), words_(words_for(num_bits), 0) {}

  static constexpr std::int64_t words_for(std::int64_t num_bits) {
    return (num_bits + kBitsPerWord - 1) / kBitsPerWord;
  }
  static constexpr std::int64_t word_index(std::int64_t bit) { return bit / kBitsPerWord; }
  static constexpr Word bit_mask(std::int64_t bit) { return Word{1} << (bit % kBitsPerWord); }

  std::int64_t num_bits() const { return num_bits_; }
  std::int64_t num_words() const { return static_cast<std::int64_t>(words_.size()); }
  Word word(std::int64_t index) const { return words_[index]; }
  void set_word(std::int64_t index, Word value) { words_[index] = value; }
  // The words themselves, for moving a bitmap whole (an MPI allgather of its slices).
  Word* data() { return words_.data(); }
  const Word* data() const { return words_.data(); }
  // The bits of word `index` that name real positions (the last word may be partial).
  Word valid_mask(std::int64_t index) const {
    const std::int64_t remaining = num_bits_ - index * kBitsPerWord;
    return remaining >= kBitsPerWord ? ~Word{0} : (Word{1} << remaining) - 1;
  }

  bool test(std::int64_t bit) const { return (word(word_index(bit)) & bit_mask(bit)) != 0; }
  // The first set bit in [first, last] (both within the bitmap), or -1: a word at a time.
  std::int64_t first_set_in(std::int64_t first, std::int64_t last) const {
    std::int64_t index = word_index(first);
    Word bits = word(index) & (~Word{0} << (first % kBitsPerWord));
    const std::int64_t last_index = word_index(last);
    while (true) {
      if (index == last_index) bits &= ~Word{0} >> (kBitsPerWord - 1 - last % kBitsPerWord);
      if (bits != 0) return index * kBitsPerWord + std::countr_zero(bits);
      if (index == last_index) return -1;
      bits = word(++index);
    }
  }
  void set(std::int64_t bit) { words_[word_index(bit)] |= bit_mask(bit); }
  // Calls visit(bit) for each set bit of words [first, end), in order.
  template <typename Visit>
  void for_each_set_in_words(std::int64_t first, std::int64_t end, Visit&& visit) const {
    for (std::int64_t index = first; index < end; ++index) {
      for (Word bits = word(index); bits != 0; bits &= bits - 1) visit(index * kBitsPerWord + std::countr_zero(bits));
    }
  }

  // For bitmaps that other threads write at the same time.
  bool test_atomic(std::int64_t bit) const {
    return (atomic_word(word_index(bit)).load(std::memory_order_relaxed) & bit_mask(bit)) != 0;
  }
  void set_atomic(std::int64_t bit) {
    atomic_word(word_index(bit)).fetch_or(bit_mask(bit), std::memory_order_relaxed);
  }

  // Parallel over words for large bitmaps: callers run it outside OpenMP parallel regions.
  void clear() {
    const std::int64_t count = num_words();
#pragma omp parallel for schedule(static) if (count > kParallelWords)
    for (std::int64_t index = 0; index < count; ++index) words_[index] = 0;
  }

 private:
  std::atomic_ref<Word> atomic_word(std::int64_t index) const {
    return std::atomic_ref<Word>(const_cast<Word&>(words_[index]));
  }

  std::int64_t num_bits_ = 0;
  std::vector<Word> words_;
};

}  // namespace semibfs
