// Switching the frontier between its top-down form (queue) and its bottom-up form (bitmap).
#pragma once

#include <span>

#include "bfs/frontier_queue.hpp"
#include "core/bitmap.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

void queue_to_bitmap(std::span<const NeighborId> queue, Bitmap& bitmap);
void bitmap_to_queue(const Bitmap& bitmap, FrontierQueue& queue);

}  // namespace semibfs
