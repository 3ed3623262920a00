// The option rules of session/: each refusal a UsageError naming the command-line option, the
// same words whichever front end (the CLI's option table, Python's keyword arguments) filled it.
#include "session/option_rules.hpp"

#include <gtest/gtest.h>

#include <string>

#include "analytics/pagerank.hpp"
#include "session/program_budget.hpp"
#include "session/store_analytics.hpp"
#include "session/store_query_options.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

// The message of the UsageError a call throws ("" when it throws none).
const auto usage_error_of = [](auto&& call) { return testing::error_of<UsageError>(call); };

StoreQueryOptions with_store() {
  StoreQueryOptions options;
  options.store = "some-store";
  return options;
}

TEST(StoreQueryOptions, HeadEntriesNeedABudget) {
  StoreQueryOptions options = with_store();
  options.head_entries = 4;
  EXPECT_EQ(usage_error_of([&] { options.check(); }),
            "--head-entries needs --dram-budget (without a budget every list is in DRAM)");
  options.budget.dram_budget_bytes = std::int64_t{1} << 30;
  EXPECT_EQ(usage_error_of([&] { options.check(); }), "");
  options.head_entries = 0;
  EXPECT_EQ(usage_error_of([&] { options.check(); }),
            "--head-entries: must be an integer from 1 to 4294967296, got '0'");
}

TEST(StoreQueryOptions, NeedAStoreAndThreadsInRange) {
  StoreQueryOptions options;
  EXPECT_EQ(usage_error_of([&] { options.check(); }), "--store DIR is required (a directory made by 'semibfs build')");
  options = with_store();
  options.threads = 5000;
  EXPECT_EQ(usage_error_of([&] { options.check(); }), "--threads: must be an integer from 1 to 4096, got '5000'");
  options.threads = 0;  // all cores
  EXPECT_EQ(usage_error_of([&] { options.check(); }), "");
}

TEST(SearchOptionRules, ForwardOnDiskNeedsABudgetAndNoHeadEntries) {
  SearchOptions search;
  search.placement = PlacementMode::kForwardOnDisk;
  EXPECT_NE(usage_error_of([&] { check_search_options(search); }).find("--placement forward-on-disk needs"),
            std::string::npos);
  search.budget.dram_budget_bytes = std::int64_t{1} << 30;
  EXPECT_EQ(usage_error_of([&] { check_search_options(search); }), "");
  search.head_entries = 2;
  EXPECT_NE(usage_error_of([&] { check_search_options(search); }).find("exclude each other"), std::string::npos);
  search.placement = PlacementMode::kPlanned;
  search.budget = {};
  EXPECT_EQ(usage_error_of([&] { check_search_options(search); }),
            "--head-entries needs --dram-budget (without a budget every list is in DRAM)");
}

// The parameters' ranges as PageRank's description states them, checked by the one generic rule.
TEST(PageRankOptionRules, IterationsDampingAndTolerance) {
  KernelArguments pagerank(pagerank_kernel());
  EXPECT_EQ(usage_error_of([&] { check_kernel_arguments(pagerank); }), "");
  pagerank.set("iterations", std::int64_t{0});
  EXPECT_EQ(usage_error_of([&] { check_kernel_arguments(pagerank); }),
            "--iterations: must be an integer from 1 to 1048576, got '0'");
  pagerank = KernelArguments(pagerank_kernel());
  pagerank.set("damping", -0.5);
  EXPECT_EQ(usage_error_of([&] { check_kernel_arguments(pagerank); }),
            "--damping: must be a number above 0 and below 1, got '-0.5'");
  // One range, stated alike at both ends (1 once read "pagerank: pagerank: damping ... is not in [0, 1)").
  for (const double damping : {0.0, 1.0}) {
    pagerank = KernelArguments(pagerank_kernel());
    pagerank.set("damping", damping);
    EXPECT_EQ(usage_error_of([&] { check_kernel_arguments(pagerank); }),
              "--damping: must be a number above 0 and below 1, got '" + std::to_string(int(damping)) + "'");
  }
  pagerank = KernelArguments(pagerank_kernel());
  pagerank.set("tolerance", 0.0);
  EXPECT_EQ(usage_error_of([&] { check_kernel_arguments(pagerank); }),
            "--tolerance: must be a positive number, got '0'");
}

TEST(DramBudgetValue, ParsedAndNamedByItsOption) {
  EXPECT_EQ(parse_dram_budget("1MiB"), std::int64_t{1} << 20);
  EXPECT_EQ(usage_error_of([] { parse_dram_budget("0"); }),
            "a DRAM budget of 0 bytes holds nothing (leave the option out for no budget)");
  const std::string bad =
      usage_error_of([] { parse_option_value("--dram-budget", [] { return parse_dram_budget("12 parsecs"); }); });
  EXPECT_EQ(bad.rfind("--dram-budget: ", 0), 0u) << bad;
}

}  // namespace
}  // namespace semibfs
