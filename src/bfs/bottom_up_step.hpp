// Bottom-up BFS step (Iwabuchi et al. Sec. III-B, Fig. 2) on the NETAL layout: partition k's team
// scans its own unvisited vertices through partition k's backward graph, probing each vertex's
// head (its highest-degree neighbour, from a dense array) before its list, and testing the
// frontier's summary before its bitmap (Cui et al.'s MPI hybrid BFS, Sec. III-C). The scan itself
// is bottom_up_scan.hpp, which a rank's step across ranks runs too.
#pragma once

#include "bfs/search_state.hpp"
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_graph.hpp"
#include "bfs/step_counts.hpp"

namespace semibfs {

// Expands state.current_bitmap (with its summary) into state.next_bitmap and its summary,
// marking the new vertices in state.visited and state.parent. Opens its own parallel region.
// Tails on disk are read through `fetchers` (null when the graph has none).
StepCounts bottom_up_step(const TieredGraph& graph, SearchState& state, ThreadTailFetchers* fetchers = nullptr);

}  // namespace semibfs
