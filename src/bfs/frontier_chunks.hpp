// The frontier a top-down step expands, cut into chunks that a partition's team takes one by one
// from its counter (partition_teams.hpp): from the queues, runs of vertices that stay in one
// queue; from the bitmap, runs of words. Every team walks all of them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bfs/search_state.hpp"
#include "core/bitmap.hpp"

namespace semibfs {

// Frontier vertices per chunk a thread takes; small, because hub lists make chunks uneven.
inline constexpr std::int64_t kQueueChunk = 64;
// Bitmap words per chunk: 1024 vertex ids, about 32 frontier vertices at the density where the
// frontier outgrows the queues (one vertex in kVerticesPerQueueEntry), more in denser frontiers.
inline constexpr std::int64_t kBitmapChunkWords = 16;

// The queues' vertices, numbered in chunks across all queues.
class QueueChunks {
 public:
  explicit QueueChunks(const PartitionedQueue& queue) : queue_(queue), first_chunk_{0} {
    for (int part = 0; part < queue.num_parts(); ++part) {
      first_chunk_.push_back(first_chunk_.back() + (queue.part(part).size() + kQueueChunk - 1) / kQueueChunk);
    }
  }
  std::int64_t count() const { return first_chunk_.back(); }

  template <typename Visit>
  void for_each_vertex(std::int64_t chunk, Visit&& visit) const {
    int part = 0;
    while (chunk >= first_chunk_[part + 1]) ++part;
    const FrontierQueue& frontier = queue_.part(part);
    const std::int64_t begin = (chunk - first_chunk_[part]) * kQueueChunk;
    const std::int64_t end = std::min(begin + kQueueChunk, frontier.size());
    for (std::int64_t index = begin; index < end; ++index) visit(frontier[index]);
  }

 private:
  const PartitionedQueue& queue_;
  std::vector<std::int64_t> first_chunk_;
};

// The set bits of a frontier bitmap, kBitmapChunkWords words a chunk (words never straddle
// partitions, but chunks may: every team reads the whole frontier).
class BitmapChunks {
 public:
  explicit BitmapChunks(const Bitmap& bits) : bits_(bits) {}
  std::int64_t count() const { return (bits_.num_words() + kBitmapChunkWords - 1) / kBitmapChunkWords; }

  template <typename Visit>
  void for_each_vertex(std::int64_t chunk, Visit&& visit) const {
    const std::int64_t first = chunk * kBitmapChunkWords;
    bits_.for_each_set_in_words(first, std::min(first + kBitmapChunkWords, bits_.num_words()),
                                [&](std::int64_t vertex) { visit(static_cast<NeighborId>(vertex)); });
  }

 private:
  const Bitmap& bits_;
};

}  // namespace semibfs
