// The frontier of a bottom-up step across ranks (Cui et al., seed 001 Sec. II-D, Fig. 1): every
// rank holds the whole frontier bitmap (in_queue) and its summary, one bit per `summary_bits`
// frontier bits (in_queue_summary); each rank writes only the words of its own vertex range
// (its slice of out_queue), and publish() allgathers the slices and the summary pieces so that
// every rank has the next frontier whole.
#pragma once

#include <cstdint>
#include <vector>

#include "core/bitmap.hpp"
#include "dist/communicator.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

class ReplicatedFrontier {
 public:
  // summary_bits: 0 for no summary, else a power of two from 64 to 1024.
  ReplicatedFrontier(const PartitionLayout& ranks, int rank, int summary_bits);

  const Bitmap& bits() const { return bits_; }
  bool summary_enabled() const { return summary_shift_ != 0; }
  // False only when no bit of the vertex's summary group is set (always true without a summary).
  bool may_contain(std::int64_t vertex) const {
    return summary_shift_ == 0 || summary_.test(vertex >> summary_shift_);
  }
  bool contains(std::int64_t vertex) const { return bits_.test(vertex); }

  // The own slice, one word per 64 own vertices from the range's first: write it, then publish.
  std::int64_t own_first_word() const { return own_first_word_; }
  std::int64_t own_words() const { return own_end_word_ - own_first_word_; }
  void set_own_word(std::int64_t own_word, Bitmap::Word value) { bits_.set_word(own_first_word_ + own_word, value); }
  Bitmap::Word own_word(std::int64_t own_word) const { return bits_.word(own_first_word_ + own_word); }

  // Collective: every rank's slice and summary piece to every rank.
  void publish(Communicator& comm);

  std::int64_t bytes() const;

 private:
  void publish_summary(Communicator& comm);

  const PartitionLayout& ranks_;
  int rank_;
  int summary_shift_ = 0;
  std::int64_t own_first_word_ = 0;
  std::int64_t own_end_word_ = 0;
  Bitmap bits_;
  Bitmap summary_;
  std::vector<Bitmap::Word> send_buffer_;  // own slice or summary piece (MPI cannot send in place)
  std::vector<Bitmap::Word> pieces_;       // every rank's summary piece before they are joined
};

}  // namespace semibfs
