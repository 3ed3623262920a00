// Top-down BFS step (Iwabuchi et al. Sec. III-A, Fig. 1) on the NETAL layout (Iwabuchi et al. Sec.
// IV-A): partition k's team walks the whole frontier through partition k's forward graph, which
// holds only neighbours inside partition k, so it claims only its own vertices.
#pragma once

#include "bfs/search_state.hpp"
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_graph.hpp"
#include "bfs/step_counts.hpp"

namespace semibfs {

// Expands the current frontier (state.current_queue, or state.current_bitmap when
// state.frontier_in_bitmap) into state.next_queue, marking the new vertices in state.visited and
// state.parent; state.ready_top_down() first. When some partition's queue overflows, the next
// frontier is state.next_bitmap with its summary, and state.next_queue.overflowed(); throws
// semibfs::Error when it overflows though ready_top_down's bound said it could not.
// Opens its own parallel region. Tails on disk are read through `fetchers` (null when the graph
// has none).
StepCounts top_down_step(const TieredGraph& graph, SearchState& state, ThreadTailFetchers* fetchers = nullptr);

}  // namespace semibfs
