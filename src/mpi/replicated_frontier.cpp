#include "mpi/replicated_frontier.hpp"

#include <algorithm>
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
void or_bits_at(std::uint64_t* target, std::int64_t target_words, const std::uint64_t* piece, std::int64_t count,
                std::int64_t offset) {
  const int shift = static_cast<int>(offset % 64);
  const std::int64_t base = offset / 64;
  for (std::int64_t w = 0; w < Bitmap::words_for(count); ++w) {
    if (piece[w] == 0) continue;
    target[base + w] |= piece[w] << shift;
    if (shift != 0 && base + w + 1 < target_words) target[base + w + 1] |= piece[w] >> (64 - shift);
  }
}

int summary_shift_of(int summary_bits) {
  if (summary_bits == 0) return 0;
  if (summary_bits < 64 || summary_bits > 1024 || !std::has_single_bit(static_cast<unsigned>(summary_bits))) {
    throw Error("summary bits " + std::to_string(summary_bits) + ": need 0 or a power of two from 64 to 1024");
  }
  return std::countr_zero(static_cast<unsigned>(summary_bits));
}

}  // namespace

ReplicatedFrontier::ReplicatedFrontier(const PartitionLayout& ranks, int rank, int summary_bits, QueueSharing sharing,
                                       bool parallel_allgather, NodeGroup* node)
    : ranks_(ranks),
      rank_(rank),
      summary_shift_(summary_shift_of(summary_bits)),
      sharing_(sharing),
      parallel_allgather_(parallel_allgather),
      node_(node),
      own_first_word_(ranks.first_word(rank)),
      own_end_word_(ranks.end_word(rank)) {
  const std::int64_t words = Bitmap::words_for(ranks.num_vertices());
  if (summary_shift_ != 0) summary_words_ = Bitmap::words_for((ranks.num_vertices() + (1 << summary_shift_) - 1) >> summary_shift_);
  if (sharing_ == QueueSharing::kNone) {
    own_bits_.assign(static_cast<std::size_t>(words), 0);
    own_summary_.assign(static_cast<std::size_t>(summary_words_), 0);
    bits_ = own_bits_.data();
    summary_ = own_summary_.data();
  } else {
    if (node_ == nullptr) throw Error("shared frontier queues need the node's ranks");
    shared_bits_ = std::make_unique<SharedWords>(node_->node(), words);
    shared_summary_ = std::make_unique<SharedWords>(node_->node(), std::max<std::int64_t>(summary_words_, 1));
    bits_ = shared_bits_->data();
    summary_ = shared_summary_->data();
  }
  if (sharing_ == QueueSharing::kInQueue) {
    private_slice_.assign(static_cast<std::size_t>(own_words()), 0);
    own_slice_ = private_slice_.data();
  } else {
    own_slice_ = bits_ + own_first_word_;
  }
}

ReplicatedFrontier::~ReplicatedFrontier() = default;

std::int64_t ReplicatedFrontier::bytes() const {
  const std::int64_t mine = static_cast<std::int64_t>(
      (own_bits_.size() + own_summary_.size() + private_slice_.size() + send_buffer_.capacity() + pieces_.capacity()) * 8);
  const bool holds_shared = sharing_ != QueueSharing::kNone && node_->local_rank() == 0;
  return mine + (holds_shared ? (Bitmap::words_for(ranks_.num_vertices()) + summary_words_) * 8 : 0);
}

void ReplicatedFrontier::publish(Communicator& world) {
  if (sharing_ == QueueSharing::kNone) {
    publish_unshared(world);
  } else {
    publish_shared();
  }
}

void ReplicatedFrontier::publish_unshared(Communicator& world) {
  send_buffer_.assign(bits_ + own_first_word_, bits_ + own_end_word_);
  std::vector<std::int64_t> counts(world.size());
  for (int r = 0; r < world.size(); ++r) counts[r] = ranks_.end_word(r) - ranks_.first_word(r);
  world.allgather<Word>(send_buffer_, {bits_, own_bits_.size()}, counts, TrafficKind::kBitmap);
  if (summary_shift_ != 0) publish_summary_pieces(world);
}

