// Micro-benchmarks of the two BFS steps (top-down and bottom-up, Iwabuchi et al. Sec. III-A and
// III-B) on one Graph500 Kronecker graph, so that a regression in a step shows without a full run.
// Each step benchmark rebuilds the search state of one level with the step functions themselves,
// times only the step, and undoes what the step did, outside the timing, before the next iteration.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <optional>
#include <vector>

#include "bfs/bfs.hpp"
#include "bfs/bottom_up_step.hpp"
#include "bfs/frontier_conversion.hpp"
#include "bfs/frontier_queue.hpp"
#include "bfs/top_down_step.hpp"
#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "core/types.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "bfs/search_state.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

constexpr int kDefaultScale = 18;  // 2^18 vertices, 4 Mi edges: a few seconds to build

int micro_scale() {
  const char* text = std::getenv("SEMIBFS_MICRO_SCALE");
  if (text == nullptr || *text == '\0') return kDefaultScale;
  char* end = nullptr;
  const long scale = std::strtol(text, &end, 10);
  if (*end != '\0' || scale < 4 || scale > 32) {
    throw Error(std::string("SEMIBFS_MICRO_SCALE must be an integer in 4..32, got '") + text + "'");
  }
  return static_cast<int>(scale);
}

// The graph, the first Graph500 root, and the per-level trace of a top-down and a hybrid search
// from it; built once, shared by every benchmark. levels[i].level is i + 1 in both traces.
struct Workload {
  int scale = 0;
  // On the heap, so that the view of it survives moving the workload.
  std::unique_ptr<PartitionedGraph> graph;
  std::optional<TieredGraph> view;  // of *graph, all in DRAM: what the steps search
  VertexId root = 0;
  std::vector<LevelStats> top_down_levels;  // frontier sizes do not depend on the direction
  std::vector<LevelStats> hybrid_levels;    // which levels the hybrid runs bottom-up
};

std::vector<LevelStats> trace_search(const PartitionedGraph& graph, VertexId root, PolicyKind policy) {
  BfsOptions options;
  options.policy = policy;
  BfsEngine engine(graph, options);
  std::vector<VertexId> parent(static_cast<std::size_t>(graph.num_vertices()));
  return engine.run(root, parent);
}

Workload make_workload(int scale) {
  Workload workload;
  workload.scale = scale;
  KroneckerParams params;
  params.scale = scale;
  workload.graph = std::make_unique<PartitionedGraph>(build_csr(generate_kronecker(params, /*with_weights=*/false)), 1);
  const PartitionedGraph& graph = *workload.graph;
  workload.view.emplace(TieredGraph::all_in_dram(graph));
  const std::vector<VertexId> roots = pick_bfs_roots(params.seed1, params.seed2, graph.num_vertices(), 1,
                                                     [&graph](VertexId v) { return graph.degree(v) > 0; });
  if (roots.empty()) throw Error("no vertex of the SCALE " + std::to_string(scale) + " graph has an edge");
  workload.root = roots.front();
  workload.top_down_levels = trace_search(graph, workload.root, PolicyKind::kTopDown);
  workload.hybrid_levels = trace_search(graph, workload.root, PolicyKind::kAlphaBeta);
  return workload;
}

// The level (LevelStats::level) whose step expands the largest frontier.
int largest_frontier_level(const Workload& workload) {
  const auto& levels = workload.top_down_levels;
  return std::max_element(levels.begin(), levels.end(), [](const LevelStats& a, const LevelStats& b) {
           return a.frontier_vertices < b.frontier_vertices;
         })->level;
}

// The first level the hybrid expands bottom-up, or 0 when it never does.
int first_bottom_up_level(const Workload& workload) {
  for (const LevelStats& level : workload.hybrid_levels) {
    if (level.bottom_up) return level.level;
  }
  return 0;
}

