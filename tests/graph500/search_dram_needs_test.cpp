// How a DRAM budget is split, and what the searches hold besides the graph: the one account that
// run, bfs and info plan with.
#include "graph500/search_dram_needs.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "graph500/dram_budget.hpp"
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
  EXPECT_EQ(needs.io_arena_bytes, static_cast<std::int64_t>(TailFetchOptions{}.arena_bytes) * 4);  // one per thread
  EXPECT_EQ(needs.reserved_bytes(), 1000 + needs.validator_bytes + needs.io_arena_bytes);
  EXPECT_EQ(needs.bfs_status_bytes_per_vertex, bfs_status_bytes_per_vertex(vertices, options.bfs.summary_bits));
  EXPECT_EQ(needs.reserved_description().find("id map"), std::string::npos);

  const SearchDramNeeds with_ids = search_dram_needs(vertices, options, 4, 1000, 8 * vertices);
  EXPECT_EQ(with_ids.reserved_bytes(), needs.reserved_bytes() + 8 * vertices);  // the caller's id map
  EXPECT_NE(with_ids.reserved_description().find("id map"), std::string::npos);

  options.skip_validation = true;
  EXPECT_EQ(search_dram_needs(vertices, options, 4, 1000, 0).validator_bytes, 0);
}

TEST(SearchDramNeeds, ABudgetBelowTheBfsStatusFailsBeforeAnyWork) {
  SearchOptions options;
  const std::int64_t vertices = 1 << 16;
  const std::int64_t status = vertices * bfs_status_bytes_per_vertex(vertices, options.bfs.summary_bits);
  options.budget.dram_budget_bytes = status - 1;
  EXPECT_THROW(check_budget_covers_status(options, vertices), Error);
  options.budget.dram_budget_bytes = status;
  EXPECT_NO_THROW(check_budget_covers_status(options, vertices));
  options.budget.dram_budget_bytes = 0;  // no budget: nothing to check
  EXPECT_NO_THROW(check_budget_covers_status(options, vertices));
}

}  // namespace
}  // namespace semibfs
