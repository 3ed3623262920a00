// PageRank and components through session/ on a store made by import_graph_file: values by file id,
// components named by their smallest file id, PageRank's scores summing to 1, symmetric where the
// graph is, and the options' rules checked before the store is opened.
#include "session/store_analytics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "import/input_store.hpp"
#include "support/command_runner.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

// Two components, 0-1-2 and 4-5; 3, which no edge names, is no vertex of the store.
class StoreAnalyticsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string edges = directory_.file("edges.txt");
    testing::write_text(edges, "0 1\n1 2\n4 5\n");
    ImportOptions import;
    import.dram_budget_bytes = std::int64_t{64} << 20;
    import_graph_file(edges, store(), import);
  }
  std::string store() const { return directory_.file("store"); }
  StoreQueryOptions options() const {
    StoreQueryOptions query;
    query.store = store();
    return query;
  }

  testing::ScratchDirectory directory_;
};

// file id -> value.
template <typename Value>
std::map<std::uint64_t, Value> by_file_id(const VertexValues& values, const std::vector<Value>& of_vertex) {
  std::map<std::uint64_t, Value> found;
  for (std::size_t v = 0; v < values.file_ids.size(); ++v) found[values.file_ids[v]] = of_vertex[v];
  return found;
}

TEST_F(StoreAnalyticsTest, ComponentsAreNamedByTheirSmallestFileId) {
  const VertexValues values = component_values(options(), ComponentsOptions{});
  const std::map<std::uint64_t, std::uint64_t> expected = {{0, 0}, {1, 0}, {2, 0}, {4, 4}, {5, 4}};
  EXPECT_EQ(by_file_id(values, values.components), expected);
  EXPECT_GT(values.iterations, 0);
}

TEST_F(StoreAnalyticsTest, PageRankScoresSumToOne) {
  PageRankOptions pagerank;
  pagerank.tolerance = 1e-12;
  pagerank.max_iterations = 400;  // the error shrinks by the damping, 0.85, an iteration
  const VertexValues values = pagerank_values(options(), pagerank);
  ASSERT_EQ(values.ranks.size(), 5u);
  EXPECT_NEAR(std::accumulate(values.ranks.begin(), values.ranks.end(), 0.0), 1.0, 1e-9);
  const std::map<std::uint64_t, double> ranks = by_file_id(values, values.ranks);
  EXPECT_NEAR(ranks.at(0), ranks.at(2), 1e-12);  // the path's two ends
  EXPECT_GT(ranks.at(1), ranks.at(0));           // its middle
  EXPECT_NEAR(ranks.at(4), ranks.at(5), 1e-12);
  EXPECT_LT(values.last_change, 1e-12);
}

TEST_F(StoreAnalyticsTest, RulesAreCheckedBeforeTheStoreIsOpened) {
  StoreQueryOptions query = options();
  query.head_entries = 1;
  EXPECT_THROW(component_values(query, ComponentsOptions{}), UsageError);
  PageRankOptions pagerank;
  pagerank.damping = 0;
  EXPECT_THROW(pagerank_values(options(), pagerank), UsageError);
}

TEST_F(StoreAnalyticsTest, AVersionTheStoreLacksIsOneError) {
  StoreQueryOptions query = options();
  query.version = 3;
  try {
    component_values(query, ComponentsOptions{});
    FAIL() << "version 3 opened";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("--version 3: store '" + store() + "' has versions 0 to 0"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace semibfs
