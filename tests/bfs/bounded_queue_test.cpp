// Frontier queues of bounded capacity: a frontier that outgrows them is held as a bitmap, expanded
// top-down from it, and converted back only when it fits. With queues of a few entries every
// policy must still give a tree that the Graph500 validator accepts, with the levels of a plain
// serial BFS (in the tree and as the engine records them), on a Kronecker graph and on graphs of
// many levels (a path, a grid).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "bfs/bfs.hpp"
#include "bfs/frontier_queue.hpp"
#include "bfs/parent_claim.hpp"
#include "bfs/search_state.hpp"
#include "bfs/top_down_step.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "policy_options.hpp"
#include "support/serial_bfs.hpp"
#include "support/test_graphs.hpp"
#include "tiered/tiered_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

using semibfs::testing::make_edge_list;
using semibfs::testing::policy_options;
using semibfs::testing::ScopedThreadCount;
using semibfs::testing::SerialBfs;

TEST(FrontierQueueTest, KeepsThePrefixThatFitsAndDropsTheRest) {
  FrontierQueue queue(5);
  const std::vector<NeighborId> first = {1, 2, 3};
  const std::vector<NeighborId> second = {4, 5, 6, 7};
  EXPECT_EQ(queue.append(first), 3);
  EXPECT_FALSE(queue.overflowed());
  EXPECT_EQ(queue.append(second), 2);
  EXPECT_TRUE(queue.overflowed());
  EXPECT_EQ(queue.append(first), 0) << "once full, later appends keep nothing";
  EXPECT_EQ(queue.size(), 5);
  EXPECT_EQ(std::vector<NeighborId>(queue.vertices().begin(), queue.vertices().end()),
            (std::vector<NeighborId>{1, 2, 3, 4, 5}));
  queue.clear();
  EXPECT_FALSE(queue.overflowed());
  EXPECT_TRUE(queue.push_back(9));
  EXPECT_EQ(queue.size(), 1);
  EXPECT_FALSE(FrontierQueue(0).push_back(9));
}

TEST(FrontierQueueTest, ABufferKeepsWhatItsQueueHasRoomFor) {
  FrontierQueue queue(1000);
  {
    LocalQueueBuffer buffer(queue);
    for (NeighborId vertex = 0; vertex < 5000; ++vertex) buffer.push(vertex);
  }
  EXPECT_EQ(queue.size(), 1000);
  EXPECT_TRUE(queue.overflowed());
  for (std::int64_t index = 0; index < 1000; ++index) ASSERT_EQ(queue[index], index);
}

TEST(PartitionedQueueTest, EntriesAreSharedInProportionToThePartitions) {
  for (const std::int64_t entries : {0, 1, 7, 64, 1000}) {
    for (const int partitions : {1, 2, 3, 5}) {
      const PartitionedQueue queue(PartitionLayout(1000, partitions), entries);
      EXPECT_EQ(queue.capacity(), entries) << entries << " entries, " << partitions << " partitions";
      EXPECT_EQ(queue.bytes(), entries * 4);
    }
  }
  EXPECT_EQ(default_queue_entries(100), 100) << "never more entries than vertices";
  EXPECT_EQ(default_queue_entries(5000), kMinQueueEntries);
  EXPECT_EQ(default_queue_entries(std::int64_t{1} << 20), (std::int64_t{1} << 20) / kVerticesPerQueueEntry);
}

// The BFS status holds well under one byte per vertex of queues; the planner's figure follows.
TEST(SearchStateBytes, QueuesTakeAQuarterByteAVertex) {
  const std::int64_t vertices = std::int64_t{1} << 20;
  const std::int64_t bitmaps = 3 * vertices / 8;
  EXPECT_EQ(SearchState::bytes_for(vertices, 0), bitmaps + vertices / 4);
}

// Each vertex's depth in the tree the parents form (-1 when unreached); the validator has checked
// that they form one.
std::vector<int> tree_levels(const std::vector<VertexId>& parent, VertexId root) {
  std::vector<int> level(parent.size(), -1);
  level[root] = 0;
  for (VertexId vertex = 0; vertex < static_cast<VertexId>(parent.size()); ++vertex) {
    std::vector<VertexId> path;
    VertexId at = vertex;
    while (parent[at] != kUnreached && level[at] < 0) {
      path.push_back(at);
      at = parent[at];
    }
    if (parent[at] == kUnreached) continue;
    for (auto it = path.rbegin(); it != path.rend(); ++it) level[*it] = level[parent[*it]] + 1;
  }
  return level;
}

