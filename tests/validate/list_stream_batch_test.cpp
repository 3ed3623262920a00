// Validation of kept searches from lists grouped by vertex, streamed (issue 41 item 2): every
// outcome is Validator's own report over the tuples (nedge with repeats and self-loops in the
// input included), a corruption in any column of a batch is caught, and lists that cannot be the
// input's pairs stop the validation instead of passing it.
#include "validate/list_stream_batch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "edges/vertex_list_source.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::BatchOutcome;
using semibfs::InMemoryEdgeSource;
using semibfs::InMemoryListSource;
using semibfs::LaneLevels;
using semibfs::ListStreamBatch;
using semibfs::ParentArray;
using semibfs::Validator;

// The input's pairs as a store holds them: each list ascending, without repeats or self-loops.
struct PairLists {
  std::vector<std::int64_t> offsets{0};
  std::vector<std::uint32_t> entries;
};

PairLists pair_lists_of(const Adjacency& adjacency) {
  PairLists lists;
  for (std::vector<VertexId> list : adjacency) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    for (const VertexId u : list) lists.entries.push_back(static_cast<std::uint32_t>(u));
    lists.offsets.push_back(std::ssize(lists.entries));
  }
  return lists;
}

ParentArray parent_array_of(const std::vector<VertexId>& tree) {
  ParentArray array;
  array.assign(std::ssize(tree));
  array.visit([&](auto entries) {
    for (std::size_t v = 0; v < tree.size(); ++v) entries[v] = static_cast<decltype(entries[0] + 0)>(tree[v]);
  });
  return array;
}

// The trees of a batch, by column, as a kept-trees file would give them back.
class TreesReader final : public semibfs::KeptParentReader {
 public:
  explicit TreesReader(const std::vector<std::vector<VertexId>>& trees) : trees_(trees) {}
  std::int64_t read_range(int column, VertexId first, std::span<VertexId> into) const override {
    const std::vector<VertexId>& tree = trees_[static_cast<std::size_t>(column)];
    std::copy_n(tree.begin() + first, into.size(), into.begin());
    return std::ssize(into) * 4;
  }
  void read(int column, ParentArray& parent) const override { parent = parent_array_of(trees_[static_cast<std::size_t>(column)]); }

 private:
  const std::vector<std::vector<VertexId>>& trees_;
};

struct Fixture {
  RandomGraph graph = random_graph(11, 5);
  Adjacency adjacency = adjacency_of(graph.edge_list);
  PairLists pairs = pair_lists_of(adjacency);
  InMemoryEdgeSource edges{graph.edge_list, 1000};
  Validator validator{edges};

  std::vector<VertexId> roots(std::size_t count) const {
    std::vector<VertexId> roots;
    for (std::size_t i = 0; roots.size() < count; ++i) {
      const std::vector<VertexId>& from = i % 4 == 3 ? graph.other_component : i % 9 == 8 ? graph.isolated : graph.main_component;
      roots.push_back(from[(i * 131) % from.size()]);
    }
    return roots;
  }
};

// One batch of all `trees`, each outcome compared with Validator's report alone.
std::vector<BatchOutcome> check_against_validator(const Fixture& fixture, const semibfs::VertexListSource& lists,
                                                  const std::vector<VertexId>& roots,
                                                  const std::vector<std::vector<VertexId>>& trees, LaneLevels levels,
                                                  int stage_lanes = 1) {
  ListStreamBatch batch(lists, fixture.edges, static_cast<int>(roots.size()), levels);
  EXPECT_EQ(batch.lane_levels(), levels);
  // Room for a stage of exactly `stage_lanes` lanes.
  const std::int64_t lane_bytes = fixture.edges.num_vertices() / (levels == LaneLevels::kNibbles ? 2 : 1);
  batch.stage_levels_within(stage_lanes == 1 ? lane_bytes : lane_bytes * stage_lanes);
  EXPECT_EQ(batch.staged_lanes(), stage_lanes);
  for (std::size_t i = 0; i < roots.size(); ++i) batch.keep(roots[i], parent_array_of(trees[i]));
  const std::vector<BatchOutcome> outcomes = batch.check(TreesReader(trees));
  EXPECT_EQ(outcomes.size(), roots.size());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    EXPECT_EQ(outcomes[i].root, roots[i]);
    const semibfs::ValidationReport alone = fixture.validator.validate(roots[i], trees[i]);
    EXPECT_TRUE(same_report(alone, outcomes[i].report)) << "search " << i << ": " << describe(outcomes[i].report);
    if (alone.ok()) {
      EXPECT_FALSE(outcomes[i].validated_alone) << "search " << i << ": a valid tree flagged";
    }
  }
  return outcomes;
}