// Each rank summarizes its own slice into a piece that starts at bit 0; the pieces are
// allgathered and ORed into place, so a group shared by two ranks gets both halves.
void ReplicatedFrontier::publish_summary_pieces(Communicator& world) {
  const GroupSpan mine = groups_of(ranks_.range(rank_), summary_shift_);
  send_buffer_.assign(static_cast<std::size_t>(mine.words()), 0);
  for (std::int64_t w = own_first_word_; w < own_end_word_; ++w) {
    if (bits_[w] == 0) continue;
    const std::int64_t group = group_of_word(w) - mine.first;
    send_buffer_[group / 64] |= Bitmap::bit_mask(group);
  }
  std::vector<std::int64_t> counts(world.size());
  std::int64_t total = 0;
  for (int r = 0; r < world.size(); ++r) total += counts[r] = groups_of(ranks_.range(r), summary_shift_).words();
  pieces_.resize(static_cast<std::size_t>(total));
  world.allgather<Word>(send_buffer_, pieces_, counts, TrafficKind::kSummary);
  std::fill(summary_, summary_ + summary_words_, 0);
  std::int64_t at = 0;
  for (int r = 0; r < world.size(); ++r) {
    const GroupSpan span = groups_of(ranks_.range(r), summary_shift_);
    or_bits_at(summary_, summary_words_, pieces_.data() + at, span.end - span.first, span.first);
    at += counts[r];
  }
}

// The node's slices into its shared copy (gathered by the leader, or already written in place),
// then the nodes' parts between nodes, then the summary.
void ReplicatedFrontier::publish_shared() {
  NodeGroup& node = *node_;
  if (sharing_ == QueueSharing::kInQueue) {
    std::vector<std::int64_t> counts, displacements;
    for (int r = node.first_rank(node.node_index()); r < node.first_rank(node.node_index() + 1); ++r) {
      counts.push_back(ranks_.end_word(r) - ranks_.first_word(r));
      displacements.push_back(ranks_.first_word(r));
    }
    node.node().gather_to_first(own_slice_, bits_, counts, displacements, TrafficKind::kBitmap);
  }
  shared_bits_->synchronize(node.node());
  allgather_node_parts();
  if (summary_shift_ != 0) summarize_on_node();
}

// Node n's part is the words of its ranks. Without the parallel allgather the leaders move whole
// parts; with it local rank l of every node moves piece l of every part (Fig. 7). One node has
// nothing to move, and its ranks need no second synchronization.
void ReplicatedFrontier::allgather_node_parts() {
  NodeGroup& node = *node_;
  if (node.node_count() == 1) return;
  const bool parallel = parallel_allgather_ && node.uniform();
  Communicator* movers = parallel ? &node.subgroup() : node.leaders();
  if (movers != nullptr) {
    const int pieces = parallel ? node.local_size() : 1;
    const int piece = parallel ? node.local_rank() : 0;
    std::vector<std::int64_t> counts, displacements;
    for (int n = 0; n < node.node_count(); ++n) {
      const std::int64_t first = ranks_.first_word(node.first_rank(n));
      const std::int64_t end = ranks_.end_word(node.first_rank(n + 1) - 1);
      displacements.push_back(first + (end - first) * piece / pieces);
      counts.push_back(first + (end - first) * (piece + 1) / pieces - displacements.back());
    }
    movers->allgather_in_place(bits_, counts, displacements, TrafficKind::kBitmap);
  }
  shared_bits_->synchronize(node.node());
}

// Local rank l sets summary words [S l / L, S (l + 1) / L) from the bitmap words they cover.
void ReplicatedFrontier::summarize_on_node() {
  NodeGroup& node = *node_;
  const std::int64_t first = summary_words_ * node.local_rank() / node.local_size();
  const std::int64_t end = summary_words_ * (node.local_rank() + 1) / node.local_size();
  const std::int64_t first_word = first * 64 << (summary_shift_ - 6);
  const std::int64_t end_word = std::min(Bitmap::words_for(ranks_.num_vertices()), end * 64 << (summary_shift_ - 6));
  std::fill(summary_ + first, summary_ + end, 0);
  for (std::int64_t w = first_word; w < end_word; ++w) {
    if (bits_[w] != 0) summary_[group_of_word(w) / 64] |= Bitmap::bit_mask(group_of_word(w));
  }
  shared_summary_->synchronize(node.node());
}

}  // namespace semibfs
