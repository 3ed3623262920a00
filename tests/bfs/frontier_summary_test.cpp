// The frontier summary (Cui et al. Sec. III-C): built exactly as the OR of each group, by the
// queue conversion and by the bottom-up step, and never changing what the step finds.
#include "bfs/frontier_summary.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <tuple>
#include <random>
#include <string>
#include <vector>

#include "support/test_graphs.hpp"
#include "bfs/bottom_up_step.hpp"
#include "bfs/frontier_conversion.hpp"
#include "core/error.hpp"
#include "bfs/search_state.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

using semibfs::testing::make_skewed_random_edge_list;
using semibfs::testing::ScopedThreadCount;

constexpr int kGroupSizes[] = {64, 128, 256, 512, 1024};

// The summary as it should be, from the frontier bits alone.
std::vector<bool> expected_summary(const Bitmap& frontier, int group_bits) {
  std::vector<bool> groups((frontier.num_bits() + group_bits - 1) / group_bits, false);
  for (std::int64_t bit = 0; bit < frontier.num_bits(); ++bit) {
    if (frontier.test(bit)) groups[bit / group_bits] = true;
  }
  return groups;
}

std::vector<bool> summary_groups(const FrontierSummary& summary) {
  std::vector<bool> groups(summary.bits().num_bits());
  for (std::size_t group = 0; group < groups.size(); ++group) groups[group] = summary.bits().test(group);
  return groups;
}

// About one vertex in `spread` of [0, num_vertices), so that many groups stay empty.
std::vector<NeighborId> sparse_vertices(std::int64_t num_vertices, int spread, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<NeighborId> vertices;
  for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
    if (random() % spread == 0) vertices.push_back(static_cast<NeighborId>(vertex));
  }
  return vertices;
}

TEST(FrontierSummaryTest, MarksTheGroupOfEachVertex) {
  FrontierSummary summary(1000, 128);
  EXPECT_TRUE(summary.enabled());
  EXPECT_EQ(summary.group_bits(), 128);
  EXPECT_EQ(summary.bits().num_bits(), 8);  // 1000 / 128 rounded up
  summary.mark_vertex(127);
  summary.mark_word(5);  // frontier bits 320..383: group 2
  summary.mark_vertex(999);
  EXPECT_EQ(summary_groups(summary), (std::vector<bool>{true, false, true, false, false, false, false, true}));
  EXPECT_TRUE(summary.may_contain(0));
  EXPECT_FALSE(summary.may_contain(128));
  EXPECT_TRUE(summary.may_contain(256));
  summary.clear();
  EXPECT_FALSE(summary.may_contain(0));
}

TEST(FrontierSummaryTest, ZeroDisablesAndOtherSizesMustBeWholeWordPowersOfTwo) {
  EXPECT_FALSE(FrontierSummary(1000, 0).enabled());
  EXPECT_EQ(FrontierSummary(1000, 0).group_bits(), 0);
  for (const int bad : {-64, 1, 32, 96, 100}) EXPECT_THROW(FrontierSummary(1000, bad), Error) << bad;
}

// Each vertex into its own partition's queue, as a top-down step leaves them.
void fill_queue(const PartitionLayout& layout, const std::vector<NeighborId>& vertices, PartitionedQueue& queue) {
  queue.clear();
  for (const NeighborId vertex : vertices) queue.part(layout.partition_of(vertex)).push_back(vertex);
}

class FrontierConversionTest : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(FrontierConversionTest, QueueToBitmapBuildsTheSummaryAndBitmapToQueueInvertsIt) {
  const ScopedThreadCount threads(std::get<1>(GetParam()));
  const std::int64_t num_vertices = 50000;  // over the conversion's parallel threshold
  const PartitionLayout layout(num_vertices, std::get<0>(GetParam()));
  const std::vector<NeighborId> vertices = sparse_vertices(num_vertices, 700, 5);
  PartitionedQueue queue(layout, num_vertices);
  fill_queue(layout, vertices, queue);
  for (const int group_bits : kGroupSizes) {
    SummarizedBitmap summarized(num_vertices, group_bits);
    for (std::int64_t vertex = 0; vertex < num_vertices; vertex += group_bits) {
      summarized.summary.mark_vertex(vertex);  // stale content the conversion must clear
      summarized.bits.set(vertex);
    }
    queue_to_bitmap(layout, queue, summarized);
    Bitmap plain(num_vertices);
    for (const NeighborId vertex : vertices) plain.set(vertex);
    for (std::int64_t word = 0; word < plain.num_words(); ++word) {
      ASSERT_EQ(summarized.bits.word(word), plain.word(word)) << "word " << word;
    }
    const std::vector<bool> expected = expected_summary(plain, group_bits);
    EXPECT_EQ(summary_groups(summarized.summary), expected) << group_bits << " bits per group";
    EXPECT_NE(std::count(expected.begin(), expected.end(), false), 0) << "some groups should be empty";

    PartitionedQueue back(layout, num_vertices);
    bitmap_to_queue(layout, summarized.bits, back);
    std::vector<NeighborId> round_trip;
    for (int k = 0; k < layout.count(); ++k) {
      for (std::int64_t index = 0; index < back.part(k).size(); ++index) {
        EXPECT_TRUE(layout.range(k).contains(back.part(k)[index])) << "vertex in partition " << k;
        round_trip.push_back(back.part(k)[index]);
      }
    }
    std::sort(round_trip.begin(), round_trip.end());
    EXPECT_EQ(round_trip, vertices);
  }
}

