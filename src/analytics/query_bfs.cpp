#include "analytics/query_bfs.hpp"

#include <atomic>
#include <bit>
#include <string>
#include <utility>

#include "core/bitmap.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

class QueryBfsKernel {
 public:
  QueryBfsKernel(const StreamingGraph& graph, VertexId root, bool filter_on_storage_side)
      : vertices_(graph.num_vertices()),
        filter_on_storage_side_(filter_on_storage_side),
        parent_(static_cast<std::size_t>(vertices_), kUnreached),
        level_(static_cast<std::size_t>(vertices_), -1),
        frontier_(vertices_),
        next_(vertices_),
        unvisited_(vertices_) {
    for (VertexId v = 0; v < vertices_; ++v) unvisited_.set(v);
    visit(root, root, 0);
    unvisited_.set_word(Bitmap::word_index(root), unvisited_.word(Bitmap::word_index(root)) & ~Bitmap::bit_mask(root));
    frontier_.set(root);
    frontier_count_ = 1;
  }

  // The step's direction and, top-down, the frontier as a job queue.
  void prepare(int iteration) {
    depth_ = iteration + 1;
    bottom_up_ = frontier_count_ >= vertices_ / 64 && vertices_ >= 64;
    jobs_.clear();
    if (!bottom_up_)
      frontier_.for_each_set_in_words(0, frontier_.num_words(), [this](std::int64_t v) { jobs_.push_back(v); });
    unvisited_count_ = count(unvisited_);
  }
  StreamingQuery query() const {
    StreamingQuery query;
    query.filter_on_storage_side = filter_on_storage_side_;
    if (bottom_up_) {
      query.side = ListSide::kIn;
      query.vertex_filter = &unvisited_;
      query.neighbour_filter = &frontier_;
    } else {
      query.kind = QueryKind::kJobQueue;
      query.side = ListSide::kOut;
      query.jobs = jobs_;
    }
    return query;
  }
  std::int64_t work_size() const { return bottom_up_ ? unvisited_count_ : frontier_count_; }
  void body(VertexId vertex, std::span<const NeighborId> neighbours) {
    if (!bottom_up_) {
      for (const NeighborId w : neighbours) {
        if (claim(w, vertex)) next_.set_atomic(w);
      }
      return;
    }
    for (const NeighborId u : neighbours) {
      if (filter_on_storage_side_ || frontier_.test(u)) {  // each vertex is one worker's: no race
        visit(vertex, u, depth_);
        next_.set_atomic(vertex);
        return;
      }
    }
  }
  bool end() {
    std::swap(frontier_, next_);
    next_.clear();
    for (std::int64_t word = 0; word < frontier_.num_words(); ++word) {
      unvisited_.set_word(word, unvisited_.word(word) & ~frontier_.word(word));
    }
    frontier_count_ = count(frontier_);
    return frontier_count_ == 0;
  }

  QueryBfsResult result() && { return {std::move(parent_), std::move(level_), {}}; }

 private:
  static std::int64_t count(const Bitmap& bits) {
    std::int64_t total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total)
    for (std::int64_t word = 0; word < bits.num_words(); ++word) total += std::popcount(bits.word(word));
    return total;
  }
  void visit(VertexId vertex, VertexId parent, std::int64_t depth) {
    parent_[static_cast<std::size_t>(vertex)] = parent;
    level_[static_cast<std::size_t>(vertex)] = depth;
  }
  // Top-down: the first worker to reach `w` makes `parent` its parent.
  bool claim(NeighborId w, VertexId parent) {
    VertexId expected = kUnreached;
    if (!std::atomic_ref<VertexId>(parent_[w]).compare_exchange_strong(expected, parent, std::memory_order_relaxed)) {
      return false;
    }
    level_[w] = depth_;
    return true;
  }

  std::int64_t vertices_;
  bool filter_on_storage_side_;
  std::vector<VertexId> parent_;
  std::vector<std::int64_t> level_;
  Bitmap frontier_, next_, unvisited_;
  std::int64_t frontier_count_ = 0;
  std::int64_t unvisited_count_ = 0;
  std::int64_t depth_ = 0;
  bool bottom_up_ = false;
  std::vector<VertexId> jobs_;
};

}  // namespace

QueryBfsResult bfs_through_queries(StreamingGraph& graph, VertexId root, bool filter_on_storage_side,
                                   const IterationObserver& observe) {
  if (root < 0 || root >= graph.num_vertices()) {
    throw Error("BFS through queries: root " + std::to_string(root) + " is no vertex of the graph");
  }
  QueryBfsKernel kernel(graph, root, filter_on_storage_side);
  return run_kernel_for_result(graph, kernel, observe);
}

}  // namespace semibfs