// The search state just before the step of `level`: every vertex of depth < level visited, with
// its parent, and the frontier (depth level - 1) in the queues or, when it outgrew them, as a
// bitmap. Rebuilt with top_down_step itself.
struct LevelState {
  LevelState(const Workload& workload, int level)
      : parent(static_cast<std::size_t>(workload.graph->num_vertices()), kUnreached),
        search(workload.graph->layout(), kDefaultSummaryBits) {
    search.start(workload.graph->isolated(), workload.root, ParentSlots(std::span<VertexId>(parent)));
    for (int expanded = 1; expanded < level; ++expanded) {
      search.ready_top_down(workload.top_down_levels[expanded - 1].frontier_edges);
      top_down_step(*workload.view, search);
      search.take_top_down_frontier();
    }
  }

  std::int64_t frontier_vertices() const {
    if (!search.frontier_in_bitmap) return search.current_queue.size();
    std::int64_t vertices = 0;
    const Bitmap& bits = search.current_bitmap.bits;
    for (std::int64_t word = 0; word < bits.num_words(); ++word) vertices += std::popcount(bits.word(word));
    return vertices;
  }

  std::vector<VertexId> parent;
  SearchState search;
};

// Undoes a step: the vertices it added leave `visited` and lose their parent.
void forget(const PartitionedQueue& added, Bitmap& visited, std::span<VertexId> parent) {
  for (int k = 0; k < added.num_parts(); ++k) {
    for (std::int64_t index = 0; index < added.part(k).size(); ++index) {
      const NeighborId vertex = added.part(k)[index];
      const std::int64_t word = Bitmap::word_index(vertex);
      visited.set_word(word, visited.word(word) & ~Bitmap::bit_mask(vertex));
      parent[vertex] = kUnreached;
    }
  }
}

void forget(const Bitmap& added, Bitmap& visited, std::span<VertexId> parent) {
  for (std::int64_t word = 0; word < added.num_words(); ++word) {
    Bitmap::Word bits = added.word(word);
    if (bits == 0) continue;
    visited.set_word(word, visited.word(word) & ~bits);
    for (; bits != 0; bits &= bits - 1) parent[word * Bitmap::kBitsPerWord + std::countr_zero(bits)] = kUnreached;
  }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Both checks compare with the top-down trace, so a wrong state or a wrong undo fails the benchmark.
bool check_level(benchmark::State& state, const Workload& workload, int level, const LevelState& search) {
  const LevelStats& expected = workload.top_down_levels[level - 1];
  if (search.frontier_vertices() == expected.frontier_vertices) return true;
  state.SkipWithError(("rebuilt frontier of level " + std::to_string(level) + " has " +
                       std::to_string(search.frontier_vertices()) + " vertices, the search had " +
                       std::to_string(expected.frontier_vertices))
                          .c_str());
  return false;
}

void report(benchmark::State& state, const Workload& workload, int level, std::int64_t edges_examined,
            std::int64_t discovered, const std::vector<VertexId>& parent_before,
            const std::vector<VertexId>& parent_after) {
  if (parent_after != parent_before) state.SkipWithError("undoing the step did not restore the parents");
  if (discovered != workload.top_down_levels[level - 1].discovered_vertices) {
    state.SkipWithError("the step discovered a different number of vertices than the search");
  }
  state.counters["level"] = level;
  state.counters["frontier"] = static_cast<double>(workload.top_down_levels[level - 1].frontier_vertices);
  state.counters["discovered"] = static_cast<double>(discovered);
  state.counters["edges_examined"] = benchmark::Counter(static_cast<double>(edges_examined),
                                                        benchmark::Counter::kIsRate);
}

void benchmark_top_down_step(benchmark::State& state, const Workload& workload, int level) {
  LevelState search(workload, level);
  if (!check_level(state, workload, level, search)) return;
  const std::vector<VertexId> parent_before = search.parent;
  std::int64_t edges_examined = 0;
  std::int64_t discovered = 0;
  for (auto _ : state) {
    search.search.ready_top_down(workload.top_down_levels[level - 1].frontier_edges);
    const auto start = std::chrono::steady_clock::now();
    const StepCounts counts = top_down_step(*workload.view, search.search);
    state.SetIterationTime(seconds_since(start));
    edges_examined += counts.edges_examined;
    discovered = counts.discovered_vertices;
    if (search.search.next_queue.overflowed()) {
      forget(search.search.next_bitmap.bits, search.search.visited, search.parent);
    } else {
      forget(search.search.next_queue, search.search.visited, search.parent);
    }
  }
  report(state, workload, level, edges_examined, discovered, parent_before, search.parent);
}

void benchmark_bottom_up_step(benchmark::State& state, const Workload& workload, int level) {
  LevelState search(workload, level);
  if (!check_level(state, workload, level, search)) return;
  const std::vector<VertexId> parent_before = search.parent;
  if (!search.search.frontier_in_bitmap) {
    queue_to_bitmap(workload.graph->layout(), search.search.current_queue, search.search.current_bitmap);
  }
  std::int64_t edges_examined = 0;
  std::int64_t discovered = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const StepCounts counts = bottom_up_step(*workload.view, search.search);
    state.SetIterationTime(seconds_since(start));
    edges_examined += counts.edges_examined;
    discovered = counts.discovered_vertices;
    forget(search.search.next_bitmap.bits, search.search.visited, search.parent);
  }
  report(state, workload, level, edges_examined, discovered, parent_before, search.parent);
}

