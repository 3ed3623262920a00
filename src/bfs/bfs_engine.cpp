// Direction-optimizing BFS driver: one step per level, top-down over a queue or bottom-up over
// bitmaps as the DirectionPolicy decides, the frontier converted whenever the direction changes
// (Iwabuchi et al. Sec. III-C; Beamer et al. SC'12).
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.hpp"
#include "bfs/bottom_up_step.hpp"
#include "bfs/direction_policy.hpp"
#include "bfs/frontier_conversion.hpp"
#include "bfs/frontier_queue.hpp"
#include "bfs/frontier_summary.hpp"
#include "bfs/top_down_step.hpp"
#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"

namespace semibfs {

// The frontier lives in exactly one form at a time: the current queue or the current bitmap.
struct BfsEngine::Buffers {
  Buffers(std::int64_t num_vertices, int summary_bits)
      : current_queue(num_vertices),
        next_queue(num_vertices),
        current_bitmap(num_vertices, summary_bits),
        next_bitmap(num_vertices, summary_bits),
        visited(num_vertices) {}

  void start(VertexId root) {
    visited.clear();
    visited.set(root);
    current_queue.clear();
    current_queue.push_back(static_cast<NeighborId>(root));
    frontier_in_bitmap = false;
  }

  void use_form(bool bottom_up) {
    if (bottom_up && !frontier_in_bitmap) queue_to_bitmap(current_queue.vertices(), current_bitmap);
    if (!bottom_up && frontier_in_bitmap) bitmap_to_queue(current_bitmap.bits, current_queue);
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
  SummarizedBitmap current_bitmap;
  SummarizedBitmap next_bitmap;
  Bitmap visited;  // reached vertices: lets both steps skip the parent array
  bool frontier_in_bitmap = false;
};

namespace {

void check_threshold(const char* name, const std::optional<double>& value) {
  // Written so that NaN fails too.
  if (value && !(*value > 0)) {
    throw Error(std::string("BFS options: ") + name + " must be positive (got " + std::to_string(*value) + ")");
  }
}

void check_options(const BfsOptions& options) {
  check_threshold("alpha", options.alpha);
  check_threshold("beta", options.beta);
  if (!is_valid_summary_bits(options.summary_bits)) {
    throw Error("BFS options: summary_bits must be one of " + summary_bits_choices() + " (got " +
                std::to_string(options.summary_bits) + ")");
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

// Before the first step: the frontier is the root, every other vertex unexplored.
FrontierFacts first_facts(const CsrGraph& graph, VertexId root) {
  FrontierFacts facts;
  facts.num_vertices = graph.num_vertices();
  facts.frontier_vertices = 1;
  facts.frontier_edges = graph.degree(root);
  facts.unexplored_edges = graph.num_adjacencies() - graph.degree(root);
  return facts;
}

// m_u loses the degrees of the vertices just discovered, which are the next m_f.
void advance(FrontierFacts& facts, bool bottom_up, const StepCounts& counts) {
  ++facts.level;
  facts.previous_frontier_vertices = facts.frontier_vertices;
  facts.frontier_vertices = counts.discovered_vertices;
  facts.frontier_edges = counts.discovered_edges;
  facts.unexplored_edges -= counts.discovered_edges;
  facts.last_step_bottom_up = bottom_up;
}

}  // namespace

BfsEngine::BfsEngine(const CsrGraph& graph, BfsOptions options)
    : graph_(graph), options_(options), policy_(nullptr), buffers_(nullptr) {
  check_options(options_);
  policy_ = make_direction_policy(options_);
  buffers_ = std::make_unique<Buffers>(graph_.num_vertices(), options_.summary_bits);
}

BfsEngine::~BfsEngine() = default;

std::vector<LevelStats> BfsEngine::run(VertexId root, std::span<VertexId> parent) {
  check_run_arguments(graph_, root, parent);
  reset_parents(parent);
  parent[root] = root;
  buffers_->start(root);
  std::vector<LevelStats> levels;
  for (FrontierFacts facts = first_facts(graph_, root); facts.frontier_vertices > 0;) {
    const Stopwatch stopwatch;
    const bool bottom_up = policy_->next_step_bottom_up(facts);
    const StepCounts counts = buffers_->step(graph_, bottom_up, parent);
    levels.push_back(LevelStats{facts.level, bottom_up, facts.frontier_vertices, facts.frontier_edges,
                                counts.edges_examined, counts.discovered_vertices, counts.early_exits,
                                stopwatch.seconds()});
    advance(facts, bottom_up, counts);
  }
  return levels;
}

}  // namespace semibfs
