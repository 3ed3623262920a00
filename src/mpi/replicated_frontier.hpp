// The frontier of a bottom-up step across ranks (Cui et al. Sec. II-D, Fig. 1): every
// rank reads the whole frontier bitmap (in_queue) and its summary, one bit per `summary_bits`
// frontier bits (in_queue_summary); each rank writes only the words of its own vertex range (its
// slice of out_queue), and publish() makes the next frontier whole for every rank. How depends on
// the queue sharing (graph500/rank_options.hpp, Sec. III):
//   - none: each rank holds its own copy; the slices and the summary pieces are allgathered;
//   - in: the ranks of a node read one shared copy; the leader gathers the node's slices into it
//     and the leaders allgather the nodes' parts;
//   - all: each rank writes its slice into the shared copy in place; the leaders (or, with the
//     parallel allgather, every local rank for its share of each node's part) allgather the nodes'
//     parts. With sharing the ranks of a node compute the summary from the whole bitmap together.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/bitmap.hpp"
#include "mpi/communicator.hpp"
#include "mpi/node_group.hpp"
#include "graph/partition_layout.hpp"
#include "graph500/rank_options.hpp"

namespace semibfs {

class ReplicatedFrontier {
 public:
  using Word = Bitmap::Word;

  // summary_bits: 0 for no summary, else a power of two from 64 to 1024. `node` is needed (and
  // must outlive the frontier) unless sharing is none.
  ReplicatedFrontier(const PartitionLayout& ranks, int rank, int summary_bits, QueueSharing sharing,
                     bool parallel_allgather, NodeGroup* node);
  ~ReplicatedFrontier();

  // False only when no bit of the vertex's summary group is set (always true without a summary).
  bool may_contain(std::int64_t vertex) const {
    return summary_shift_ == 0 || test(summary_, vertex >> summary_shift_);
  }
  bool contains(std::int64_t vertex) const { return test(bits_, vertex); }

  // The own slice, one word per 64 own vertices from the range's first: write it, then publish.
  std::int64_t own_words() const { return own_end_word_ - own_first_word_; }
  void set_own_word(std::int64_t own_word, Word value) { own_slice_[own_word] = value; }
  Word own_word(std::int64_t own_word) const { return own_slice_[own_word]; }

  // Collective over `world`: every rank's slice (and the summary) to every rank.
  void publish(Communicator& world);

  std::int64_t bytes() const;  // this rank's own memory (a node's shared copy counted on its local rank 0)

 private:
  static bool test(const Word* words, std::int64_t bit) { return (words[bit >> 6] >> (bit & 63)) & 1; }
  // The summary group of a bitmap word (a group is 2^(shift - 6) words).
  std::int64_t group_of_word(std::int64_t word) const { return word >> (summary_shift_ - 6); }
  void publish_unshared(Communicator& world);
  void publish_shared();
  void allgather_node_parts();
  void publish_summary_pieces(Communicator& world);
  void summarize_on_node();

  const PartitionLayout& ranks_;
  int rank_;
  int summary_shift_ = 0;
  std::int64_t summary_words_ = 0;
  QueueSharing sharing_;
  bool parallel_allgather_;
  NodeGroup* node_;
  std::int64_t own_first_word_ = 0;
  std::int64_t own_end_word_ = 0;
  Word* bits_ = nullptr;       // the whole bitmap: own_bits_ or the node's shared copy
  Word* summary_ = nullptr;    // the whole summary
  Word* own_slice_ = nullptr;  // where this rank writes its slice
  std::vector<Word> own_bits_, own_summary_, private_slice_, send_buffer_, pieces_;
  std::unique_ptr<SharedWords> shared_bits_, shared_summary_;
};

}  // namespace semibfs
