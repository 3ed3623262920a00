// Bottom-up BFS step: every unvisited vertex looks for a parent in the frontier bitmap and stops
// at the first one found (Iwabuchi et al. Sec. III-B, Fig. 2).
#pragma once

#include <span>

#include "bfs/frontier_summary.hpp"
#include "bfs/step_counts.hpp"
#include "core/bitmap.hpp"
#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

// Writes every word of `next` (no need to clear it) and adds the new vertices to `visited`.
StepCounts bottom_up_step(const CsrGraph& graph, const Bitmap& frontier, Bitmap& next, Bitmap& visited,
                          std::span<VertexId> parent);

// The same, testing the frontier's summary before its bitmap (Cui et al. Sec. III-C), and writing
// next's summary as well. Both summaries must have the same group size; 0 falls back to the above.
StepCounts bottom_up_step(const CsrGraph& graph, const SummarizedBitmap& frontier, SummarizedBitmap& next,
                          Bitmap& visited, std::span<VertexId> parent);

}  // namespace semibfs
