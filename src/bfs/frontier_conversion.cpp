#include "bfs/frontier_conversion.hpp"

#include <cstdint>

#include "bfs/partition_teams.hpp"

namespace semibfs {
namespace {

// Below this many vertices one thread converts faster than a team.
constexpr std::int64_t kParallelVertices = 1 << 14;

void clear_words(Bitmap& bitmap, std::int64_t first, std::int64_t end) {
  for (std::int64_t word = first; word < end; ++word) bitmap.set_word(word, 0);
}

}  // namespace

void rebuild_summary_seats(const PartitionLayout& layout, SummarizedBitmap& bitmap) {
  FrontierSummary& summary = bitmap.summary;
  if (!summary.enabled()) return;
  for_each_seat(layout.count(), [&](const TeamSeat& seat) {
    const VertexRange range = layout.range(seat.partition);
    const std::int64_t first = summary.first_word_from(range.begin);
    const std::int64_t count = summary.first_word_from(range.end) - first;
    summary.rebuild_words(bitmap.bits, first + seat.share_begin(count), first + seat.share_end(count));
  });
}

void queue_to_bitmap(const PartitionLayout& layout, const PartitionedQueue& queue, SummarizedBitmap& bitmap) {
#pragma omp parallel if (layout.num_vertices() > kParallelVertices)
  {
    for_each_seat(layout.count(), [&](const TeamSeat& seat) {
      const WordRange words = seat_words(layout, seat);
      clear_words(bitmap.bits, words.begin, words.end);
    });
#pragma omp barrier
    for_each_seat(layout.count(), [&](const TeamSeat& seat) {
      const FrontierQueue& part = queue.part(seat.partition);
      const std::int64_t size = part.size();
      for (std::int64_t index = seat.share_begin(size); index < seat.share_end(size); ++index) {
        // Teammates may share a word; other partitions never do.
        if (seat.shared()) {
          bitmap.bits.set_atomic(part[index]);
        } else {
          bitmap.bits.set(part[index]);
        }
      }
    });
#pragma omp barrier
    rebuild_summary_seats(layout, bitmap);
  }
}

bool bitmap_to_queue(const PartitionLayout& layout, const Bitmap& bitmap, PartitionedQueue& queue) {
  queue.clear();
#pragma omp parallel if (layout.num_vertices() > kParallelVertices)
  for_each_seat(layout.count(), [&](const TeamSeat& seat) {
    LocalQueueBuffer buffer(queue.part(seat.partition));
    const WordRange words = seat_words(layout, seat);
    bitmap.for_each_set_in_words(words.begin, words.end,
                                 [&](std::int64_t vertex) { buffer.push(static_cast<NeighborId>(vertex)); });
  });
  return !queue.overflowed();
}

}  // namespace semibfs
