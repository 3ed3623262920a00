// The validator's own lists hold exactly the entries of a plain sequential bucketing of the tuples,
// each list in tuple order: duplicates kept, self-loops left out, both endpoints' lists undirected
// and the target's only directed, whatever the threads, the chunks and the blocks of the sort.
#include "validate/validation_lists.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "core/graph_direction.hpp"
#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"
#include "support/thread_count.hpp"

namespace validate_test {
namespace {

using semibfs::CompactEdge;
using semibfs::EdgeList;
using semibfs::GraphDirection;
using semibfs::InMemoryEdgeSource;
using semibfs::ValidationLists;
using semibfs::testing::ThreadCount;

// Random tuples with a share of self-loops and of repeated tuples.
EdgeList random_tuples(std::int64_t num_vertices, std::int64_t num_tuples, unsigned seed) {
  EdgeList list;
  list.num_vertices = num_vertices;
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::int64_t> vertex(0, num_vertices - 1);
  for (std::int64_t i = 0; i < num_tuples; ++i) {
    const std::int64_t v0 = vertex(random);
    if (i % 11 == 5) {
      list.edges.push_back(CompactEdge::make(v0, v0));
    } else if (i % 7 == 3 && !list.edges.empty()) {
      list.edges.push_back(list.edges[static_cast<std::size_t>(vertex(random)) % list.edges.size()]);
    } else {
      list.edges.push_back(CompactEdge::make(v0, vertex(random)));
    }
  }
  return list;
}

std::vector<std::vector<std::uint32_t>> sequential_lists(const EdgeList& list, GraphDirection direction) {
  std::vector<std::vector<std::uint32_t>> lists(static_cast<std::size_t>(list.num_vertices));
  for (const CompactEdge& tuple : list.edges) {
    if (tuple.v0() == tuple.v1()) continue;
    lists[static_cast<std::size_t>(tuple.v1())].push_back(static_cast<std::uint32_t>(tuple.v0()));
    if (direction == GraphDirection::kUndirected) {
      lists[static_cast<std::size_t>(tuple.v0())].push_back(static_cast<std::uint32_t>(tuple.v1()));
    }
  }
  return lists;
}

void expect_lists_of(const EdgeList& list, GraphDirection direction, std::int64_t chunk_edges) {
  const InMemoryEdgeSource edges(list, chunk_edges);
  const ValidationLists lists(edges, direction);
  const std::vector<std::vector<std::uint32_t>> expected = sequential_lists(list, direction);
  ASSERT_EQ(lists.num_vertices(), list.num_vertices);
  EXPECT_EQ(lists.direction(), direction);
  std::int64_t entries = 0;
  for (std::int64_t v = 0; v < list.num_vertices; ++v) {
    const auto of = lists.of(v);
    ASSERT_EQ(std::vector<std::uint32_t>(of.begin(), of.end()), expected[static_cast<std::size_t>(v)]) << "vertex " << v;
    entries += static_cast<std::int64_t>(of.size());
  }
  EXPECT_EQ(lists.bytes(), (list.num_vertices + 1) * 8 + entries * 4);
  EXPECT_LE(lists.bytes(), ValidationLists::bytes_for(edges, direction));
}

// threads, direction, vertices (a power of two or not, more than the buckets or fewer), chunk edges
// (0: the whole list in one).
class ListsEqualASequentialBucketing
    : public ::testing::TestWithParam<std::tuple<int, GraphDirection, std::int64_t, std::int64_t>> {};

TEST_P(ListsEqualASequentialBucketing, WithDuplicatesAndSelfLoops) {
  const auto [threads, direction, num_vertices, chunk_edges] = GetParam();
  const ThreadCount thread_count(threads);
  expect_lists_of(random_tuples(num_vertices, num_vertices * 8 + 3, 41), direction, chunk_edges);
}

INSTANTIATE_TEST_SUITE_P(Cases, ListsEqualASequentialBucketing,
                         ::testing::Combine(::testing::Values(1, 2, 3),
                                            ::testing::Values(GraphDirection::kUndirected, GraphDirection::kDirected),
                                            ::testing::Values(std::int64_t{1}, std::int64_t{2}, std::int64_t{1000},
                                                              std::int64_t{4096}, std::int64_t{6001}),
                                            ::testing::Values(std::int64_t{0}, std::int64_t{777})));

// More tuples than one block of the sort stages at a time (2^21), over more vertices than buckets.
TEST(ValidationLists, ListsAcrossBlocksKeepTupleOrder) {
  const ThreadCount thread_count(2);
  const EdgeList list = random_tuples(70001, (std::int64_t{1} << 21) + 12345, 7);
  expect_lists_of(list, GraphDirection::kUndirected, 0);
  expect_lists_of(list, GraphDirection::kDirected, 0);
}

TEST(ValidationLists, NoTuplesGiveEmptyLists) {
  EdgeList list;
  list.num_vertices = 5;
  expect_lists_of(list, GraphDirection::kUndirected, 0);
}

}  // namespace
}  // namespace validate_test