// The whole hybrid search, for reference: what the steps add up to with conversions and the policy.
void benchmark_hybrid_search(benchmark::State& state, const Workload& workload) {
  BfsEngine engine(*workload.graph, BfsOptions{});
  std::vector<VertexId> parent(static_cast<std::size_t>(workload.graph->num_vertices()));
  std::int64_t edges_examined = 0;
  std::int64_t reached = 0;
  for (auto _ : state) {
    const std::vector<LevelStats> levels = engine.run(workload.root, parent);
    reached = 1;
    for (const LevelStats& level : levels) {
      edges_examined += level.edges_examined;
      reached += level.discovered_vertices;
    }
  }
  state.counters["levels"] = static_cast<double>(workload.hybrid_levels.size());
  state.counters["reached"] = static_cast<double>(reached);
  state.counters["edges_examined"] = benchmark::Counter(static_cast<double>(edges_examined),
                                                        benchmark::Counter::kIsRate);
}

std::string frontier_sizes(const Workload& workload) {
  std::string text;
  for (const LevelStats& level : workload.top_down_levels) {
    const bool bottom_up = level.level <= static_cast<int>(workload.hybrid_levels.size()) &&
                           workload.hybrid_levels[level.level - 1].bottom_up;
    if (!text.empty()) text += ' ';
    text += std::to_string(level.frontier_vertices);
    if (bottom_up) text += "(bu)";
  }
  return text;
}

// Stable names, so runs at one SCALE compare; the level and frontier size are counters.
void register_benchmarks(const Workload& workload) {
  benchmark::AddCustomContext("semibfs_scale", std::to_string(workload.scale));
  benchmark::AddCustomContext("semibfs_root", std::to_string(workload.root));
  benchmark::AddCustomContext("semibfs_omp_threads", std::to_string(omp_get_max_threads()));
  benchmark::AddCustomContext("semibfs_frontiers_per_level", frontier_sizes(workload));

  const int early = std::min<int>(2, static_cast<int>(workload.top_down_levels.size()));
  const int largest = largest_frontier_level(workload);
  const int switch_level = first_bottom_up_level(workload);
  const auto add_step = [&workload](const char* name, auto function, int level) {
    benchmark::RegisterBenchmark(name, [&workload, function, level](benchmark::State& state) {
      function(state, workload, level);
    })->UseManualTime()->Unit(benchmark::kMicrosecond);
  };
  add_step("top_down_step/early", benchmark_top_down_step, early);
  add_step("top_down_step/largest", benchmark_top_down_step, largest);
  if (switch_level > 0) add_step("bottom_up_step/switch", benchmark_bottom_up_step, switch_level);
  add_step("bottom_up_step/largest", benchmark_bottom_up_step, largest);
  benchmark::RegisterBenchmark("bfs_engine_run/hybrid", [&workload](benchmark::State& state) {
    benchmark_hybrid_search(state, workload);
  })->UseRealTime()->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  try {
    const semibfs::Workload workload = semibfs::make_workload(semibfs::micro_scale());
    semibfs::register_benchmarks(workload);
    benchmark::RunSpecifiedBenchmarks();
  } catch (const semibfs::Error& error) {
    std::cerr << "semibfs_micro: " << error.what() << '\n';
    return 1;
  }
  benchmark::Shutdown();
  return 0;
}
