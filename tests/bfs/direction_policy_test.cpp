// The direction policies: their rules on hand-written FrontierFacts, the direction sequences the
// engine takes under each on a graph where they disagree, and the option names and defaults.
#include "bfs/direction_policy.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/test_graphs.hpp"
#include "policy_options.hpp"
#include "bfs/bfs.hpp"
#include "core/error.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

using semibfs::testing::make_edge_list;
using semibfs::testing::policy_options;

// n = 1000, a growing top-down frontier of 10 vertices (previous 5) with m_f = 100 and m_u = 1400.
FrontierFacts growing_top_down_facts() {
  FrontierFacts facts;
  facts.level = 3;
  facts.num_vertices = 1000;
  facts.previous_frontier_vertices = 5;
  facts.frontier_vertices = 10;
  facts.frontier_edges = 100;
  facts.unexplored_edges = 1400;
  return facts;
}

// With tails on disk, both threshold policies stay top-down (or return to it) while the frontier
// holds fewer than 1/64 of the vertices with tails; 10 frontier vertices cover 640.
TEST(DirectionPolicyTiersTest, TailsOnDiskKeepSmallFrontiersTopDown) {
  FrontierFacts facts = growing_top_down_facts();
  for (const bool last_bottom_up : {false, true}) {
    SCOPED_TRACE(last_bottom_up ? "after a bottom-up step" : "after a top-down step");
    facts.last_step_bottom_up = last_bottom_up;
    facts.vertices_with_tails = 640;
    EXPECT_TRUE(AlphaBetaPolicy(1e9, 1e9).next_step_bottom_up(facts));
    EXPECT_TRUE(BeamerPolicy(1e9, 1e9).next_step_bottom_up(facts));
    facts.vertices_with_tails = 641;
    EXPECT_FALSE(AlphaBetaPolicy(1e9, 1e9).next_step_bottom_up(facts));
    EXPECT_FALSE(BeamerPolicy(1e9, 1e9).next_step_bottom_up(facts));
    EXPECT_TRUE(BottomUpPolicy().next_step_bottom_up(facts)) << "a forced direction is kept";
  }
}

TEST(AlphaBetaPolicyTest, GoesBottomUpWhenAGrowingFrontierPassesNOverAlpha) {
  FrontierFacts facts = growing_top_down_facts();
  EXPECT_TRUE(AlphaBetaPolicy(101, 1).next_step_bottom_up(facts));  // 10 > 1000 / 101
  EXPECT_FALSE(AlphaBetaPolicy(100, 1).next_step_bottom_up(facts));  // 10 is not > 1000 / 100
  facts.previous_frontier_vertices = 10;
  EXPECT_FALSE(AlphaBetaPolicy(1e9, 1).next_step_bottom_up(facts)) << "not growing";
  facts.level = 1;
  facts.previous_frontier_vertices = 0;
  EXPECT_FALSE(AlphaBetaPolicy(1e9, 1).next_step_bottom_up(facts)) << "the first step is top-down";
}

TEST(AlphaBetaPolicyTest, ReturnsTopDownWhenAShrinkingFrontierFallsBelowNOverBeta) {
  FrontierFacts facts = growing_top_down_facts();
  facts.last_step_bottom_up = true;
  facts.previous_frontier_vertices = 20;
  EXPECT_FALSE(AlphaBetaPolicy(1, 99).next_step_bottom_up(facts));  // 10 < 1000 / 99
  EXPECT_TRUE(AlphaBetaPolicy(1, 100).next_step_bottom_up(facts));  // 10 is not < 1000 / 100
  facts.previous_frontier_vertices = 10;
  EXPECT_TRUE(AlphaBetaPolicy(1, 1e-9).next_step_bottom_up(facts)) << "not shrinking";
}

TEST(BeamerPolicyTest, GoesBottomUpWhenAGrowingFrontiersEdgesPassUnexploredOverAlpha) {
  FrontierFacts facts = growing_top_down_facts();
  EXPECT_TRUE(BeamerPolicy(15, 1).next_step_bottom_up(facts));   // 100 > 1400 / 15
  EXPECT_FALSE(BeamerPolicy(14, 1).next_step_bottom_up(facts));  // 100 is not > 1400 / 14
  facts.unexplored_edges = 1600;
  EXPECT_FALSE(BeamerPolicy(15, 1).next_step_bottom_up(facts)) << "edges, not vertices, decide";
  facts.unexplored_edges = 1400;
  facts.previous_frontier_vertices = 10;
  EXPECT_FALSE(BeamerPolicy(15, 1).next_step_bottom_up(facts)) << "not growing";
  facts.level = 1;
  facts.previous_frontier_vertices = 0;
  facts.frontier_vertices = 1;
  EXPECT_TRUE(BeamerPolicy(15, 1).next_step_bottom_up(facts)) << "a hub root may start bottom-up";
}

