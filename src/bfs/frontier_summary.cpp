#include "bfs/frontier_summary.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

int checked_shift(int group_bits) {
  if (group_bits == 0) return 0;
  const bool power_of_two = group_bits > 0 && std::has_single_bit(static_cast<unsigned>(group_bits));
  // Groups of whole words, so that one frontier word maps to one summary bit.
  if (!power_of_two || group_bits < Bitmap::kBitsPerWord) {
    throw Error("frontier summary: group_bits must be 0 or a power of two of at least 64, got " +
                std::to_string(group_bits));
  }
  return std::countr_zero(static_cast<unsigned>(group_bits));
}

}  // namespace

FrontierSummary::FrontierSummary(std::int64_t num_frontier_bits, int group_bits)
    : shift_(checked_shift(group_bits)),
      bits_(group_bits == 0 ? 0 : (num_frontier_bits + group_bits - 1) / group_bits) {}

std::int64_t FrontierSummary::first_word_from(std::int64_t begin_vertex) const {
  if (!enabled()) return 0;
  const std::int64_t vertices_per_word = std::int64_t{Bitmap::kBitsPerWord} << shift_;
  return std::min(bits_.num_words(), (begin_vertex + vertices_per_word - 1) / vertices_per_word);
}

void FrontierSummary::rebuild_words(const Bitmap& frontier, std::int64_t first, std::int64_t end) {
  const std::int64_t words_per_group = std::int64_t{1} << (shift_ - 6);  // groups are whole words
  const std::int64_t frontier_words = frontier.num_words();
  for (std::int64_t word = first; word < end; ++word) {
    Bitmap::Word summary = 0;
    for (int bit = 0; bit < Bitmap::kBitsPerWord; ++bit) {
      const std::int64_t group_first = (word * Bitmap::kBitsPerWord + bit) * words_per_group;
      const std::int64_t group_end = std::min(frontier_words, group_first + words_per_group);
      Bitmap::Word any = 0;
      for (std::int64_t index = group_first; index < group_end; ++index) any |= frontier.word(index);
      if (any != 0) summary |= Bitmap::Word{1} << bit;
    }
    bits_.set_word(word, summary);
  }
}

}  // namespace semibfs
