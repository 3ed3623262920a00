#include "bfs/search_state.hpp"

#include <cstdint>
#include <memory>
#include <span>

namespace semibfs {

PartitionedQueue::PartitionedQueue(const PartitionLayout& layout) {
  // A vertex enters its own partition's queue at most once per level.
  for (int k = 0; k < layout.count(); ++k) parts_.push_back(std::make_unique<FrontierQueue>(layout.range(k).size()));
}

std::int64_t PartitionedQueue::size() const {
  std::int64_t size = 0;
  for (const auto& part : parts_) size += part->size();
  return size;
}

void PartitionedQueue::clear() {
  for (const auto& part : parts_) part->clear();
}

std::int64_t PartitionedQueue::bytes() const {
  std::int64_t bytes = 0;
  for (const auto& part : parts_) bytes += part->capacity() * static_cast<std::int64_t>(sizeof(NeighborId));
  return bytes;
}

SearchState::SearchState(const PartitionLayout& layout, int summary_bits)
    : layout(layout),
      current_queue(layout),
      next_queue(layout),
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
      parent.set(vertex, kUnreached);
    }
    const std::int64_t first = layout.first_word(seat.partition);
    const std::int64_t words = layout.end_word(seat.partition) - first;
    for (std::int64_t word = first + seat.share_begin(words); word < first + seat.share_end(words); ++word) {
      visited.set_word(word, isolated.word(word));
    }
  });
  parent.set(root, root);
  visited.set(root);
  current_queue.clear();
  current_queue.part(layout.partition_of(root)).push_back(static_cast<NeighborId>(root));
  frontier_in_bitmap = false;
}

std::int64_t SearchState::bytes() const {
  const auto bitmap_bytes = [](const SummarizedBitmap& bitmap) {
    return (bitmap.bits.num_words() + bitmap.summary.bits().num_words()) * 8;
  };
  return current_queue.bytes() + next_queue.bytes() + bitmap_bytes(current_bitmap) + bitmap_bytes(next_bitmap) +
         visited.num_words() * 8;
}

std::int64_t SearchState::bytes_for(std::int64_t num_vertices, int summary_bits) {
  const std::int64_t queues = 2 * num_vertices * static_cast<std::int64_t>(sizeof(NeighborId));
  const std::int64_t summary_groups = summary_bits == 0 ? 0 : (num_vertices + summary_bits - 1) / summary_bits;
  const std::int64_t bitmap_words = Bitmap::words_for(num_vertices) + Bitmap::words_for(summary_groups);
  return queues + (2 * bitmap_words + Bitmap::words_for(num_vertices)) * 8;
}

}  // namespace semibfs
