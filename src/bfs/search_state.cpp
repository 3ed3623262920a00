#include "bfs/search_state.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>

namespace semibfs {

std::int64_t default_queue_entries(std::int64_t num_vertices) {
  const std::int64_t scaled = (num_vertices + kVerticesPerQueueEntry - 1) / kVerticesPerQueueEntry;
  return std::min(num_vertices, std::max(kMinQueueEntries, scaled));
}

PartitionedQueue::PartitionedQueue(const PartitionLayout& layout, std::int64_t entries) {
  // Partition k gets the entries between the shares of the words before it and up to its end, so
  // the parts add up to `entries` (counted in words, the product stays far from overflowing).
  const std::int64_t words = std::max<std::int64_t>(1, Bitmap::words_for(layout.num_vertices()));
  const auto share_before = [&](std::int64_t word) { return entries * word / words; };
  for (int k = 0; k < layout.count(); ++k) {
    parts_.push_back(
        std::make_unique<FrontierQueue>(share_before(layout.end_word(k)) - share_before(layout.first_word(k))));
  }
}

std::int64_t PartitionedQueue::size() const {
  std::int64_t size = 0;
  for (const auto& part : parts_) size += part->size();
  return size;
}

std::int64_t PartitionedQueue::capacity() const {
  std::int64_t capacity = 0;
  for (const auto& part : parts_) capacity += part->capacity();
  return capacity;
}

bool PartitionedQueue::overflowed() const {
  return std::any_of(parts_.begin(), parts_.end(), [](const auto& part) { return part->overflowed(); });
}

void PartitionedQueue::clear() {
  for (const auto& part : parts_) part->clear();
}

SearchState::SearchState(const PartitionLayout& layout, int summary_bits, std::int64_t queue_entries)
    : layout(layout),
      current_queue(layout, queue_entries),
      next_queue(layout, queue_entries),
      current_bitmap(layout.num_vertices(), summary_bits),
      next_bitmap(layout.num_vertices(), summary_bits),
      visited(layout.num_vertices()),
      counters(layout.count()) {}

void SearchState::start(const Bitmap& isolated, VertexId root, ParentSlots search_parent) {
  constexpr std::int64_t kParallelSize = 1 << 16;  // 512 KiB of parents: below, one thread is as fast
  parent = search_parent;
#pragma omp parallel if (layout.num_vertices() > kParallelSize)
  for_each_seat(layout.count(), [&](const TeamSeat& seat) {
    const VertexRange range = layout.range(seat.partition);
    for (VertexId vertex = range.begin + seat.share_begin(range.size());
         vertex < range.begin + seat.share_end(range.size()); ++vertex) {
      parent.clear(vertex);
    }
    const WordRange words = seat_words(layout, seat);
    for (std::int64_t word = words.begin; word < words.end; ++word) visited.set_word(word, isolated.word(word));
  });
  parent.set_depth(0);
  parent.set(root, root);
  visited.set(root);
  current_queue.clear();
  frontier_in_bitmap = !current_queue.part(layout.partition_of(root)).push_back(static_cast<NeighborId>(root));
  if (frontier_in_bitmap) {  // a partition with no queue entries (only tests make so few)
    current_bitmap.bits.clear();
    current_bitmap.bits.set(root);
    current_bitmap.summary.clear();
    if (current_bitmap.summary.enabled()) current_bitmap.summary.mark_vertex(root);
  }
}

void SearchState::ready_top_down(std::int64_t frontier_edges) {
  next_queue.clear();
  // A partition's queue overflows only when the step finds more of its vertices than it holds.
  top_down_may_overflow = false;
  for (int k = 0; k < layout.count(); ++k) {
    top_down_may_overflow |= next_queue.part(k).capacity() < std::min(frontier_edges, layout.range(k).size());
  }
}

void SearchState::take_top_down_frontier() {
  if (next_queue.overflowed()) {
    take_next_bitmap();
    return;
  }
  current_queue.swap(next_queue);
  frontier_in_bitmap = false;
}

void SearchState::take_next_bitmap() {
  std::swap(current_bitmap, next_bitmap);
  frontier_in_bitmap = true;
}

std::int64_t SearchState::bytes() const {
  const auto bitmap_bytes = [](const SummarizedBitmap& bitmap) {
    return (bitmap.bits.num_words() + bitmap.summary.bits().num_words()) * 8;
  };
  return current_queue.bytes() + next_queue.bytes() + bitmap_bytes(current_bitmap) + bitmap_bytes(next_bitmap) +
         visited.num_words() * 8;
}

std::int64_t SearchState::bytes_for(std::int64_t num_vertices, int summary_bits) {
  const std::int64_t queues = 2 * default_queue_entries(num_vertices) * static_cast<std::int64_t>(sizeof(NeighborId));
  const std::int64_t summary_groups = summary_bits == 0 ? 0 : (num_vertices + summary_bits - 1) / summary_bits;
  const std::int64_t bitmap_words = Bitmap::words_for(num_vertices) + Bitmap::words_for(summary_groups);
  return queues + (2 * bitmap_words + Bitmap::words_for(num_vertices)) * 8;
}

}  // namespace semibfs