TEST(BeamerPolicyTest, ReturnsTopDownWhenAShrinkingFrontierFallsBelowNOverBeta) {
  FrontierFacts facts = growing_top_down_facts();
  facts.last_step_bottom_up = true;
  facts.previous_frontier_vertices = 20;
  facts.frontier_edges = 1e6;  // the return ignores edges
  EXPECT_FALSE(BeamerPolicy(15, 99).next_step_bottom_up(facts));
  EXPECT_TRUE(BeamerPolicy(15, 100).next_step_bottom_up(facts));
  facts.previous_frontier_vertices = 10;
  EXPECT_TRUE(BeamerPolicy(15, 1e-9).next_step_bottom_up(facts)) << "not shrinking";
}

TEST(DirectionPolicyTest, ForcedPoliciesIgnoreTheFacts) {
  FrontierFacts facts = growing_top_down_facts();
  for (const bool last_bottom_up : {false, true}) {
    facts.last_step_bottom_up = last_bottom_up;
    EXPECT_FALSE(TopDownPolicy().next_step_bottom_up(facts));
    EXPECT_TRUE(BottomUpPolicy().next_step_bottom_up(facts));
  }
}

TEST(DirectionPolicyTest, MakeBuildsTheNamedRuleWithItsThresholds) {
  const FrontierFacts facts = growing_top_down_facts();
  // Alpha 15 sends Beamer bottom-up (100 > 1400 / 15) but not alpha-beta (10 < 1000 / 15).
  EXPECT_TRUE(make_direction_policy(policy_options(PolicyKind::kBeamer))->next_step_bottom_up(facts));
  EXPECT_FALSE(make_direction_policy(policy_options(PolicyKind::kAlphaBeta, 15))->next_step_bottom_up(facts));
  EXPECT_TRUE(make_direction_policy(policy_options(PolicyKind::kAlphaBeta))->next_step_bottom_up(facts));
  EXPECT_FALSE(make_direction_policy(policy_options(PolicyKind::kBeamer, 14))->next_step_bottom_up(facts));
  EXPECT_FALSE(make_direction_policy(policy_options(PolicyKind::kTopDown))->next_step_bottom_up(facts));
  EXPECT_TRUE(make_direction_policy(policy_options(PolicyKind::kBottomUp))->next_step_bottom_up(facts));
}

// A path 0..9, a star of 100 leaves around 9, and a path 110..119 hanging from leaf 109:
// the frontier stays at 1, jumps to 100, then falls back to 1.
EdgeList broom() {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId vertex = 0; vertex < 9; ++vertex) pairs.emplace_back(vertex, vertex + 1);
  for (VertexId leaf = 10; leaf < 110; ++leaf) pairs.emplace_back(9, leaf);
  pairs.emplace_back(109, 110);
  for (VertexId vertex = 110; vertex < 119; ++vertex) pairs.emplace_back(vertex, vertex + 1);
  return make_edge_list(120, pairs);
}

std::vector<bool> directions(const PartitionedGraph& graph, const BfsOptions& options, VertexId root) {
  std::vector<VertexId> parent(graph.num_vertices());
  BfsEngine engine(graph, options);
  std::vector<bool> bottom_up;
  for (const LevelStats& level : engine.run(root, parent)) bottom_up.push_back(level.bottom_up);
  return bottom_up;
}

TEST(DirectionPolicyTest, AlphaBetaSwitchesByFrontierVertices) {
  const PartitionedGraph graph(build_csr(broom()), 1);
  // Step 11 expands the 100 leaves (the frontier grew), step 12 the one vertex 110 (it shrank).
  std::vector<bool> expected(21, false);
  // 100 never exceeds 120 / 1.
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kAlphaBeta, 1.0, 1e-12), 0), expected);
  expected[10] = true;
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kAlphaBeta, 1e12, 1e-12), 0), expected);
  // 1 is never below 120 / 1e12.
  std::fill(expected.begin() + 10, expected.end(), true);
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kAlphaBeta, 1e12, 1e12), 0), expected);
}

