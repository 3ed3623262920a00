// The summary of a frontier bitmap: one bit per group of frontier bits, set when any bit of the
// group is set. The bottom-up step tests it first and skips the frontier bitmap when it is clear;
// being group_bits times smaller it stays in a nearer cache (Cui et al. Sec. II and
// III-C, after the Graph500 reference's in_queue_summary).
#pragma once

#include <cstdint>

#include "core/bitmap.hpp"

namespace semibfs {

class FrontierSummary {
 public:
  FrontierSummary() = default;
  // group_bits 0 makes an empty, disabled summary; otherwise a power of two of at least 64.
  FrontierSummary(std::int64_t num_frontier_bits, int group_bits);

  bool enabled() const { return shift_ != 0; }
  int group_bits() const { return enabled() ? 1 << shift_ : 0; }
  const Bitmap& bits() const { return bits_; }

  // False only when no bit of the vertex's group is set in the frontier.
  bool may_contain(std::int64_t vertex) const { return bits_.test(vertex >> shift_); }

  void clear() { bits_.clear(); }
  // Thread-safe. The test first keeps the common already-marked case free of atomic writes.
  void mark_vertex(std::int64_t vertex) {
    const std::int64_t group = vertex >> shift_;
    if (!bits_.test_atomic(group)) bits_.set_atomic(group);
  }
  // Thread-safe: frontier word `word` has a set bit.
  void mark_word(std::int64_t word) { mark_vertex(word * Bitmap::kBitsPerWord); }

  // The summary words whose first group starts in [begin, end): a partition's share when the
  // summary is rebuilt, so that each summary word has one writer.
  std::int64_t first_word_from(std::int64_t begin_vertex) const;
  // Recomputes summary words [first, end) from the frontier bitmap (reading past a partition's
  // edge is fine: only writes are confined).
  void rebuild_words(const Bitmap& frontier, std::int64_t first, std::int64_t end);

 private:
  int shift_ = 0;  // log2(group_bits); 0 when disabled
  Bitmap bits_;
};

// A frontier bitmap and its summary, produced together.
struct SummarizedBitmap {
  SummarizedBitmap(std::int64_t num_bits, int summary_bits) : bits(num_bits), summary(num_bits, summary_bits) {}

  Bitmap bits;
  FrontierSummary summary;
};

}  // namespace semibfs