// Per level, the frontier and the vertices found are those of the serial BFS's depths, and the
// frontier's edges their degree sum, whichever form the engine held them in.
void expect_levels_of_serial_bfs(const std::vector<LevelStats>& levels, const std::vector<int>& depth,
                                 const SerialBfs& serial) {
  const int deepest = *std::max_element(depth.begin(), depth.end());
  ASSERT_EQ(static_cast<int>(levels.size()), deepest + 1);
  std::vector<std::int64_t> vertices(deepest + 2, 0);
  std::vector<std::int64_t> edges(deepest + 2, 0);
  for (VertexId vertex = 0; vertex < static_cast<VertexId>(depth.size()); ++vertex) {
    if (depth[vertex] < 0) continue;
    ++vertices[depth[vertex]];
    edges[depth[vertex]] += serial.degree(vertex);
  }
  for (const LevelStats& level : levels) {  // the first wrong level only: a path has thousands
    const std::int64_t examined = level.bottom_up ? level.edges_examined : edges[level.level - 1];
    if (level.frontier_vertices != vertices[level.level - 1] || level.frontier_edges != edges[level.level - 1] ||
        level.discovered_vertices != vertices[level.level] || level.edges_examined != examined) {
      ADD_FAILURE() << "level " << level.level << ": frontier " << level.frontier_vertices << " vertices and "
                    << level.frontier_edges << " edges (expected " << vertices[level.level - 1] << " and "
                    << edges[level.level - 1] << "), found " << level.discovered_vertices << " (expected "
                    << vertices[level.level] << "), examined " << level.edges_examined;
      return;
    }
  }
}

// A path through all vertices in a shuffled order, so that each level's vertex lands in any partition.
EdgeList shuffled_path(std::int64_t num_vertices) {
  std::vector<VertexId> order(num_vertices);
  std::iota(order.begin(), order.end(), VertexId{0});
  std::shuffle(order.begin(), order.end(), std::mt19937_64(11));
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (std::int64_t index = 1; index < num_vertices; ++index) pairs.emplace_back(order[index - 1], order[index]);
  return make_edge_list(num_vertices, pairs);
}

// A rows x columns grid, row-major ids: diagonal frontiers of up to min(rows, columns) vertices.
EdgeList grid(std::int64_t rows, std::int64_t columns) {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (std::int64_t row = 0; row < rows; ++row) {
    for (std::int64_t column = 0; column < columns; ++column) {
      const VertexId vertex = row * columns + column;
      if (column + 1 < columns) pairs.emplace_back(vertex, vertex + 1);
      if (row + 1 < rows) pairs.emplace_back(vertex, vertex + columns);
    }
  }
  return make_edge_list(rows * columns, pairs);
}

struct TestGraph {
  std::string name;
  EdgeList edges;
  std::vector<VertexId> roots;
};

TestGraph make_graph(const std::string& name) {
  if (name == "Kronecker") {
    KroneckerParams params;
    params.scale = 11;
    EdgeList edges = generate_kronecker(params, false);
    const CompactEdge first = edges.edges.front();
    return {name, std::move(edges), {first.v0(), first.v1(), 7}};
  }
  if (name == "Path") return {name, shuffled_path(2000), {0, 1000}};
  return {name, grid(40, 75), {0, 40 * 75 / 2 + 37}};
}

struct Mode {
  std::string name;
  BfsOptions options;
};

std::vector<Mode> modes() {
  std::vector<Mode> modes = {
      {"TopDown", policy_options(PolicyKind::kTopDown)},
      {"BottomUp", policy_options(PolicyKind::kBottomUp)},
      {"AlphaBeta", policy_options(PolicyKind::kAlphaBeta)},
      // Frontier over n/1e12 switches to bottom-up, under n/1e-12 back: switches at every turn.
      {"AlphaBetaEager", policy_options(PolicyKind::kAlphaBeta, 1e12, 1e-12)},
      {"Beamer", policy_options(PolicyKind::kBeamer)},
      {"BeamerEager", policy_options(PolicyKind::kBeamer, 1e12, 1e-12)},
  };
  for (std::size_t index = 1, count = modes.size(); index < count; ++index) {
    Mode summarized = modes[index];  // the summary must be right after a top-down step overflowed
    summarized.name += "Summary64";
    summarized.options.summary_bits = 64;
    modes.push_back(summarized);
  }
  return modes;
}

// Graph, partitions, threads.
class BoundedQueueBfsTest : public ::testing::TestWithParam<std::tuple<std::string, int, int>> {};

