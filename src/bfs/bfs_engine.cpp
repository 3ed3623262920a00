// Direction-optimizing BFS driver: one step per level, top-down over a queue or bottom-up over
// bitmaps, the frontier converted whenever the direction changes (Iwabuchi et al. Sec. III-C).
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.hpp"
#include "bfs/bottom_up_step.hpp"
#include "bfs/direction_policy.hpp"
#include "bfs/frontier_conversion.hpp"
#include "bfs/frontier_queue.hpp"
#include "bfs/top_down_step.hpp"
#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"

namespace semibfs {

// The frontier lives in exactly one form at a time: the current queue or the current bitmap.
struct BfsEngine::Buffers {
  explicit Buffers(std::int64_t num_vertices)
      : current_queue(num_vertices),
        next_queue(num_vertices),
        current_bitmap(num_vertices),
        next_bitmap(num_vertices),
        visited(num_vertices) {}

  void start(VertexId root, bool bottom_up) {
    visited.clear();
    visited.set(root);
    current_queue.clear();
    current_queue.push_back(static_cast<NeighborId>(root));
    frontier_in_bitmap = false;
    use_form(bottom_up);
  }

  void use_form(bool bottom_up) {
    if (bottom_up && !frontier_in_bitmap) queue_to_bitmap(current_queue.vertices(), current_bitmap);
    if (!bottom_up && frontier_in_bitmap) bitmap_to_queue(current_bitmap, current_queue);
    frontier_in_bitmap = bottom_up;
  }

  // Expands the current frontier; the next frontier becomes the current one.
  StepCounts step(const CsrGraph& graph, bool bottom_up, std::span<VertexId> parent) {
    use_form(bottom_up);
    if (bottom_up) {
      const StepCounts counts = bottom_up_step(graph, current_bitmap, next_bitmap, visited, parent);
      std::swap(current_bitmap, next_bitmap);
      return counts;
    }
    next_queue.clear();
    const StepCounts counts = top_down_step(graph, current_queue.vertices(), next_queue, visited, parent);
    current_queue.swap(next_queue);
    return counts;
  }

  FrontierQueue current_queue;
  FrontierQueue next_queue;
  Bitmap current_bitmap;
  Bitmap next_bitmap;
  Bitmap visited;  // reached vertices: lets both steps skip the parent array
  bool frontier_in_bitmap = false;
};

namespace {

void check_options(const BfsOptions& options) {
  // Written so that NaN fails too.
  if (!(options.alpha > 0) || !(options.beta > 0)) {
    throw Error("BFS options: alpha and beta must be positive (got alpha " + std::to_string(options.alpha) +
                ", beta " + std::to_string(options.beta) + ")");
  }
}

void check_run_arguments(const CsrGraph& graph, VertexId root, std::span<VertexId> parent) {
  if (root < 0 || root >= graph.num_vertices()) {
    throw Error("BFS root " + std::to_string(root) + " is outside the graph's vertices [0, " +
                std::to_string(graph.num_vertices()) + ")");
  }
  if (static_cast<std::int64_t>(parent.size()) != graph.num_vertices()) {
    throw Error("BFS parent array has " + std::to_string(parent.size()) + " entries; the graph has " +
                std::to_string(graph.num_vertices()) + " vertices");
  }
}

void reset_parents(std::span<VertexId> parent) {
  constexpr std::int64_t kParallelSize = 1 << 16;  // 512 KiB: below, one thread is as fast
  const auto size = static_cast<std::int64_t>(parent.size());
#pragma omp parallel for schedule(static) if (size > kParallelSize)
  for (std::int64_t vertex = 0; vertex < size; ++vertex) parent[vertex] = kUnreached;
}

}  // namespace

BfsEngine::BfsEngine(const CsrGraph& graph, BfsOptions options)
    : graph_(graph), options_(options), buffers_(nullptr) {
  check_options(options_);
  buffers_ = std::make_unique<Buffers>(graph_.num_vertices());
}

BfsEngine::~BfsEngine() = default;

std::vector<LevelStats> BfsEngine::run(VertexId root, std::span<VertexId> parent) {
  check_run_arguments(graph_, root, parent);
  const DirectionPolicy policy(options_, graph_.num_vertices());
  reset_parents(parent);
  parent[root] = root;
  bool bottom_up = policy.first_step_bottom_up();
  buffers_->start(root, bottom_up);
  std::vector<LevelStats> levels;
  std::int64_t previous_frontier = 0;
  std::int64_t frontier = 1;
  for (int level = 1; frontier > 0; ++level) {
    const Stopwatch stopwatch;
    if (level > 1) bottom_up = policy.next_step_bottom_up(bottom_up, previous_frontier, frontier);
    const StepCounts counts = buffers_->step(graph_, bottom_up, parent);
    levels.push_back(LevelStats{level, bottom_up, frontier, counts.edges_examined, counts.discovered_vertices,
                                stopwatch.seconds()});
    previous_frontier = frontier;
    frontier = counts.discovered_vertices;
  }
  return levels;
}

}  // namespace semibfs
