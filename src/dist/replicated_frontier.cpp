#include "dist/replicated_frontier.hpp"

#include <bit>

#include "core/error.hpp"

namespace semibfs {
namespace {

// The summary groups that hold some vertex of `range` (the first and last may be shared with
// the neighbouring ranks: ranks split on words, groups are up to 16 words).
struct GroupSpan {
  std::int64_t first = 0;
  std::int64_t end = 0;
  std::int64_t words() const { return Bitmap::words_for(end - first); }
};

GroupSpan groups_of(const VertexRange& range, int shift) {
  if (range.size() == 0) return {};
  return {range.begin >> shift, ((range.end - 1) >> shift) + 1};
}

// ORs `count` bits from `piece` (starting at its bit 0) into `target` from bit `offset`.
void or_bits_at(Bitmap& target, const Bitmap::Word* piece, std::int64_t count, std::int64_t offset) {
  const int shift = static_cast<int>(offset % Bitmap::kBitsPerWord);
  const std::int64_t base = offset / Bitmap::kBitsPerWord;
  for (std::int64_t w = 0; w < Bitmap::words_for(count); ++w) {
    const Bitmap::Word word = piece[w];
    if (word == 0) continue;
    target.set_word(base + w, target.word(base + w) | (word << shift));
    if (shift != 0 && base + w + 1 < target.num_words()) {
      target.set_word(base + w + 1, target.word(base + w + 1) | (word >> (Bitmap::kBitsPerWord - shift)));
    }
  }
}

}  // namespace

ReplicatedFrontier::ReplicatedFrontier(const PartitionLayout& ranks, int rank, int summary_bits)
    : ranks_(ranks), rank_(rank), bits_(ranks.num_vertices()) {
  if (summary_bits != 0) {
    if (summary_bits < 64 || summary_bits > 1024 || !std::has_single_bit(static_cast<unsigned>(summary_bits))) {
      throw Error("summary bits " + std::to_string(summary_bits) + ": need 0 or a power of two from 64 to 1024");
    }
    summary_shift_ = std::countr_zero(static_cast<unsigned>(summary_bits));
    summary_ = Bitmap((ranks.num_vertices() + summary_bits - 1) >> summary_shift_);
  }
  own_first_word_ = ranks.first_word(rank);
  own_end_word_ = ranks.end_word(rank);
}

std::int64_t ReplicatedFrontier::bytes() const {
  return (bits_.num_words() + summary_.num_words()) * static_cast<std::int64_t>(sizeof(Bitmap::Word));
}

void ReplicatedFrontier::publish(Communicator& comm) {
  send_buffer_.assign(bits_.data() + own_first_word_, bits_.data() + own_end_word_);
  std::vector<std::int64_t> counts(comm.size());
  for (int r = 0; r < comm.size(); ++r) counts[r] = ranks_.end_word(r) - ranks_.first_word(r);
  comm.allgather<Bitmap::Word>(send_buffer_, {bits_.data(), static_cast<std::size_t>(bits_.num_words())}, counts,
                               TrafficKind::kBitmap);
  if (summary_enabled()) publish_summary(comm);
}

// Each rank summarizes its own slice into a piece that starts at bit 0; the pieces are
// allgathered and ORed into place, so a group shared by two ranks gets both halves.
void ReplicatedFrontier::publish_summary(Communicator& comm) {
  const GroupSpan mine = groups_of(ranks_.range(rank_), summary_shift_);
  send_buffer_.assign(static_cast<std::size_t>(mine.words()), 0);
  const int words_per_group_shift = summary_shift_ - 6;  // 2^shift bits = 2^(shift-6) words
  for (std::int64_t w = own_first_word_; w < own_end_word_; ++w) {
    if (bits_.word(w) == 0) continue;
    const std::int64_t group = (w >> words_per_group_shift) - mine.first;
    send_buffer_[group / Bitmap::kBitsPerWord] |= Bitmap::bit_mask(group);
  }
  std::vector<std::int64_t> counts(comm.size());
  std::int64_t total = 0;
  for (int r = 0; r < comm.size(); ++r) total += counts[r] = groups_of(ranks_.range(r), summary_shift_).words();
  pieces_.resize(static_cast<std::size_t>(total));
  comm.allgather<Bitmap::Word>(send_buffer_, pieces_, counts, TrafficKind::kSummary);
  summary_.clear();
  std::int64_t at = 0;
  for (int r = 0; r < comm.size(); ++r) {
    const GroupSpan span = groups_of(ranks_.range(r), summary_shift_);
    or_bits_at(summary_, pieces_.data() + at, span.end - span.first, span.first);
    at += counts[r];
  }
}

}  // namespace semibfs
