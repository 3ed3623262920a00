// How a DRAM budget is split, and what the searches hold besides the graph: the one account that
// run, bfs and info plan with.
#include "graph500/search_dram_needs.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/dram_budget.hpp"
#include "support/error_message.hpp"
#include "support/test_graphs.hpp"
#include "tiered/graph_profile.hpp"
#include "tiered/tail_fetcher.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

TEST(DramBudget, EdgeChunksShrinkWithTheBudgetInWholeBlocks) {
  EXPECT_EQ(DramBudget{}.edge_chunk_edges(), std::int64_t{1} << 19);           // no budget: 16 MiB of buffers
  EXPECT_EQ(DramBudget{std::int64_t{1} << 30}.edge_chunk_edges(), std::int64_t{1} << 19);  // capped
  EXPECT_EQ(DramBudget{std::int64_t{256} << 20}.edge_chunk_edges(), std::int64_t{1} << 17);  // a 64th, 32 B an edge
  EXPECT_EQ(DramBudget{std::int64_t{1} << 20}.edge_chunk_edges(), 1024);        // at least one block
  EXPECT_EQ(DramBudget{(std::int64_t{256} << 20) + 12345}.edge_chunk_edges() % 1024, 0);
  const DramBudget budget{std::int64_t{3} << 30};
  EXPECT_EQ(budget.generation_bytes(), budget.dram_budget_bytes);  // the phases run one after another
  EXPECT_EQ(budget.construction_bytes(), budget.dram_budget_bytes);
  EXPECT_FALSE(DramBudget{}.is_set());
}

TEST(SearchDramNeeds, CountsEveryBufferOfTheSearches) {
  SearchOptions options;
  const std::int64_t vertices = 1 << 16;
  const SearchDramNeeds needs = search_dram_needs(vertices, options, 4, 1000, 0);
  EXPECT_EQ(needs.edge_chunk_bytes, 1000);
  EXPECT_EQ(needs.validator_bytes, Validator::working_bytes_for(vertices));
  EXPECT_EQ(needs.io_arena_bytes(), static_cast<std::int64_t>(TailFetchOptions{}.held_bytes()) * 4);  // one per thread
  EXPECT_EQ(needs.reserved_bytes(), 1000 + needs.validator_bytes + needs.io_arena_bytes());
  EXPECT_EQ(needs.bfs_status_bytes_per_vertex, bfs_status_bytes_per_vertex(vertices, options.bfs.summary_bits));
  EXPECT_EQ(needs.reserved_description().find("id map"), std::string::npos);

  const SearchDramNeeds with_ids = search_dram_needs(vertices, options, 4, 1000, 8 * vertices);
  EXPECT_EQ(with_ids.reserved_bytes(), needs.reserved_bytes() + 8 * vertices);  // the caller's id map
  EXPECT_NE(with_ids.reserved_description().find("id map"), std::string::npos);

  options.skip_validation = true;
  EXPECT_EQ(search_dram_needs(vertices, options, 4, 1000, 0).validator_bytes, 0);
}

// The parent array (4 bytes while ids fit in 32 bits), the bitmaps (3/8) and the bounded queues
// (1/4), rounded up.
TEST(SearchDramNeeds, TheBfsStatusTakesFiveBytesAVertex) {
  EXPECT_EQ(bfs_status_bytes_per_vertex(std::int64_t{1} << 20, 0), 5);
  EXPECT_EQ(bfs_status_bytes_per_vertex(std::int64_t{1} << 26, 0), 5);
}

// Budgets one byte apart around every place the chunks step up: from the minimum up each one
// covers the fixed bytes and its own chunks; one byte below it does not.
TEST(DramBudget, SmallestBudgetWithEdgeChunksHoldsForEveryLargerBudget) {
  const auto covers = [](std::int64_t fixed, std::int64_t budget) {
    return budget >= fixed + edge_chunk_bytes_for(budget);
  };
  const std::int64_t step = std::int64_t{2} << 20;  // the chunks grow by 32 KiB every 2 MiB of budget
  for (std::int64_t fixed :
       {std::int64_t{0}, std::int64_t{100000}, 4 * step - 32768 - 1, 4 * step - 40000, 4 * step - 64 * 1024 - 5,
        7 * step - 70000, std::int64_t{300} << 20, std::int64_t{3} << 30}) {
    SCOPED_TRACE("fixed " + std::to_string(fixed));
    const std::int64_t minimum = smallest_budget_with_edge_chunks(fixed);
    EXPECT_TRUE(covers(fixed, minimum));
    EXPECT_FALSE(covers(fixed, minimum - 1));
    for (std::int64_t budget = minimum; budget < minimum + 3 * step; budget += 4093)
      EXPECT_TRUE(covers(fixed, budget)) << budget;
    for (std::int64_t at = (minimum / step + 1) * step; at < minimum + 8 * step; at += step) {
      EXPECT_TRUE(covers(fixed, at)) << at;  // just past a step, where a budget gets 32 KiB more chunks
      EXPECT_TRUE(covers(fixed, at - 1)) << at - 1;
    }
  }
}

