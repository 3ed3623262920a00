// The BFS status of one search, laid out by partition: the parent array, the visited bitmap, the
// frontier as one queue per partition (top-down) or as a bitmap with its summary (bottom-up).
// Partition k's threads write only partition k's queue, its words of the bitmaps and its range
// of the parent array (seed 000 Sec. V-B); bitmap words never straddle two partitions.
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

// The frontier queues of all partitions, read as one sequence in chunks that stay in one queue.
class PartitionedQueue {
 public:
  explicit PartitionedQueue(const PartitionLayout& layout);

  int num_parts() const { return static_cast<int>(parts_.size()); }
  FrontierQueue& part(int partition) { return *parts_[partition]; }
  const FrontierQueue& part(int partition) const { return *parts_[partition]; }
  std::int64_t size() const;
  void clear();
  void swap(PartitionedQueue& other) { parts_.swap(other.parts_); }
  std::int64_t bytes() const;

 private:
  std::vector<std::unique_ptr<FrontierQueue>> parts_;
};

struct SearchState {
  SearchState(const PartitionLayout& layout, int summary_bits);

  // Readies a search from `root` into `parent`: every partition resets its own range of the parent
  // array and its own visited words (isolated vertices start visited, so no bottom-up step looks
  // at them); the frontier is the root, as a queue. Opens its own parallel region.
  // `isolated` marks the vertices without edges.
  void start(const Bitmap& isolated, VertexId root, ParentSlots parent);

  std::int64_t bytes() const;  // without the caller's parent array
  // What bytes() will be for a search of `num_vertices` vertices, without allocating it.
  static std::int64_t bytes_for(std::int64_t num_vertices, int summary_bits);

  const PartitionLayout& layout;
  ParentSlots parent;  // the caller's, set by the engine for each search
  PartitionedQueue current_queue;
  PartitionedQueue next_queue;
  SummarizedBitmap current_bitmap;
  SummarizedBitmap next_bitmap;
  Bitmap visited;  // reached (or isolated) vertices: lets both steps skip the parent array
  bool frontier_in_bitmap = false;
  TeamCounters counters;
};

}  // namespace semibfs
