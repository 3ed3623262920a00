// Frontier conversions at a direction switch, by partition (gapbs QueueToBitmap/BitmapToQueue):
// each partition's team converts its own queue and its own bitmap words.
#pragma once

#include "bfs/frontier_summary.hpp"
#include "bfs/search_state.hpp"
#include "core/bitmap.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

// The bitmap (and its summary, when it has one) of the vertices in `queue`.
void queue_to_bitmap(const PartitionLayout& layout, const PartitionedQueue& queue, SummarizedBitmap& bitmap);
// The vertices of `bitmap`, each in its own partition's queue; false when some partition's queue
// has no room for its vertices (the queues then hold only part of them).
bool bitmap_to_queue(const PartitionLayout& layout, const Bitmap& bitmap, PartitionedQueue& queue);
// Rebuilds the summary of `bitmap` from its bits, each thread for the partitions it serves; from
// inside a parallel region.
void rebuild_summary_seats(const PartitionLayout& layout, SummarizedBitmap& bitmap);

}  // namespace semibfs