TEST_P(BoundedQueueBfsTest, EverySearchValidatesWithTheSerialLevels) {
  const auto& [graph_name, partitions, threads] = GetParam();
  const ScopedThreadCount thread_count(threads);
  const TestGraph test_graph = make_graph(graph_name);
  const SerialBfs serial(test_graph.edges);
  const Validator validator(test_graph.edges);
  const PartitionedGraph graph(build_csr(test_graph.edges), partitions);
  std::vector<VertexId> parent(test_graph.edges.num_vertices);
  std::vector<std::int64_t> level(test_graph.edges.num_vertices);
  for (const std::optional<std::int64_t> entries : {std::optional<std::int64_t>{}, {0}, {1}, {7}, {64}}) {
    for (const Mode& mode : modes()) {
      SCOPED_TRACE(mode.name + ", queue entries " + (entries ? std::to_string(*entries) : "default"));
      BfsOptions options = mode.options;
      options.queue_entries = entries;
      BfsEngine engine(graph, options);
      for (const VertexId root : test_graph.roots) {
        SCOPED_TRACE("root " + std::to_string(root));
        // Levels recorded from every frontier form (queues, overflowed queues, bitmaps).
        level.assign(level.size(), 77);
        const std::vector<LevelStats> levels = engine.run(root, parent, level);
        const ValidationReport report = validator.validate(root, parent);
        ASSERT_TRUE(report.ok()) << report.failures.front().message;
        const std::vector<int> depth = serial.levels(root);
        ASSERT_EQ(tree_levels(parent, root), depth);
        ASSERT_EQ(level, std::vector<std::int64_t>(depth.begin(), depth.end()));
        expect_levels_of_serial_bfs(levels, depth, serial);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(GraphsPartitionsAndThreads, BoundedQueueBfsTest,
                         ::testing::Combine(::testing::Values("Kronecker", "Path", "Grid"), ::testing::Values(1, 2, 3),
                                            ::testing::Values(1, 2)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "P" + std::to_string(std::get<1>(info.param)) + "T" +
                                  std::to_string(std::get<2>(info.param));
                         });

// One top-down step from the root of a Kronecker graph overflows queues of 7 entries: the next
// frontier is the bitmap of exactly the vertices found, with its summary; a second step from that
// bitmap finds what the same step from queues finds.
class OverflowingStepTest : public ::testing::TestWithParam<std::tuple<int, int>> {};

std::vector<VertexId> reached(const std::vector<VertexId>& parent) {
  std::vector<VertexId> vertices;
  for (VertexId vertex = 0; vertex < static_cast<VertexId>(parent.size()); ++vertex) {
    if (parent[vertex] != kUnreached) vertices.push_back(vertex);
  }
  return vertices;
}

TEST_P(OverflowingStepTest, TheNextFrontierIsTheBitmapOfTheVerticesFound) {
  const ScopedThreadCount thread_count(std::get<1>(GetParam()));
  KroneckerParams params;
  params.scale = 12;
  const PartitionedGraph graph(build_csr(generate_kronecker(params, false)), std::get<0>(GetParam()));
  const TieredGraph tiered = TieredGraph::all_in_dram(graph);
  VertexId root = 0;
  for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
    if (graph.degree(vertex) > graph.degree(root)) root = vertex;
  }
  std::vector<VertexId> bounded_parent(graph.num_vertices());
  std::vector<VertexId> queued_parent(graph.num_vertices());
  SearchState bounded(graph.layout(), 64, 7);
  SearchState queued(graph.layout(), 64, graph.num_vertices());  // room for any frontier
  bounded.start(graph.isolated(), root, ParentSlots(std::span<VertexId>(bounded_parent)));
  queued.start(graph.isolated(), root, ParentSlots(std::span<VertexId>(queued_parent)));
  for (int step = 1; step <= 2; ++step) {
    SCOPED_TRACE("step " + std::to_string(step));
    bounded.ready_top_down(graph.num_adjacencies());  // a bound on any frontier's edges
    queued.ready_top_down(graph.num_adjacencies());
    const StepCounts bounded_counts = top_down_step(tiered, bounded);
    const StepCounts queued_counts = top_down_step(tiered, queued);
    ASSERT_TRUE(bounded.next_queue.overflowed());
    ASSERT_FALSE(queued.next_queue.overflowed());
    EXPECT_EQ(bounded_counts.discovered_vertices, queued_counts.discovered_vertices);
    EXPECT_EQ(bounded_counts.discovered_edges, queued_counts.discovered_edges);
    EXPECT_EQ(bounded_counts.edges_examined, queued_counts.edges_examined);
    ASSERT_EQ(reached(bounded_parent), reached(queued_parent));
    std::vector<VertexId> in_bitmap;
    std::vector<VertexId> wrong_summary;
    for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
      if (bounded.next_bitmap.bits.test(vertex)) in_bitmap.push_back(vertex);
      const bool group_set = bounded.next_bitmap.bits.word(vertex / 64) != 0;  // a group of 64 bits is a word
      if (bounded.next_bitmap.summary.may_contain(vertex) != group_set) wrong_summary.push_back(vertex);
    }
    EXPECT_TRUE(wrong_summary.empty()) << wrong_summary.size() << " vertices, the first " << wrong_summary.front();
    std::vector<VertexId> in_queue;
    for (int k = 0; k < graph.num_partitions(); ++k) {
      for (const NeighborId vertex : queued.next_queue.part(k).vertices()) in_queue.push_back(vertex);
    }
    std::sort(in_queue.begin(), in_queue.end());
    EXPECT_EQ(in_bitmap, in_queue);
    EXPECT_EQ(static_cast<std::int64_t>(in_bitmap.size()), bounded_counts.discovered_vertices);
    bounded.take_top_down_frontier();
    ASSERT_TRUE(bounded.frontier_in_bitmap);
    queued.take_top_down_frontier();
    ASSERT_FALSE(queued.frontier_in_bitmap);
  }
}

INSTANTIATE_TEST_SUITE_P(PartitionsAndThreads, OverflowingStepTest,
                         ::testing::Combine(::testing::Values(1, 2, 3), ::testing::Values(1, 2)));

}  // namespace
}  // namespace semibfs
