// Top-down BFS step: every frontier vertex claims its unreached neighbours (Iwabuchi et al.
// Sec. III-A, Fig. 1).
#pragma once

#include <span>

#include "bfs/frontier_queue.hpp"
#include "bfs/step_counts.hpp"
#include "core/bitmap.hpp"
#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

// Appends the newly reached vertices to `next` and marks them in `visited` and `parent`.
StepCounts top_down_step(const CsrGraph& graph, std::span<const NeighborId> frontier, FrontierQueue& next,
                         Bitmap& visited, std::span<VertexId> parent);

}  // namespace semibfs
