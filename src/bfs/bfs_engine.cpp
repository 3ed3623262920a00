// Direction-optimizing BFS driver: one step per level, top-down or bottom-up as the
// DirectionPolicy decides (Iwabuchi et al. Sec. III-C; Beamer et al. SC'12). The frontier is held
// in bounded queues or, when it outgrows them or a bottom-up step made it, as a bitmap; it is
// converted when the direction needs the other form and, for the queues, fits in them.
#include <omp.h>

#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.hpp"
#include "bfs/bottom_up_step.hpp"
#include "bfs/direction_policy.hpp"
#include "bfs/frontier_conversion.hpp"
#include "bfs/frontier_queue.hpp"
#include "bfs/frontier_summary.hpp"
#include "bfs/partition_teams.hpp"
#include "bfs/search_state.hpp"
#include "bfs/top_down_step.hpp"
#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/numa_placement.hpp"
#include "core/parent_array.hpp"
#include "core/timer.hpp"

namespace semibfs {

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
  if (options.queue_entries && *options.queue_entries < 0) {
    throw Error("BFS options: queue_entries must not be negative (got " + std::to_string(*options.queue_entries) + ")");
  }
}

void check_run_arguments(const TieredGraph& graph, VertexId root, const ParentSlots& parent) {
  if (root < 0 || root >= graph.num_vertices()) {
    throw Error("BFS root " + std::to_string(root) + " is outside the graph's vertices [0, " +
                std::to_string(graph.num_vertices()) + ")");
  }
  if (static_cast<std::int64_t>(parent.size()) != graph.num_vertices()) {
    throw Error("BFS parent array has " + std::to_string(parent.size()) + " entries; the graph has " +
                std::to_string(graph.num_vertices()) + " vertices");
  }
}

std::unique_ptr<SearchState> make_search_state(const PartitionLayout& layout, const BfsOptions& options) {
  const std::int64_t entries = options.queue_entries.value_or(default_queue_entries(layout.num_vertices()));
  return std::make_unique<SearchState>(layout, options.summary_bits, entries);
}

// Before the first step: the frontier is the root, every other vertex unexplored.
FrontierFacts first_facts(const TieredGraph& graph, VertexId root) {
  FrontierFacts facts;
  facts.num_vertices = graph.num_vertices();
  facts.frontier_vertices = 1;
  facts.frontier_edges = graph.out_degree(root);
  facts.unexplored_edges = graph.num_adjacencies() - graph.degree(root);
  facts.vertices_with_tails = graph.vertices_with_tails();
  return facts;
}

// m_u loses the backward degrees of the vertices just discovered; their out-degrees are the next m_f.
void advance(FrontierFacts& facts, bool bottom_up, const StepCounts& counts) {
  ++facts.level;
  facts.previous_frontier_vertices = facts.frontier_vertices;
  facts.frontier_vertices = counts.discovered_vertices;
  facts.frontier_edges = counts.discovered_out_edges;
  facts.unexplored_edges -= counts.discovered_edges;
  facts.last_step_bottom_up = bottom_up;
}

}  // namespace

BfsEngine::BfsEngine(const PartitionedGraph& graph, BfsOptions options)
    : owned_view_(std::make_unique<TieredGraph>(TieredGraph::all_in_dram(graph))),
      graph_(*owned_view_),
      options_(options) {
  check_options(options_);
  policy_ = make_direction_policy(options_);
  pin_team_threads(graph_.num_partitions());
  state_ = make_search_state(graph_.layout(), options_);
}

BfsEngine::BfsEngine(const TieredGraph& graph, BfsOptions options, const TailFetchOptions& fetch)
    : graph_(graph), options_(options) {
  check_options(options_);
  policy_ = make_direction_policy(options_);
  pin_team_threads(graph_.num_partitions());
  state_ = make_search_state(graph_.layout(), options_);
  if (graph_.has_tails()) fetchers_ = std::make_unique<ThreadTailFetchers>(omp_get_max_threads(), fetch);
}

BfsEngine::~BfsEngine() = default;

std::int64_t BfsEngine::status_bytes() const { return state_->bytes(); }

std::int64_t BfsEngine::io_buffer_bytes() const { return fetchers_ ? fetchers_->bytes() : 0; }

std::string BfsEngine::io_backend() const { return fetchers_ ? fetchers_->backend() : std::string(); }

IoStats BfsEngine::take_io_stats() { return std::exchange(io_stats_, IoStats()); }

// Expands the current frontier; the next frontier becomes the current one. The frontier lives in
// exactly one form at a time: the queues, or the bitmap when a bottom-up step made it or it did not
// fit in the queues.
StepCounts BfsEngine::step(bool bottom_up, const FrontierFacts& facts) {
  SearchState& state = *state_;
  const PartitionLayout& layout = graph_.layout();
  if (bottom_up) {
    if (!state.frontier_in_bitmap) queue_to_bitmap(layout, state.current_queue, state.current_bitmap);
    const StepCounts counts = bottom_up_step(graph_, state, fetchers_.get());
    state.take_next_bitmap();
    return counts;
  }
  // A frontier that does not fit in the queues is expanded from the bitmap.
  if (state.frontier_in_bitmap && facts.frontier_vertices <= state.current_queue.capacity()) {
    state.frontier_in_bitmap = !bitmap_to_queue(layout, state.current_bitmap.bits, state.current_queue);
  }
  state.ready_top_down(facts.frontier_edges);
  const StepCounts counts = top_down_step(graph_, state, fetchers_.get());
  state.take_top_down_frontier();
  return counts;
}

std::vector<LevelStats> BfsEngine::run(VertexId root, std::span<VertexId> parent, std::span<std::int64_t> level) {
  if (!level.empty() && level.size() != parent.size()) {
    throw Error("BFS level array has " + std::to_string(level.size()) + " entries; the parent array has " +
                std::to_string(parent.size()));
  }
  return search(root, ParentSlots(parent, level));
}

std::vector<LevelStats> BfsEngine::run(VertexId root, std::span<std::int32_t> parent) {
  if (!ParentArray::narrow_for(graph_.num_vertices())) {
    throw Error("BFS: 32-bit parents for " + std::to_string(graph_.num_vertices()) +
                " vertices; ids past 2^31 need 64-bit ones");
  }
  return search(root, ParentSlots(parent));
}

std::vector<LevelStats> BfsEngine::search(VertexId root, ParentSlots parent) {
  check_run_arguments(graph_, root, parent);
  state_->start(graph_.isolated(), root, parent);
  std::vector<LevelStats> levels;
  for (FrontierFacts facts = first_facts(graph_, root); facts.frontier_vertices > 0;) {
    throw_if_interrupted();  // between levels: a long search (one call from Python) stops at Ctrl-C
    const Stopwatch stopwatch;
    const bool bottom_up = policy_->next_step_bottom_up(facts);
    state_->parent.set_depth(facts.level);
    const StepCounts counts = step(bottom_up, facts);
    levels.push_back(LevelStats{facts.level, bottom_up, facts.frontier_vertices, facts.frontier_edges,
                                counts.edges_examined, counts.discovered_vertices, counts.early_exits,
                                stopwatch.seconds(), {}, counts.tail_entries});
    if (fetchers_) {
      const IoStats level_io = fetchers_->take_stats();
      levels.back().io = level_io.summary();
      io_stats_.merge(level_io);
    }
    advance(facts, bottom_up, counts);
  }
  return levels;
}

}  // namespace semibfs