INSTANTIATE_TEST_SUITE_P(PartitionsAndThreads, FrontierConversionTest,
                         ::testing::Combine(::testing::Values(1, 2, 3, 4), ::testing::Values(1, 2)));

// The same step with and without the summary: same parents, same counts, same next frontier,
// and the next summary is the OR of each group of the next frontier.
class SummarizedBottomUpStep : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(SummarizedBottomUpStep, FindsWhatThePlainStepFinds) {
  const ScopedThreadCount threads(std::get<1>(GetParam()));
  const std::int64_t num_vertices = 1 << 14;
  const PartitionedGraph graph(build_csr(make_skewed_random_edge_list(num_vertices, 4, 9)), std::get<0>(GetParam()));
  const PartitionLayout& layout = graph.layout();
  const std::vector<NeighborId> frontier_vertices = sparse_vertices(num_vertices, 300, 3);
  const std::vector<NeighborId> other_visited = sparse_vertices(num_vertices, 5, 4);

  // One state per summary size, each set up with the same visited vertices and frontier.
  auto run_step = [&](int group_bits, std::vector<VertexId>& parent, StepCounts& counts) {
    auto state = std::make_unique<SearchState>(layout, group_bits);
    state->parent = ParentSlots(std::span<VertexId>(parent));
    for (const NeighborId vertex : other_visited) state->visited.set(vertex);
    // The upper half visited: its groups of the next frontier stay empty.
    for (std::int64_t vertex = num_vertices / 2; vertex < num_vertices; ++vertex) state->visited.set(vertex);
    for (const NeighborId vertex : frontier_vertices) state->visited.set(vertex);
    fill_queue(layout, frontier_vertices, state->current_queue);
    queue_to_bitmap(layout, state->current_queue, state->current_bitmap);
    for (std::int64_t vertex = 0; group_bits > 0 && vertex < num_vertices; vertex += group_bits) {
      state->next_bitmap.summary.mark_vertex(vertex);  // stale content the step must clear
    }
    counts = bottom_up_step(TieredGraph::all_in_dram(graph), *state);
    return state;
  };
  std::vector<VertexId> plain_parent(num_vertices, kUnreached);
  StepCounts plain;
  const auto plain_state = run_step(0, plain_parent, plain);
  for (const int group_bits : kGroupSizes) {
    SCOPED_TRACE(std::to_string(group_bits) + " bits per group");
    std::vector<VertexId> parent(num_vertices, kUnreached);
    StepCounts counts;
    const auto state = run_step(group_bits, parent, counts);
    EXPECT_GT(plain.discovered_vertices, 0);
    EXPECT_EQ(counts.discovered_vertices, plain.discovered_vertices);
    EXPECT_EQ(counts.edges_examined, plain.edges_examined);
    EXPECT_EQ(counts.discovered_edges, plain.discovered_edges);
    EXPECT_EQ(counts.early_exits, plain.early_exits);
    EXPECT_EQ(parent, plain_parent);
    for (std::int64_t word = 0; word < state->visited.num_words(); ++word) {
      ASSERT_EQ(state->next_bitmap.bits.word(word), plain_state->next_bitmap.bits.word(word)) << "word " << word;
      ASSERT_EQ(state->visited.word(word), plain_state->visited.word(word)) << "word " << word;
    }
    const std::vector<bool> expected = expected_summary(plain_state->next_bitmap.bits, group_bits);
    EXPECT_EQ(summary_groups(state->next_bitmap.summary), expected);
    EXPECT_NE(std::count(expected.begin(), expected.end(), false), 0) << "some groups should be empty";
  }
}

INSTANTIATE_TEST_SUITE_P(PartitionsAndThreads, SummarizedBottomUpStep,
                         ::testing::Combine(::testing::Values(1, 2, 3), ::testing::Values(1, 2)));

TEST(SummarizedBottomUpStepTest, RejectsSummariesOfDifferentSizes) {
  const PartitionedGraph graph(build_csr(make_skewed_random_edge_list(256, 4, 1)), 1);
  SearchState state(graph.layout(), 64);
  state.next_bitmap = SummarizedBitmap(256, 128);
  std::vector<VertexId> parent(256, kUnreached);
  state.parent = ParentSlots(std::span<VertexId>(parent));
  EXPECT_THROW(bottom_up_step(TieredGraph::all_in_dram(graph), state), Error);
}

}  // namespace
}  // namespace semibfs
