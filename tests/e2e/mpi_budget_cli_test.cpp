// The minimum DRAM budget a refusal states is one that runs (issue 39): under mpirun at 2 and 3
// ranks, building the rank parts and reusing them, every rank states the same number, running at
// it exits 0 and one byte less is refused with it again; a reused compressed store states its own
// minimum whether or not the run says --compress (one process: a rank's part is never compressed).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <regex>
#include <string>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;

class BudgetFixedPoint : public testing::CommandTest {
 protected:
  std::string fresh_directory(const std::string& name) {
    const std::filesystem::path path = directory_ / name;
    std::filesystem::create_directories(path);
    return path.string();
  }

  // The minimum that `arguments` (under `launcher`) states when refusing a 4 KiB budget.
  std::int64_t stated_minimum(const std::string& arguments, const std::string& launcher = "") {
    return minimum_in(run(arguments + " --dram-budget 4096", launcher));
  }

  static std::int64_t minimum_in(const CommandResult& refused) {
    std::smatch match;
    if (refused.exit_code != 1 ||
        !std::regex_search(refused.err, match, std::regex(R"(below the minimum of [^(]*\((\d+) bytes\))"))) {
      ADD_FAILURE() << "exit " << refused.exit_code << ": " << refused.err;
      return 0;
    }
    return std::stoll(match[1].str());
  }

  // Runs at `budget` and expects exit 0 with every search validated.
  void expect_runs(const std::string& arguments, std::int64_t budget, const std::string& launcher = "") {
    const CommandResult result = run(arguments + " --dram-budget " + std::to_string(budget), launcher);
    EXPECT_EQ(result.exit_code, 0) << arguments << " at " << budget << ": " << result.err;
    EXPECT_NE(result.err.find("validation passed"), std::string::npos) << result.err;
  }
};

TEST_F(BudgetFixedPoint, AReusedStoreStatesTheMinimumOfWhatItIs) {
  const std::string store = fresh_directory("compressed");
  const std::string line = "run --scale 12 --threads 1 --roots 2 --store " + store;
  ASSERT_EQ(run(line + " --compress").exit_code, 0);
  const std::int64_t asked = stated_minimum(line + " --reuse --compress");
  const std::int64_t unasked = stated_minimum(line + " --reuse");
  ASSERT_GT(asked, 0);
  EXPECT_EQ(unasked, asked) << "without --compress the minimum must still be the compressed store's";
  expect_runs(line + " --reuse --compress", unasked);
  EXPECT_EQ(minimum_in(run(line + " --reuse --compress --dram-budget " + std::to_string(asked - 1))), asked);
  // The store is reused only as what it is: at its minimum, the one line says what to add.
  const CommandResult unasked_run = run(line + " --reuse --dram-budget " + std::to_string(unasked));
  EXPECT_NE(unasked_run.exit_code, 0);
  EXPECT_NE(unasked_run.err.find("--compress"), std::string::npos) << unasked_run.err;
}

#ifdef SEMIBFS_HAVE_MPI

std::string launcher(int ranks) {
  return std::string(SEMIBFS_MPIEXEC) + " --oversubscribe --allow-run-as-root -x ASAN_OPTIONS=detect_leaks=0 -np " +
         std::to_string(ranks) + " ";
}

// Before the fix the minimum grew with the budget (the rank exchanges' pair buffers are a 16th of
// it) and each rank counted its own: 39,490,576 bytes stated, then 40,942,929 at that budget.
TEST_F(BudgetFixedPoint, TheMinimumStatedAcrossRanksRuns) {
  for (const int ranks : {2, 3}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const std::string mpirun = launcher(ranks);
    const std::string options = "run --scale 13 --threads 1 --roots 2 --store ";
    const std::int64_t minimum = stated_minimum(options + fresh_directory("refused-" + std::to_string(ranks)), mpirun);
    ASSERT_GT(minimum, 0);
    const std::string line = options + fresh_directory("built-" + std::to_string(ranks));
    expect_runs(line, minimum, mpirun);
    const std::int64_t reused = stated_minimum(line + " --reuse", mpirun);
    ASSERT_GT(reused, 0);
    expect_runs(line + " --reuse", reused, mpirun);
    EXPECT_EQ(minimum_in(run(line + " --reuse --dram-budget " + std::to_string(reused - 1), mpirun)), reused);
  }
}

#endif  // SEMIBFS_HAVE_MPI

}  // namespace
}  // namespace semibfs
