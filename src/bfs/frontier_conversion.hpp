// Switching the frontier between its top-down form (queue) and its bottom-up form (bitmap).
#pragma once

#include <span>

#include "bfs/frontier_queue.hpp"
#include "bfs/frontier_summary.hpp"
#include "core/bitmap.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

void queue_to_bitmap(std::span<const NeighborId> queue, Bitmap& bitmap);
// Also builds the bitmap's summary when it has one.
void queue_to_bitmap(std::span<const NeighborId> queue, SummarizedBitmap& bitmap);
void bitmap_to_queue(const Bitmap& bitmap, FrontierQueue& queue);

}  // namespace semibfs