// A fixed part that ends just below a step: the budget that covers it there falls short one byte
// past the step (the chunks grow by more than the byte), so the minimum is past the step.
TEST(DramBudget, TheMinimumSkipsAHoleJustPastAStep) {
  const std::int64_t step = std::int64_t{2} << 20;
  const std::int64_t fixed = 4 * step - edge_chunk_bytes_for(4 * step - 1) - 10;  // covered at 4 steps - 10
  ASSERT_GE(4 * step - 10, fixed + edge_chunk_bytes_for(4 * step - 10));
  ASSERT_LT(4 * step, fixed + edge_chunk_bytes_for(4 * step));  // the hole
  EXPECT_GT(smallest_budget_with_edge_chunks(fixed), 4 * step);
}

// Pair buffers across ranks grow by 64 KiB with each 1 MiB of budget: the minimum with 1 to 3 of
// them covers every budget from it up (it used to be the fixed part plus the pairs its own budget
// gave, which the next run at that budget refused, a 16th more each time), and one byte less not.
TEST(DramBudget, TheMinimumCoversPairBuffersThatGrowWithTheBudget) {
  const std::int64_t mib = std::int64_t{1} << 20;
  EXPECT_EQ(pair_bytes_for(0), mib);
  EXPECT_EQ(pair_bytes_for(40 * mib - 1), 39 * mib / 16 / (64 << 10) * (64 << 10));
  EXPECT_EQ(pair_bytes_for(std::int64_t{4} << 30), 64 * mib);
  for (const int buffers : {1, 2, 3}) {
    for (const std::int64_t fixed : {std::int64_t{0}, 37 * mib + 12345, 40 * mib - 1, std::int64_t{900} * mib}) {
      SCOPED_TRACE(std::to_string(buffers) + " buffers, fixed " + std::to_string(fixed));
      const auto covers = [&](std::int64_t budget) {
        return budget >= fixed + edge_chunk_bytes_for(budget) + buffers * pair_bytes_for(budget);
      };
      const std::int64_t minimum = smallest_budget_with_edge_chunks(fixed, buffers);
      EXPECT_TRUE(covers(minimum));
      EXPECT_FALSE(covers(minimum - 1));
      for (std::int64_t budget = minimum; budget < minimum + 8 * mib; budget += 4093) {
        ASSERT_TRUE(covers(budget)) << budget;
      }
      for (std::int64_t at = (minimum / mib + 1) * mib; at < minimum + 64 * mib; at += mib) {
        ASSERT_TRUE(covers(at)) << at;  // just past a step
      }
    }
  }
}

// How a refusal writes a minimum after its size in units: "(12345 bytes)".
std::string as_stated(std::int64_t bytes) {
  std::string text = "(";
  text += std::to_string(bytes);
  text += " bytes)";
  return text;
}

// A small graph's shape (what `bfs` knows from the input description before reading anything).
constexpr SearchShape kShape{2003, 1, false};

SearchOptions budgeted(std::int64_t budget, std::int64_t program = 0) {
  SearchOptions options;
  options.budget.dram_budget_bytes = budget;
  options.budget.program_bytes = program;
  return options;
}

