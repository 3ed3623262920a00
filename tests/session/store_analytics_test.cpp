// The analytics kernels through session/'s one call on a store made by import_graph_file: values by
// file id, components named by their smallest file id, PageRank's scores summing to 1, symmetric
// where the graph is, average teenage followers from a file's ages, and the arguments' rules
// checked before the store is opened.
#include "session/store_analytics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "analytics/components.hpp"
#include "analytics/pagerank.hpp"
#include "analytics/teenage_followers.hpp"
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

// The summary figure written as `json_key`.
KernelValue figure(const VertexValues& values, const std::string& json_key) {
  for (const SummaryFigure& figure : values.output.figures) {
    if (figure.json_key == json_key) return figure.value;
  }
  ADD_FAILURE() << "no figure " << json_key;
  return std::int64_t{-1};
}

TEST_F(StoreAnalyticsTest, ComponentsAreNamedByTheirSmallestFileId) {
  const VertexValues values = kernel_values(options(), KernelArguments(components_kernel()));
  const std::map<std::uint64_t, std::uint64_t> expected = {{0, 0}, {1, 0}, {2, 0}, {4, 4}, {5, 4}};
  EXPECT_EQ(by_file_id(values, values.vertex_file_ids), expected);
  EXPECT_FALSE(values.output.iterations.empty());
  EXPECT_EQ(std::get<std::int64_t>(figure(values, "largest_component")), 3);
}

TEST_F(StoreAnalyticsTest, PageRankScoresSumToOne) {
  KernelArguments arguments(pagerank_kernel());
  arguments.set("tolerance", 1e-12);
  arguments.set("iterations", std::int64_t{400});  // the error shrinks by the damping, 0.85, an iteration
  const VertexValues values = kernel_values(options(), arguments);
  const auto& scores = std::get<std::vector<double>>(values.output.values);
  ASSERT_EQ(scores.size(), 5u);
  EXPECT_NEAR(std::accumulate(scores.begin(), scores.end(), 0.0), 1.0, 1e-9);
  const std::map<std::uint64_t, double> score_of = by_file_id(values, scores);
  EXPECT_NEAR(score_of.at(0), score_of.at(2), 1e-12);  // the path's two ends
  EXPECT_GT(score_of.at(1), score_of.at(0));           // its middle
  EXPECT_NEAR(score_of.at(4), score_of.at(5), 1e-12);
  EXPECT_LT(std::get<double>(figure(values, "last_change")), 1e-12);
}

// Followers of 1: 0 and 2; of 5: 4 (undirected). Vertex 4 has no age in the file.
TEST_F(StoreAnalyticsTest, TeenageFollowersReadTheAgesInTheFilesIds) {
  const std::string ages = directory_.file("ages.txt");
  testing::write_text(ages, "0 15\n1 40\n2 19\n5 30\n");
  KernelArguments arguments(teenage_followers_kernel());
  arguments.set("older-than", std::int64_t{20});
  arguments.set("ages", ages);
  const VertexValues values = kernel_values(options(), arguments);
  EXPECT_EQ(std::get<std::int64_t>(figure(values, "vertices_without_age")), 1);
  EXPECT_EQ(std::get<std::int64_t>(figure(values, "counted_vertices")), 2);   // 1 and 5
  EXPECT_EQ(std::get<std::int64_t>(figure(values, "teenage_followers")), 2);  // 0 and 2, of 1
  EXPECT_DOUBLE_EQ(std::get<double>(figure(values, "average")), 1.0);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(values.output.values));
}

TEST_F(StoreAnalyticsTest, RulesAreCheckedBeforeTheStoreIsOpened) {
  StoreQueryOptions query = options();
  query.head_entries = 1;
  EXPECT_THROW(kernel_values(query, KernelArguments(components_kernel())), UsageError);
  KernelArguments pagerank(pagerank_kernel());
  pagerank.set("damping", 0.0);
  EXPECT_THROW(kernel_values(options(), pagerank), UsageError);
  KernelArguments both_ages(teenage_followers_kernel());
  both_ages.set("seed", std::uint64_t{2});
  both_ages.set("ages", directory_.file("none.txt"));
  EXPECT_THROW(kernel_values(options(), both_ages), UsageError);
  EXPECT_THROW(pagerank.set("colour", std::string("red")), UsageError);
}

TEST_F(StoreAnalyticsTest, AVersionTheStoreLacksIsOneError) {
  StoreQueryOptions query = options();
  query.version = 3;
  try {
    kernel_values(query, KernelArguments(components_kernel()));
    FAIL() << "version 3 opened";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("--version 3: store '" + store() + "' has versions 0 to 0"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace semibfs
