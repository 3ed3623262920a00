// BFS through the streaming queries (ExtraV Sec. 6, Table 4: job-queue queries, and sequential
// queries with filtering), to set beside the dedicated engine (src/bfs/): a top-down step is a
// job-queue query of the frontier's out-lists; a bottom-up step a sequential query of the
// unvisited vertices' in-lists (the vertex filter) with the frontier as the neighbour filter, so
// that the storage side hands over only frontier neighbours (expand-and-filter) and any one of
// them is a parent. The step is bottom-up while the frontier holds at least n / 64 vertices.
#pragma once

#include <cstdint>
#include <vector>

#include "query/kernel.hpp"

namespace semibfs {

struct QueryBfsResult {
  std::vector<VertexId> parent;     // the root its own parent, kUnreached where unreached
  std::vector<std::int64_t> level;  // -1 where unreached
  std::vector<IterationFigures> figures;
};

// `filter_on_storage_side` false: the bottom-up steps get whole in-lists and filter them
// themselves (expand-and-filter off, to measure it).
QueryBfsResult bfs_through_queries(StreamingGraph& graph, VertexId root, bool filter_on_storage_side = true,
                                   const IterationObserver& observe = {});

}  // namespace semibfs
