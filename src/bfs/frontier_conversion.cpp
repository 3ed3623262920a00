// Frontier conversions, parallel: run once per direction switch (gapbs QueueToBitmap/BitmapToQueue).
#include "bfs/frontier_conversion.hpp"

#include <bit>
#include <cstdint>

namespace semibfs {
namespace {

// Below these sizes one thread converts faster than a team.
constexpr std::int64_t kParallelQueue = 1024;
constexpr std::int64_t kParallelWords = 64;

}  // namespace

void queue_to_bitmap(std::span<const NeighborId> queue, Bitmap& bitmap) {
  bitmap.clear();
  const auto size = static_cast<std::int64_t>(queue.size());
#pragma omp parallel for schedule(static) if (size > kParallelQueue)
  for (std::int64_t index = 0; index < size; ++index) bitmap.set_atomic(queue[index]);
}

void queue_to_bitmap(std::span<const NeighborId> queue, SummarizedBitmap& bitmap) {
  if (!bitmap.summary.enabled()) return queue_to_bitmap(queue, bitmap.bits);
  bitmap.bits.clear();
  bitmap.summary.clear();
  const auto size = static_cast<std::int64_t>(queue.size());
#pragma omp parallel for schedule(static) if (size > kParallelQueue)
  for (std::int64_t index = 0; index < size; ++index) {
    bitmap.bits.set_atomic(queue[index]);
    bitmap.summary.mark_vertex(queue[index]);
  }
}

void bitmap_to_queue(const Bitmap& bitmap, FrontierQueue& queue) {
  queue.clear();
  const std::int64_t num_words = bitmap.num_words();
#pragma omp parallel if (num_words >= kParallelWords)
  {
    LocalQueueBuffer buffer(queue);
#pragma omp for schedule(static) nowait
    for (std::int64_t word = 0; word < num_words; ++word) {
      for (Bitmap::Word bits = bitmap.word(word); bits != 0; bits &= bits - 1) {
        buffer.push(static_cast<NeighborId>(word * Bitmap::kBitsPerWord + std::countr_zero(bits)));
      }
    }
    buffer.flush();
  }
}

}  // namespace semibfs