// Capacity, threads, and levels in bytes or nibbles (lane c in the low nibble of byte c / 2 for
// even c, the high one for odd c).
class ListStreamBatchTest : public ::testing::TestWithParam<std::tuple<int, int, LaneLevels>> {
 protected:
  void SetUp() override {
    previous_threads_ = omp_get_max_threads();
    omp_set_num_threads(std::get<1>(GetParam()));
  }
  void TearDown() override { omp_set_num_threads(previous_threads_); }
  std::size_t capacity() const { return static_cast<std::size_t>(std::get<0>(GetParam())); }
  LaneLevels levels() const { return std::get<2>(GetParam()); }

 private:
  int previous_threads_ = 1;
};

// nedge counts the input's repeated tuples, which no list holds: it must still be Validator's.
TEST_P(ListStreamBatchTest, ValidTreesPassWithTheEdgeFileValidatorsNedge) {
  const Fixture fixture;
  const InMemoryListSource lists(fixture.pairs.offsets, fixture.pairs.entries, 100);  // block seams
  const std::vector<VertexId> roots = fixture.roots(capacity());
  std::vector<std::vector<VertexId>> trees;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    trees.push_back(i % 2 == 0 ? first_found_parents(fixture.adjacency, roots[i])
                               : highest_neighbor_parents(fixture.adjacency, roots[i]));
  }
  const std::vector<BatchOutcome> outcomes = check_against_validator(fixture, lists, roots, trees, levels());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    EXPECT_TRUE(outcomes[i].report.ok());
    EXPECT_EQ(outcomes[i].report.nedge, expected_nedge(fixture.graph.edge_list, trees[i])) << "search " << i;
  }
}

// Each corruption (a parent edge absent from the lists, a reached vertex whose neighbour is left
// unreached, a cycle, a level jump) in the first, a middle and the last column of a batch.
TEST_P(ListStreamBatchTest, ACorruptionInTheKthColumnIsCaught) {
  const Fixture fixture;
  const InMemoryListSource lists(fixture.pairs.offsets, fixture.pairs.entries, 100);
  const std::vector<TreeCorruption> corruptions = tree_corruptions(fixture.adjacency);
  for (std::size_t corruption = 0; corruption < corruptions.size(); ++corruption) {
    for (const std::size_t column : {std::size_t{0}, std::size_t{1}, capacity() / 2, capacity() - 1}) {
      SCOPED_TRACE("corruption " + std::to_string(corruption) + " in column " + std::to_string(column));
      std::vector<VertexId> roots = fixture.roots(capacity());
      roots[column] = fixture.graph.main_component[column % fixture.graph.main_component.size()];
      std::vector<std::vector<VertexId>> trees;
      for (const VertexId root : roots) trees.push_back(first_found_parents(fixture.adjacency, root));
      corruptions[corruption](trees[column], roots[column]);
      ASSERT_FALSE(fixture.validator.validate(roots[column], trees[column]).ok());
      const std::vector<BatchOutcome> outcomes = check_against_validator(fixture, lists, roots, trees, levels());
      ASSERT_EQ(outcomes.size(), roots.size());
      EXPECT_FALSE(outcomes[column].report.ok());
      EXPECT_TRUE(outcomes[column].validated_alone) << "the pass itself flagged it";
    }
  }
}