// Every refusal states the one minimum, whatever the budget asked, and names no SCALE; the
// program's bytes are inside it.
TEST(SearchDramNeeds, EveryRefusalStatesTheOneMinimum) {
  const SearchOptions probe = budgeted(1, 6 << 20);
  const SearchDramNeeds needs = search_dram_needs(kShape.vertices, probe, 2, 0, 0);
  const std::int64_t minimum = minimum_search_budget(kShape, needs);
  const std::int64_t without_program =
      minimum_search_budget(kShape, search_dram_needs(kShape.vertices, budgeted(1), 2, 0, 0));
  EXPECT_GE(minimum, without_program + (6 << 20));
  for (const std::int64_t budget : {std::int64_t{4096}, std::int64_t{40000}, std::int64_t{8} << 20, minimum - 1}) {
    SCOPED_TRACE(budget);
    const std::string message =
        testing::error_of([&] { check_search_budget(budgeted(budget, 6 << 20), kShape, needs); });
    EXPECT_NE(message.find("below the minimum of"), std::string::npos) << message;
    EXPECT_NE(message.find(as_stated(minimum)), std::string::npos) << message;
    EXPECT_NE(message.find("the program (6.00 MiB)"), std::string::npos) << message;
    EXPECT_EQ(message.find("SCALE"), std::string::npos) << message;
  }
  EXPECT_NO_THROW(check_search_budget(budgeted(minimum, 6 << 20), kShape, needs));
  EXPECT_NO_THROW(check_search_budget(budgeted(0), kShape, needs));  // no budget: nothing to check
}

// The plan states the same minimum and plans every budget from it up, the edge chunks sized by
// each budget (as the searches' edge source sizes them), with one and three partitions.
TEST(SearchDramNeeds, ThePlanStatesTheMinimumAndPlansEveryBudgetAboveIt) {
  const EdgeList edges = testing::make_skewed_random_edge_list(3000, 8, 5);
  for (const int partitions : {1, 3}) {
    SCOPED_TRACE("partitions " + std::to_string(partitions));
    const PartitionedGraph graph(build_csr(edges), partitions);
    const SearchShape shape{graph.num_vertices(), partitions, partitions > 1};
    const auto needs_at = [&](std::int64_t budget) {
      return search_dram_needs(graph.num_vertices(), budgeted(budget, 6 << 20), 2, edge_chunk_bytes_for(budget), 0);
    };
    const std::int64_t minimum = minimum_search_budget(shape, needs_at(1));
    const GraphProfile profile = profile_of(graph, needs_at(1).bfs_status_bytes_per_vertex);
    const std::string refusal = testing::error_of(
        [&] { plan_search_placement(profile, budgeted(minimum - 1, 6 << 20), needs_at(minimum - 1)); });
    EXPECT_NE(refusal.find(as_stated(minimum)), std::string::npos) << refusal;
    for (std::int64_t budget = minimum; budget < minimum + (std::int64_t{5} << 20); budget += 8191) {
      const PlacementPlan plan = plan_search_placement(profile, budgeted(budget, 6 << 20), needs_at(budget));
      ASSERT_EQ(plan.minimum_bytes, minimum) << budget;
      ASSERT_LE(plan.dram_bytes(), budget) << budget;
    }
  }
}

// The edge chunks grow by 32 KiB at every 2 MiB of budget: with the program's bytes moved across
// 2 MiB in 4 KiB steps, the fixed part lands at every distance below a step, and the minimum
// stated is planned each time (a minimum that counted the chunks of a smaller budget would fall
// short just past a step), one byte less refused.
TEST(SearchDramNeeds, TheStatedMinimumIsPlannedWhereverTheChunksStepUp) {
  const PartitionedGraph graph(build_csr(testing::make_skewed_random_edge_list(2000, 8, 7)), 1);
  const SearchShape shape{graph.num_vertices(), 1, false};
  const GraphProfile profile =
      profile_of(graph, bfs_status_bytes_per_vertex(graph.num_vertices(), SearchOptions{}.bfs.summary_bits));
  for (std::int64_t program = 6 << 20; program < (8 << 20); program += 4096) {
    const auto needs_at = [&](std::int64_t budget) {
      return search_dram_needs(graph.num_vertices(), budgeted(budget, program), 2, edge_chunk_bytes_for(budget), 0);
    };
    const std::int64_t minimum = minimum_search_budget(shape, needs_at(1));
    ASSERT_NO_THROW(plan_search_placement(profile, budgeted(minimum, program), needs_at(minimum))) << program;
    ASSERT_THROW(plan_search_placement(profile, budgeted(minimum - 1, program), needs_at(minimum - 1)), Error)
        << program;
  }
}

}  // namespace
}  // namespace semibfs
