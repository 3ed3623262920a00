// The frontier summary (Cui et al. Sec. III-C): built exactly as the OR of each group, by the
// queue conversion and by the bottom-up step, and never changing what the step finds.
#include "bfs/frontier_summary.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "../graph/test_graphs.hpp"
#include "bfs/bottom_up_step.hpp"
#include "bfs/frontier_conversion.hpp"
#include "core/error.hpp"
#include "graph/csr_graph.hpp"

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

TEST(FrontierSummaryTest, QueueConversionBuildsTheSummaryOfTheBitmap) {
  const ScopedThreadCount threads(2);
  const std::int64_t num_vertices = 50000;  // over the conversion's parallel threshold
  const std::vector<NeighborId> queue = sparse_vertices(num_vertices, 700, 5);
  for (const int group_bits : kGroupSizes) {
    SummarizedBitmap summarized(num_vertices, group_bits);
    for (std::int64_t vertex = 0; vertex < num_vertices; vertex += group_bits) {
      summarized.summary.mark_vertex(vertex);  // stale content the conversion must clear
    }
    queue_to_bitmap(queue, summarized);
    Bitmap plain(num_vertices);
    queue_to_bitmap(queue, plain);
    for (std::int64_t word = 0; word < plain.num_words(); ++word) {
      ASSERT_EQ(summarized.bits.word(word), plain.word(word)) << "word " << word;
    }
    const std::vector<bool> expected = expected_summary(plain, group_bits);
    EXPECT_EQ(summary_groups(summarized.summary), expected) << group_bits << " bits per group";
    EXPECT_NE(std::count(expected.begin(), expected.end(), false), 0) << "some groups should be empty";
  }
}

// The same step with and without the summary: same parents, same counts, same next frontier,
// and the next summary is the OR of each group of the next frontier.
class SummarizedBottomUpStep : public ::testing::TestWithParam<int> {};

TEST_P(SummarizedBottomUpStep, FindsWhatThePlainStepFinds) {
  const ScopedThreadCount threads(GetParam());
  const std::int64_t num_vertices = 1 << 14;
  const CsrGraph graph = build_csr(make_skewed_random_edge_list(num_vertices, 4, 9));
  const std::vector<NeighborId> frontier_vertices = sparse_vertices(num_vertices, 300, 3);
  const std::vector<NeighborId> other_visited = sparse_vertices(num_vertices, 5, 4);
  for (const int group_bits : kGroupSizes) {
    SCOPED_TRACE(std::to_string(group_bits) + " bits per group");
    Bitmap visited(num_vertices);
    for (const NeighborId vertex : other_visited) visited.set(vertex);
    // The upper half visited: its groups of the next frontier stay empty.
    for (std::int64_t vertex = num_vertices / 2; vertex < num_vertices; ++vertex) visited.set(vertex);
    for (const NeighborId vertex : frontier_vertices) visited.set(vertex);
    Bitmap plain_visited = visited;
    std::vector<VertexId> plain_parent(num_vertices, kUnreached);
    std::vector<VertexId> parent(num_vertices, kUnreached);

    Bitmap plain_frontier(num_vertices);
    queue_to_bitmap(frontier_vertices, plain_frontier);
    Bitmap plain_next(num_vertices);
    const StepCounts plain = bottom_up_step(graph, plain_frontier, plain_next, plain_visited, plain_parent);

    SummarizedBitmap frontier(num_vertices, group_bits);
    queue_to_bitmap(frontier_vertices, frontier);
    SummarizedBitmap next(num_vertices, group_bits);
    for (std::int64_t vertex = 0; vertex < num_vertices; vertex += group_bits) {
      next.summary.mark_vertex(vertex);  // stale content the step must clear
    }
    const StepCounts counts = bottom_up_step(graph, frontier, next, visited, parent);

    EXPECT_GT(plain.discovered_vertices, 0);
    EXPECT_EQ(counts.discovered_vertices, plain.discovered_vertices);
    EXPECT_EQ(counts.edges_examined, plain.edges_examined);
    EXPECT_EQ(counts.discovered_edges, plain.discovered_edges);
    EXPECT_EQ(counts.early_exits, plain.early_exits);
    EXPECT_EQ(parent, plain_parent);
    for (std::int64_t word = 0; word < visited.num_words(); ++word) {
      ASSERT_EQ(next.bits.word(word), plain_next.word(word)) << "word " << word;
      ASSERT_EQ(visited.word(word), plain_visited.word(word)) << "word " << word;
    }
    const std::vector<bool> expected = expected_summary(plain_next, group_bits);
    EXPECT_EQ(summary_groups(next.summary), expected);
    EXPECT_NE(std::count(expected.begin(), expected.end(), false), 0) << "some groups should be empty";
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, SummarizedBottomUpStep, ::testing::Values(1, 2));

TEST(SummarizedBottomUpStepTest, RejectsSummariesOfDifferentSizes) {
  const CsrGraph graph = build_csr(make_skewed_random_edge_list(256, 4, 1));
  SummarizedBitmap frontier(256, 64);
  SummarizedBitmap next(256, 128);
  Bitmap visited(256);
  std::vector<VertexId> parent(256, kUnreached);
  EXPECT_THROW(bottom_up_step(graph, frontier, next, visited, parent), Error);
}

}  // namespace
}  // namespace semibfs