// Levels staged 2 or 4 searches at a time before their sweep over the records: the same outcomes,
// a valid batch (its last group part-full at 13) and a corruption in the first, a middle and the
// last column, each staged group's lanes in its own bytes of the records.
TEST_P(ListStreamBatchTest, LevelsStagedForSeveralSearchesGiveTheSameOutcomes) {
  const Fixture fixture;
  const InMemoryListSource lists(fixture.pairs.offsets, fixture.pairs.entries, 100);
  const std::vector<TreeCorruption> corruptions = tree_corruptions(fixture.adjacency);
  for (const int stage_lanes : {2, 4}) {
    for (const std::size_t column : {capacity(), std::size_t{0}, capacity() / 2, capacity() - 1}) {
      SCOPED_TRACE(std::to_string(stage_lanes) + " staged, corrupted column " + std::to_string(column));
      std::vector<VertexId> roots = fixture.roots(capacity());
      std::vector<std::vector<VertexId>> trees;
      for (const VertexId root : roots) trees.push_back(first_found_parents(fixture.adjacency, root));
      if (column < capacity()) {
        roots[column] = fixture.graph.main_component[column % fixture.graph.main_component.size()];
        trees[column] = first_found_parents(fixture.adjacency, roots[column]);
        corruptions.back()(trees[column], roots[column]);  // hung from a neighbour on its level: the pass sees it
      }
      const std::vector<BatchOutcome> outcomes =
          check_against_validator(fixture, lists, roots, trees, levels(), stage_lanes);
      for (std::size_t i = 0; i < outcomes.size(); ++i) EXPECT_EQ(outcomes[i].report.ok(), i != column) << i;
    }
  }
}

// 20 and 40: records of 24 and 48 lanes, not a power of two (12 and 24 bytes in nibbles).
INSTANTIATE_TEST_SUITE_P(CapacitiesThreadsAndLevels, ListStreamBatchTest,
                         ::testing::Combine(::testing::Values(4, 13, 20, 40, 64), ::testing::Values(1, 3),
                                            ::testing::Values(LaneLevels::kBytes, LaneLevels::kNibbles)));

// A list that lost its entries, or gained a pair no tuple makes, cannot be the input's pairs: the
// validation stops with one error instead of trusting it.
TEST(ListStreamBatchListsTest, ListsThatAreNotTheInputsPairsStopTheValidation) {
  const Fixture fixture;
  const VertexId root = fixture.graph.main_component.front();
  const std::vector<std::vector<VertexId>> trees{first_found_parents(fixture.adjacency, root)};
  const VertexId hub = fixture.graph.main_component[1];
  for (const bool emptied : {true, false}) {
    SCOPED_TRACE(emptied ? "a list emptied" : "a list longer than its tuples");
    PairLists damaged = fixture.pairs;
    const auto begin = damaged.entries.begin() + damaged.offsets[hub];
    const auto end = damaged.entries.begin() + damaged.offsets[hub + 1];
    const auto length = end - begin;
    std::vector<std::uint32_t> changed(begin, end);
    if (emptied) {
      changed.clear();
    } else {
      // Every other vertex, so that the list outgrows the tuples at the vertex.
      changed.clear();
      for (std::uint32_t u = 0; u < fixture.graph.edge_list.num_vertices; ++u) {
        if (u != hub) changed.push_back(u);
      }
    }
    damaged.entries.erase(begin, end);
    damaged.entries.insert(damaged.entries.begin() + damaged.offsets[hub], changed.begin(), changed.end());
    for (std::size_t v = static_cast<std::size_t>(hub) + 1; v < damaged.offsets.size(); ++v) {
      damaged.offsets[v] += std::ssize(changed) - length;
    }
    const InMemoryListSource lists(damaged.offsets, damaged.entries, 100);
    ListStreamBatch batch(lists, fixture.edges, 4);
    batch.keep(root, parent_array_of(trees[0]));
    try {
      batch.check(TreesReader(trees));
      ADD_FAILURE() << "no error";
    } catch (const semibfs::Error& error) {
      EXPECT_NE(std::string(error.what()).find("the lists do not hold the input's edges"), std::string::npos)
          << error.what();
      EXPECT_NE(std::string(error.what()).find("vertex " + std::to_string(hub)), std::string::npos) << error.what();
    }
  }
}

