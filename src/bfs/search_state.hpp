// The BFS status of one search, laid out by partition: the parent array, the visited bitmap, the
// frontier as one queue per partition (top-down, while it fits) or as a bitmap with its summary
// (bottom-up, and top-down frontiers too large for the queues). Partition k's threads write only
// partition k's queue, its words of the bitmaps and its range of the parent array (Iwabuchi et al. Sec.
// V-B); bitmap words never straddle two partitions.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "bfs/frontier_queue.hpp"
#include "bfs/frontier_summary.hpp"
#include "bfs/parent_claim.hpp"
#include "bfs/partition_teams.hpp"
#include "core/bitmap.hpp"
#include "core/types.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

// Vertices per frontier queue entry. A queue of n/32 entries of 4 bytes takes n/8 bytes, as the
// frontier bitmap does, so a larger frontier is read (and written) more cheaply as the bitmap;
// two queues then cost 0.25 bytes per vertex instead of 8.
inline constexpr std::int64_t kVerticesPerQueueEntry = 32;
// Entries per queue at the least (4 KiB), so that small graphs keep their frontiers in queues.
inline constexpr std::int64_t kMinQueueEntries = 1024;
// The entries of one frontier queue, all partitions together, for a graph of `num_vertices`.
std::int64_t default_queue_entries(std::int64_t num_vertices);

// The frontier queues of all partitions, read as one sequence in chunks that stay in one queue.
class PartitionedQueue {
 public:
  // `entries` shared among the partitions in proportion to their vertices.
  PartitionedQueue(const PartitionLayout& layout, std::int64_t entries);

  int num_parts() const { return static_cast<int>(parts_.size()); }
  FrontierQueue& part(int partition) { return *parts_[partition]; }
  const FrontierQueue& part(int partition) const { return *parts_[partition]; }
  std::int64_t size() const;
  std::int64_t capacity() const;
  // Some partition's queue ran out of room.
  bool overflowed() const;
  void clear();
  void swap(PartitionedQueue& other) { parts_.swap(other.parts_); }
  std::int64_t bytes() const { return capacity() * static_cast<std::int64_t>(sizeof(NeighborId)); }

 private:
  std::vector<std::unique_ptr<FrontierQueue>> parts_;
};

struct SearchState {
  // `queue_entries`: the entries of each frontier queue (tests make them few).
  SearchState(const PartitionLayout& layout, int summary_bits, std::int64_t queue_entries);
  SearchState(const PartitionLayout& layout, int summary_bits)
      : SearchState(layout, summary_bits, default_queue_entries(layout.num_vertices())) {}

  // Readies a search from `root` into `parent`: every partition resets its own range of the parent
  // array (and of the levels, when they are recorded) and its own visited words (isolated vertices
  // start visited, so no bottom-up step looks at them); the frontier is the root, as a queue when
  // its partition's queue has room. Opens its own parallel region. `isolated` marks the vertices
  // without edges.
  void start(const Bitmap& isolated, VertexId root, ParentSlots parent);

  // Before a top-down step over a frontier of `frontier_edges` edges (or any larger bound): empty
  // next queues, and whether the step may find more vertices than some partition's queue holds.
  void ready_top_down(std::int64_t frontier_edges);
  // After a top-down step, its frontier becomes the current one: the next queues or, when they
  // overflowed, the next bitmap.
  void take_top_down_frontier();
  // After a bottom-up step, the next bitmap becomes the current frontier.
  void take_next_bitmap();

  std::int64_t bytes() const;  // without the caller's parent array
  // What bytes() will be for a search of `num_vertices` vertices with the default queue entries,
  // without allocating it.
  static std::int64_t bytes_for(std::int64_t num_vertices, int summary_bits);

  const PartitionLayout& layout;
  ParentSlots parent;  // the caller's, set by the engine for each search
  PartitionedQueue current_queue;
  PartitionedQueue next_queue;
  SummarizedBitmap current_bitmap;
  SummarizedBitmap next_bitmap;
  Bitmap visited;  // reached (or isolated) vertices: lets both steps skip the parent array
  bool frontier_in_bitmap = false;
  // Set by ready_top_down: the step copies `visited` into next_bitmap before it expands, so that
  // if the queues overflow its frontier is what `visited` gained (no bit set per vertex found).
  bool top_down_may_overflow = false;
  TeamCounters counters;
};

}  // namespace semibfs