// From root 0 both go bottom-up for the 100 leaves (m_f 101 > m_u 19 / 15), but only Beamer's
// n / 18 lets the one-vertex frontier after them return top-down; alpha-beta's n / 1e3 does not.
TEST(DirectionPolicyTest, BeamerReturnsTopDownWhereAlphaBetaStaysBottomUp) {
  const PartitionedGraph graph(build_csr(broom()), 1);
  std::vector<bool> beamer(21, false);
  beamer[10] = true;
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kBeamer), 0), beamer);
  // 101 > 19 / 1 holds only if m_u has lost the 218 edges of the vertices found before.
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kBeamer, 1.0), 0), beamer);
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kBeamer, 0.18), 0), std::vector<bool>(21, false));
  std::vector<bool> alpha_beta(21, false);
  std::fill(alpha_beta.begin() + 10, alpha_beta.end(), true);
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kAlphaBeta), 0), alpha_beta);
}

// From the hub 9 (degree 101 > m_u 136 / 15) Beamer starts bottom-up; alpha-beta always starts
// top-down. Levels: 101 vertices, then 2, then 1 or 2 per level down both paths, 12 steps.
TEST(DirectionPolicyTest, BeamerStartsBottomUpFromAHubWhereAlphaBetaStartsTopDown) {
  const PartitionedGraph graph(build_csr(broom()), 1);
  std::vector<bool> beamer(12, false);
  beamer[0] = beamer[1] = true;
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kBeamer), 9), beamer);
  std::vector<bool> alpha_beta(12, true);
  alpha_beta[0] = false;
  EXPECT_EQ(directions(graph, policy_options(PolicyKind::kAlphaBeta), 9), alpha_beta);
}

TEST(PolicyOptionsTest, DefaultsArePerPolicyAndOverridable) {
  EXPECT_EQ(BfsOptions{}.policy, PolicyKind::kAlphaBeta);
  EXPECT_EQ(BfsOptions{}.summary_bits, 0);
  EXPECT_EQ(policy_options(PolicyKind::kAlphaBeta).alpha_or_default(), 1e4);
  EXPECT_EQ(policy_options(PolicyKind::kAlphaBeta).beta_or_default(), 1e3);
  EXPECT_EQ(policy_options(PolicyKind::kBeamer).alpha_or_default(), 15.0);
  EXPECT_EQ(policy_options(PolicyKind::kBeamer).beta_or_default(), 18.0);
  EXPECT_EQ(policy_options(PolicyKind::kBeamer, 20).alpha_or_default(), 20.0);
  EXPECT_EQ(policy_options(PolicyKind::kBeamer, 20).beta_or_default(), 18.0);
  EXPECT_EQ(policy_options(PolicyKind::kAlphaBeta, {}, 7).beta_or_default(), 7.0);
  EXPECT_TRUE(uses_thresholds(PolicyKind::kBeamer));
  EXPECT_FALSE(uses_thresholds(PolicyKind::kTopDown));
}

TEST(PolicyOptionsTest, NamesRoundTrip) {
  for (const PolicyKind policy :
       {PolicyKind::kAlphaBeta, PolicyKind::kBeamer, PolicyKind::kTopDown, PolicyKind::kBottomUp}) {
    EXPECT_EQ(parse_policy(to_string(policy)), policy);
  }
  EXPECT_EQ(to_string(PolicyKind::kAlphaBeta), "alpha-beta");
  EXPECT_EQ(parse_policy("beamer"), PolicyKind::kBeamer);
}

template <typename Parse>
void expect_usage_errors(Parse parse, std::initializer_list<const char*> texts, const std::string& choices) {
  for (const std::string text : texts) {
    try {
      parse(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const UsageError& error) {
      EXPECT_THAT(error.what(), ::testing::HasSubstr(choices));
    }
  }
}

TEST(PolicyOptionsTest, UnknownNamesAreUsageErrorsNamingTheChoices) {
  expect_usage_errors(parse_policy, {"", "hybrid", "Beamer", "alpha_beta", "beamer "},
                      "alpha-beta, beamer, top-down, bottom-up");
}

TEST(PolicyOptionsTest, SummarySizesAreWholeWordPowersOfTwoUpTo1024) {
  for (const int bits : {0, 64, 128, 256, 512, 1024}) EXPECT_TRUE(is_valid_summary_bits(bits)) << bits;
  for (const int bits : {-64, 1, 32, 63, 96, 2048}) EXPECT_FALSE(is_valid_summary_bits(bits)) << bits;
  EXPECT_EQ(summary_bits_choices(), "0, 64, 128, 256, 512, 1024");
}

}  // namespace
}  // namespace semibfs
