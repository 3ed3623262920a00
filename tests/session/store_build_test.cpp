// Building a store through session/: the options' rules before any work (an input, a store
// directory that holds no store, partitions in range, the vertex order's two names), a budget below
// what reading needs refused, and the summary `semibfs build` prints.
#include "session/store_build.hpp"

#include <gtest/gtest.h>

#include <string>

#include "support/command_runner.hpp"
#include "support/error_message.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

class StoreBuildTest : public ::testing::Test {
 protected:
  StoreBuildOptions options() const {
    StoreBuildOptions build;
    build.input = directory_.file("edges.txt");
    build.store = directory_.file("store");
    build.import_options.partitions = 1;
    return build;
  }
  void SetUp() override { testing::write_text(directory_.file("edges.txt"), "0 1\n1 2\n4 5\n"); }

  testing::ScratchDirectory directory_;
};

// The message of the UsageError a call throws ("" when it throws none).
const auto usage_error_of = [](auto&& call) { return testing::error_of<UsageError>(call); };

TEST_F(StoreBuildTest, BuildsAndSummarizes) {
  const StoreBuildOptions build = options();
  const ImportStats stats = build_store(build);
  EXPECT_EQ(stats.vertices, 5);
  EXPECT_EQ(stats.edges, 3);
  const std::string summary = build_summary(build, stats);
  EXPECT_NE(summary.find("vertices         5 (file ids renumbered"), std::string::npos) << summary;
  EXPECT_NE(summary.find("store            " + build.store + "\n"), std::string::npos) << summary;
  // A second build into the same directory is refused before any work.
  EXPECT_EQ(usage_error_of([&] { build_store(build); }),
            "--store '" + build.store + "' already holds a store (choose an empty directory)");
}

TEST_F(StoreBuildTest, OptionsAreCheckedBeforeAnyWork) {
  StoreBuildOptions build = options();
  build.input.clear();
  EXPECT_EQ(usage_error_of([&] { build.check(); }), "no INPUT file given");
  build = options();
  build.import_options.partitions = 0;
  EXPECT_EQ(usage_error_of([&] { build.check(); }), "--partitions: must be an integer from 1 to 1024, got '0'");
  EXPECT_TRUE(relabels_by_degree("degree"));
  EXPECT_FALSE(relabels_by_degree("input"));
  EXPECT_EQ(usage_error_of([] { relabels_by_degree("random"); }),
            "--vertex-order must be input or degree, not 'random'");
}

TEST_F(StoreBuildTest, ABudgetBelowReadingsNeedsIsRefused) {
  StoreBuildOptions build = options();
  build.budget.dram_budget_bytes = 1 << 10;
  try {
    build_store(build);
    FAIL() << "built within 1 KiB";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("for building a store"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace semibfs