TEST(ListStreamBatchBytesTest, TheCapacityForARoomFitsInIt) {
  const Fixture fixture;
  const InMemoryListSource lists(fixture.pairs.offsets, fixture.pairs.entries, 100);
  for (const LaneLevels levels : {LaneLevels::kBytes, LaneLevels::kNibbles}) {
    for (const int capacity : {4, 8, 16, 24, 32, 48, 64}) {
      if (levels == LaneLevels::kNibbles && capacity == 4) continue;
      const std::int64_t bytes = ListStreamBatch::working_bytes_for(lists, fixture.edges, capacity, levels);
      EXPECT_EQ(ListStreamBatch::capacity_for(lists, fixture.edges, bytes, levels), capacity);
      EXPECT_LT(ListStreamBatch::capacity_for(lists, fixture.edges, bytes - 1, levels), capacity);
    }
    EXPECT_EQ(ListStreamBatch::capacity_for(lists, fixture.edges, 0, levels), 0);
  }
}

// Nibbles hold a search in half the bytes: 32 searches' levels take 16 bytes a vertex less.
TEST(ListStreamBatchBytesTest, NibblesHoldASearchInHalfTheBytes) {
  const Fixture fixture;
  const InMemoryListSource lists(fixture.pairs.offsets, fixture.pairs.entries, 100);
  EXPECT_EQ(ListStreamBatch::working_bytes_for(lists, fixture.edges, 32, LaneLevels::kBytes) -
                ListStreamBatch::working_bytes_for(lists, fixture.edges, 32, LaneLevels::kNibbles),
            fixture.edges.num_vertices() * 16);
  EXPECT_EQ(ListStreamBatch::stride_for(4, LaneLevels::kNibbles), 8);
  EXPECT_EQ(ListStreamBatch::stride_for(17, LaneLevels::kBytes), 24);
  EXPECT_THROW(ListStreamBatch::stride_for(65, LaneLevels::kNibbles), semibfs::Error);
}

// A path of 20 vertices: from an end its tree is 19 levels deep, more than a nibble holds (13), so
// in a batch of nibbles that search is validated alone (and passes), while from the middle (10
// levels) it is validated in the pass; in bytes neither is alone. A corrupted deep tree fails.
TEST(ListStreamBatchDepthTest, ATreeTooDeepForNibblesIsValidatedAloneAndBytesHoldIt) {
  constexpr VertexId kPath = 20;
  std::vector<Tuple> tuples;
  for (VertexId v = 0; v + 1 < kPath; ++v) tuples.emplace_back(v, v + 1);
  const semibfs::EdgeList edge_list = edge_list_from(kPath, tuples);
  const InMemoryEdgeSource edges(edge_list, 7);
  const Adjacency adjacency = adjacency_of(edge_list);
  const PairLists pairs = pair_lists_of(adjacency);
  const InMemoryListSource lists(pairs.offsets, pairs.entries, 6);
  const std::vector<VertexId> roots{0, 10, kPath - 1, 10};
  std::vector<std::vector<VertexId>> trees;
  for (const VertexId root : roots) trees.push_back(first_found_parents(adjacency, root));
  trees[3][15] = 13;  // a level jump in a shallow tree beside the deep ones
  for (const LaneLevels levels : {LaneLevels::kBytes, LaneLevels::kNibbles}) {
    SCOPED_TRACE(levels == LaneLevels::kNibbles ? "nibbles" : "bytes");
    ListStreamBatch batch(lists, edges, 8, levels);
    for (std::size_t i = 0; i < roots.size(); ++i) batch.keep(roots[i], parent_array_of(trees[i]));
    const std::vector<BatchOutcome> outcomes = batch.check(TreesReader(trees));
    ASSERT_EQ(outcomes.size(), roots.size());
    const bool nibbles = levels == LaneLevels::kNibbles;
    const Validator validator(edges);
    for (std::size_t i = 0; i < roots.size(); ++i) {
      EXPECT_TRUE(same_report(validator.validate(roots[i], trees[i]), outcomes[i].report)) << "search " << i;
      EXPECT_EQ(outcomes[i].report.ok(), i != 3) << "search " << i;
    }
    EXPECT_EQ(outcomes[0].validated_alone, nibbles);
    EXPECT_FALSE(outcomes[1].validated_alone);
    EXPECT_EQ(outcomes[2].validated_alone, nibbles);
    EXPECT_TRUE(outcomes[3].validated_alone) << "the pass flagged the level jump";
  }
}

}  // namespace
}  // namespace validate_test
