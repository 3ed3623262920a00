// --dram-budget end to end (issue 13, "Budgets"): one minimum, stated the same by every refusal and
// accepted as it is, for a store built from a file and for a run; and a budget that holds the
// whole process, its peak resident set measured from outside, as the kernel counts it.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/machine.hpp"
#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;

// The minimum a refusal states, in bytes ("... below the minimum of 15.83 MiB (16601360 bytes) ..."); -1 when none.
std::int64_t stated_minimum(const std::string& err) {
  std::smatch match;
  if (!std::regex_search(err, match, std::regex(R"(below the minimum of [^(]*\((\d+) bytes\))"))) return -1;
  return std::stoll(match[1].str());
}

struct MeasuredRun {
  int exit_code = -1;
  std::int64_t peak_rss_bytes = 0;  // the child's ru_maxrss
  std::string err;
};

class BudgetCli : public testing::CommandTest {
 protected:
  std::string path(const std::string& name) const { return (directory_ / name).string(); }

  // `semibfs ARGS` as a child of this process (no shell between), its peak resident set as
  // wait4 reports it: the ru_maxrss that getrusage(RUSAGE_CHILDREN) folds in, of this child alone.
  MeasuredRun run_measured(const std::string& arguments) {
    std::vector<std::string> words{SEMIBFS_BINARY};
    std::istringstream split(arguments);
    for (std::string word; split >> word;) words.push_back(word);
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const std::string err_path = path("measured.err");
    const pid_t child = fork();
    if (child == 0) {
      const int null = ::open("/dev/null", O_WRONLY);
      const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (null < 0 || err < 0 || dup2(null, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0) _exit(126);
      execv(argv[0], argv.data());
      _exit(127);
    }
    MeasuredRun result;
    int status = 0;
    rusage usage{};
    EXPECT_EQ(wait4(child, &status, 0, &usage), child);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.peak_rss_bytes = static_cast<std::int64_t>(usage.ru_maxrss) * 1024;  // Linux: kilobytes
    result.err = testing::read_text(err_path);
    return result;
  }

  // `semibfs COMMAND --dram-budget BUDGET` succeeds, its searches (if any) validate, and its peak
  // resident set stays within the budget.
  // Runs `command` under `budget`; its standard error.
  std::string expect_within(const std::string& command, std::int64_t budget) {
    const std::string arguments = command + " --dram-budget " + std::to_string(budget);
    SCOPED_TRACE(arguments);
    const MeasuredRun measured = run_measured(arguments);
    EXPECT_EQ(measured.exit_code, 0) << measured.err;
    if (measured.exit_code != 0) return measured.err;
    const bool searches = command.starts_with("run") || command.starts_with("bfs");
    if (searches) {
      EXPECT_NE(measured.err.find("validation passed"), std::string::npos) << measured.err;
    }
    EXPECT_GT(measured.peak_rss_bytes, 0);
    EXPECT_LE(measured.peak_rss_bytes, budget) << "peak RSS " << measured.peak_rss_bytes << " bytes";
    return measured.err;
  }

  // A file of `count` random edges between the ids below 2^(scale - 1), which a Kronecker store of
  // `scale` holds (its ids run to the largest one its edges name).
  std::string random_edges(const std::string& name, int scale, int count, unsigned seed) {
    const std::string file = path(name);
    std::ofstream out(file);
    std::mt19937_64 random(seed);
    const std::uint64_t ids = std::uint64_t{1} << (scale - 1);
    for (int i = 0; i < count; ++i) out << random() % ids << ' ' << random() % ids << '\n';
    return file;
  }

  // A store built from an edge list of a Kronecker graph of `scale` (2^scale ids, some isolated).
  std::string file_store(int scale) {
    const std::string edges = path("kron.el"), store = path("store");
    EXPECT_EQ(run("generate --scale " + std::to_string(scale) + " --format el -o " + edges).exit_code, 0);
    const CommandResult built = run("build " + edges + " --format el --store " + store);
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return store;
  }
};

// The issue's case: on a store built from a file, 4096 bytes, 40000 bytes, 8 MiB and the minimum
// less one byte are all refused with the same minimum, in one line that names no SCALE (a file has
// none); `bfs` and `info` then accept that minimum as it is, and the searches validate.
TEST_F(BudgetCli, EveryRefusalOfAFileStoreStatesTheMinimumThatThenRuns) {
  const std::string store = file_store(11);
  const std::string search = "bfs --store " + store + " --roots 4 --threads 2";
  const CommandResult tiny = run(search + " --dram-budget 4096");
  ASSERT_EQ(tiny.exit_code, 1) << tiny.err;
  const std::int64_t minimum = stated_minimum(tiny.err);
  ASSERT_GT(minimum, 0) << tiny.err;
  for (const std::string& budget : std::vector<std::string>{"40000", "8MiB", std::to_string(minimum - 1)}) {
    SCOPED_TRACE(budget);
    for (const std::string& command : {search, "info --store " + store + " --threads 2"}) {
      const CommandResult refused = run(command + " --dram-budget " + budget);
      EXPECT_EQ(refused.exit_code, 1) << refused.err;
      EXPECT_EQ(lines_of(refused.err).size(), 1u) << refused.err;
      EXPECT_EQ(stated_minimum(refused.err), minimum) << refused.err;
      EXPECT_EQ(refused.err.find("SCALE"), std::string::npos) << refused.err;
    }
  }
  const CommandResult accepted = run(search + " --dram-budget " + std::to_string(minimum));
  ASSERT_EQ(accepted.exit_code, 0) << accepted.err;
  EXPECT_NE(accepted.err.find("validation passed"), std::string::npos) << accepted.err;
  EXPECT_EQ(accepted.err.find("FAILED"), std::string::npos) << accepted.err;
  EXPECT_NE(accepted.err.find(" reads of "), std::string::npos)
      << "at the minimum the tails are on disk: " << accepted.err;
  const CommandResult planned = run("info --store " + store + " --threads 2 --dram-budget " + std::to_string(minimum));
  ASSERT_EQ(planned.exit_code, 0) << planned.err;
  EXPECT_NE(planned.out.find("program, edge chunks"), std::string::npos) << planned.out;
}

// A run under a budget states the largest of its phases' minimums before any work (nothing is
// written into the store directory), the same for any budget below it, and runs at it.
TEST_F(BudgetCli, ARunStatesItsMinimumBeforeAnyWorkAndRunsAtIt) {
  const fs::path store = directory_ / "store";
  fs::create_directories(store);
  const std::string command = "run --scale 11 --roots 4 --threads 2 --store " + store.string();
  const CommandResult tiny = run(command + " --dram-budget 4KiB");
  ASSERT_EQ(tiny.exit_code, 1) << tiny.err;
  const std::int64_t minimum = stated_minimum(tiny.err);
  ASSERT_GT(minimum, 0) << tiny.err;
  for (const std::string& budget : std::vector<std::string>{"1MiB", std::to_string(minimum - 1)}) {
    const CommandResult refused = run(command + " --dram-budget " + budget);
    EXPECT_EQ(refused.exit_code, 1) << refused.err;
    EXPECT_EQ(lines_of(refused.err).size(), 1u) << "refused before any work: " << refused.err;
    EXPECT_EQ(stated_minimum(refused.err), minimum) << refused.err;
    EXPECT_TRUE(fs::is_empty(store)) << budget;
  }
  const CommandResult accepted = run(command + " --dram-budget " + std::to_string(minimum));
  ASSERT_EQ(accepted.exit_code, 0) << accepted.err;
  EXPECT_NE(accepted.err.find("validation passed"), std::string::npos) << accepted.err;
  EXPECT_EQ(accepted.err.find("FAILED"), std::string::npos) << accepted.err;
}

// The budget covers the whole process: a run (generation, external construction, searches with
// tails on disk), the same run reusing its store at the stated minimum, a build of a file, and
// searches of that store at its stated minimum and above it, each measured from outside: the peak
// resident set stays within the budget.
TEST_F(BudgetCli, PeakResidentSetStaysWithinTheBudget) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const fs::path store = directory_ / "kronecker";
  fs::create_directories(store);
  // SCALE 17: its lists need more than a budget near the minimum leaves the construction, which
  // then fills what it gets.
  const std::string run_command = "run --scale 17 --roots 2 --threads 2 --store " + store.string();
  const std::int64_t run_minimum = stated_minimum(run(run_command + " --dram-budget 4KiB").err);
  ASSERT_GT(run_minimum, 0);
  const std::string edges = path("kron.el"), built = path("built");
  ASSERT_EQ(run("generate --scale 17 --format el -o " + edges).exit_code, 0);
  expect_within(run_command, run_minimum);
  expect_within(run_command + " --reuse", run_minimum + (std::int64_t{4} << 20));
  expect_within("build " + edges + " --format el --threads 2 --store " + built, std::int64_t{24} << 20);
  const std::string search = "bfs --roots 2 --threads 2 --store " + built;
  const std::int64_t search_minimum = stated_minimum(run(search + " --dram-budget 4KiB").err);
  ASSERT_GT(search_minimum, 0);
  expect_within(search, search_minimum);
  expect_within(search, search_minimum + (std::int64_t{8} << 20));
}

// The kept trees' file is removed at the end of a run.
void expect_no_kept_trees_file(const fs::path& store) {
  for (const fs::directory_entry& entry : fs::directory_iterator(store)) {
    EXPECT_FALSE(entry.path().filename().string().starts_with("kept-searches")) << entry.path();
  }
}

// Issue 41: under a budget the searches keep their trees, in a file in the store's directory when the
// plan leaves no room for them, and are validated after the last one, in batches once the graph's
// DRAM is released: the peak resident set stays within the budget and the file is removed.
TEST_F(BudgetCli, SearchesValidatedAfterTheLastOneKeepTheBudget) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const fs::path store = directory_ / "kronecker";
  fs::create_directories(store);
  const std::string command = "run --scale 17 --roots 16 --threads 2 --store " + store.string();
  const std::int64_t minimum = stated_minimum(run(command + " --dram-budget 4KiB").err);
  ASSERT_GT(minimum, 0);
  const std::string err = expect_within(command, minimum + (std::int64_t{6} << 20));
  EXPECT_NE(err.find("kept 16 searches' trees in '" + store.string()), std::string::npos) << err;
  std::smatch batch;
  ASSERT_TRUE(std::regex_search(err, batch, std::regex(R"(in batches of up to (\d+))"))) << err;
  EXPECT_GE(std::stoi(batch[1].str()), 4) << err;
  EXPECT_NE(err.find("validated BFS 0 to "), std::string::npos) << err;
  expect_no_kept_trees_file(store);
}

// Issue 41 item 2: a compressed store's kept searches are validated from its lists (fewer bytes
// than its edge file), streamed: the peak resident set stays within the budget, the file is removed.
TEST_F(BudgetCli, ValidationFromACompressedStoresListsKeepsTheBudget) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const fs::path store = directory_ / "compressed";
  fs::create_directories(store);
  const std::string command = "run --scale 17 --roots 16 --threads 2 --compress --store " + store.string();
  const std::int64_t minimum = stated_minimum(run(command + " --dram-budget 4KiB").err);
  ASSERT_GT(minimum, 0);
  const std::string err = expect_within(command, minimum + (std::int64_t{16} << 20));
  EXPECT_NE(err.find("validating them from the store's lists"), std::string::npos) << err;
  EXPECT_NE(err.find("BFS 15: root"), std::string::npos) << err;
  EXPECT_NE(err.find("validation read "), std::string::npos) << err;
  expect_no_kept_trees_file(store);
}

// SSSP after the BFS searches (`run --sssp`, issue 40): at the run's stated minimum and above it,
// the peak stays within: 4 MiB above it the room left beside the searches' arrays holds no copy of
// the lists in weight order, and the lists are searched tiered, their tails and weights on disk;
// 16 MiB above it the BFS graph's room holds the copy's DRAM part, its tails in a scratch file.
TEST_F(BudgetCli, ShortestPathsStayWithinTheBudget) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const fs::path store = directory_ / "weighted";
  fs::create_directories(store);
  const std::string run_command = "run --scale 17 --roots 2 --threads 2 --sssp --store " + store.string();
  const std::int64_t run_minimum = stated_minimum(run(run_command + " --dram-budget 4KiB").err);
  ASSERT_GT(run_minimum, 0);
  expect_within(run_command, run_minimum);
  const std::string tiered = expect_within(run_command + " --reuse", run_minimum + (std::int64_t{4} << 20));
  EXPECT_NE(tiered.find("SSSP 1: root"), std::string::npos) << tiered;
  EXPECT_NE(tiered.find("(tails' weights on disk)"), std::string::npos) << tiered;
  const std::string copied = expect_within(run_command + " --reuse", run_minimum + (std::int64_t{16} << 20));
  EXPECT_NE(copied.find("SSSP 1: root"), std::string::npos) << copied;
  EXPECT_NE(copied.find("lists copied in weight order"), std::string::npos) << copied;
  EXPECT_EQ(copied.find(" the other 0 in "), std::string::npos) << copied;  // some tails on disk
}

// The same with compressed lists (--compress): a run at its stated minimum, reusing its store at
// and above it, a run relabelled by degree too at its minimum, and a compressed store built from a
// file searched at its minimum.
TEST_F(BudgetCli, ACompressedStoreKeepsTheBudgetToo) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const fs::path store = directory_ / "compressed";
  fs::create_directories(store);
  const std::string run_command = "run --scale 17 --roots 4 --threads 2 --compress --store " + store.string();
  const std::int64_t run_minimum = stated_minimum(run(run_command + " --dram-budget 4KiB").err);
  ASSERT_GT(run_minimum, 0);
  expect_within(run_command, run_minimum);
  const std::int64_t reuse_minimum = stated_minimum(run(run_command + " --reuse --dram-budget 4KiB").err);
  ASSERT_GT(reuse_minimum, 0);
  expect_within(run_command + " --reuse", reuse_minimum);
  expect_within(run_command + " --reuse", reuse_minimum + (std::int64_t{4} << 20));
  const fs::path relabelled = directory_ / "relabelled";
  fs::create_directories(relabelled);
  const std::string relabelled_run = "run --scale 17 --roots 4 --threads 2 --compress --vertex-order degree --store " +
                                     relabelled.string();
  const std::int64_t relabelled_minimum = stated_minimum(run(relabelled_run + " --dram-budget 4KiB").err);
  ASSERT_GT(relabelled_minimum, run_minimum);  // the permutation and the parents in the store's ids
  expect_within(relabelled_run, relabelled_minimum);
  const std::string edges = path("kron.el"), built = path("built");
  ASSERT_EQ(run("generate --scale 18 --format el -o " + edges).exit_code, 0);
  expect_within("build " + edges + " --format el --threads 2 --compress --store " + built, std::int64_t{24} << 20);
  const std::string search = "bfs --roots 2 --threads 2 --store " + built;
  const std::int64_t search_minimum = stated_minimum(run(search + " --dram-budget 4KiB").err);
  ASSERT_GT(search_minimum, 0);
  // info states the same minimum (the row index counted exactly, not bounded by the edges).
  const CommandResult info = run("info --threads 2 --store " + built + " --dram-budget " + std::to_string(search_minimum - 1));
  EXPECT_EQ(stated_minimum(info.err), search_minimum) << info.err;
  expect_within(search, search_minimum);
}

// Iwabuchi et al.'s placement (--placement forward-on-disk) on a reused store, plain and compressed: every
// refusal, run's and info's, states one minimum that counts the whole backward graph, and a run at
// it validates within the budget.
TEST_F(BudgetCli, TheForwardOnDiskPlacementStatesOneMinimumThatRunsWithinIt) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  for (const std::string compress : {"", " --compress"}) {
    SCOPED_TRACE(compress.empty() ? "plain" : "compressed");
    const fs::path store = directory_ / (compress.empty() ? "plain" : "compressed");
    fs::create_directories(store);
    const CommandResult built =
        run("run --scale 15 --roots 1 --threads 2 --dram-budget 64MiB --store " + store.string() + compress);
    ASSERT_EQ(built.exit_code, 0) << built.err;
    const std::string placement = " --threads 2 --placement forward-on-disk --store " + store.string();
    const std::string command = "run --scale 15 --roots 4 --reuse" + compress + placement;
    const CommandResult tiny = run(command + " --dram-budget 4KiB");
    ASSERT_EQ(tiny.exit_code, 1) << tiny.err;
    EXPECT_NE(tiny.err.find("the whole backward graph"), std::string::npos) << tiny.err;
    const std::int64_t minimum = stated_minimum(tiny.err);
    ASSERT_GT(minimum, 0) << tiny.err;
    for (const std::string& refused_command : {command, "info" + placement}) {
      const CommandResult refused = run(refused_command + " --dram-budget " + std::to_string(minimum - 1));
      EXPECT_EQ(refused.exit_code, 1) << refused.err;
      EXPECT_EQ(lines_of(refused.err).size(), 1u) << refused.err;
      EXPECT_EQ(stated_minimum(refused.err), minimum) << refused_command << ": " << refused.err;
    }
    const CommandResult planned = run("info" + placement + " --dram-budget " + std::to_string(minimum));
    ASSERT_EQ(planned.exit_code, 0) << planned.err;
    EXPECT_NE(planned.out.find("placement (forward on disk, Iwabuchi et al.)"), std::string::npos) << planned.out;
    expect_within(command, minimum);
  }
}

// The analytics commands on a store built from a file, plain and compressed: each states its
// minimum and, at it and above it (lists read from the store each iteration), stays within the
// budget, its per-vertex results written.
TEST_F(BudgetCli, AnalyticsStayWithinTheirStatedMinimum) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const std::string edges = path("kron.el");
  ASSERT_EQ(run("generate --scale 18 --format el -o " + edges).exit_code, 0);
  for (const std::string compress : {"", " --compress"}) {
    const std::string store = path(compress.empty() ? "plain" : "compressed");
    ASSERT_EQ(run("build " + edges + " --format el --store " + store + compress).exit_code, 0);
    for (const std::string& command :
         {"pagerank --iterations 5 -o " + path("out.txt"), "cc -o " + path("out.txt"), std::string("at")}) {
      const std::string line = command.substr(0, command.find(' ')) + " --threads 2 --store " + store +
                               (command.find(' ') == std::string::npos ? "" : command.substr(command.find(' ')));
      const CommandResult tiny = run(line + " --dram-budget 4KiB");
      ASSERT_EQ(tiny.exit_code, 1) << tiny.err;
      const std::int64_t minimum = stated_minimum(tiny.err);
      ASSERT_GT(minimum, 0) << tiny.err;
      EXPECT_NE(expect_within(line, minimum).find("lean query buffers"), std::string::npos);
      expect_within(line, minimum + minimum / 4);
      // Where the budget has room for them, the queries read and stage with the roomy buffers.
      EXPECT_NE(expect_within(line, minimum + (std::int64_t{16} << 20)).find("roomy query buffers"), std::string::npos);
      // PageRank's queries all read every list: its plan places them for scans; the others' not.
      const CommandResult planned = run(line + " --dram-budget " + std::to_string(minimum + minimum / 4));
      ASSERT_EQ(planned.exit_code, 0) << planned.err;
      EXPECT_EQ(planned.err.find("for scans instead") != std::string::npos, command.starts_with("pagerank"))
          << planned.err;
    }
  }
}

// A hub of 70,000 neighbours: its list is longer than a stage of the queries (65,536 entries), so
// their plan, the store's index read, holds more than the first check counts. Every refusal states
// the plan's minimum, which then runs: one minimum, as for the searches.
TEST_F(BudgetCli, AQueryRefusalStatesTheMinimumThatThenRuns) {
  const std::string edges = path("star.el");
  {
    std::ofstream out(edges);
    for (int leaf = 1; leaf <= 70000; ++leaf) out << "0 " << leaf << "\n";
  }
  for (const std::string compress : {"", " --compress"}) {
    const std::string store = path(compress.empty() ? "plain" : "compressed");
    ASSERT_EQ(run("build " + edges + " --format el --store " + store + compress).exit_code, 0);
    for (const std::string& command : {std::string("pagerank --iterations 2"), "cc -o " + path("out.txt")}) {
      const std::string line = command.substr(0, command.find(' ')) + " --threads 2 --store " + store +
                               command.substr(command.find(' '));
      SCOPED_TRACE(line);
      const std::int64_t minimum = stated_minimum(run(line + " --dram-budget 4KiB").err);
      ASSERT_GT(minimum, 0);
      EXPECT_EQ(stated_minimum(run(line + " --dram-budget " + std::to_string(minimum - 1)).err), minimum);
      const CommandResult at_minimum = run(line + " --dram-budget " + std::to_string(minimum));
      EXPECT_EQ(at_minimum.exit_code, 0) << at_minimum.err;
    }
  }
}

// Issue 42, case 14: `bfs` on a store with a version (searched through the queries) stated one
// minimum at 4096 bytes, another at it, a third at that: the edge file's chunks, which grow with the
// budget, were counted among the fixed bytes as well. Now one minimum, stated by every refusal, runs
// within itself.
TEST_F(BudgetCli, ASearchOfALaterVersionStatesOneMinimumThatRunsWithinIt) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const std::string store = file_store(15);
  ASSERT_EQ(run("add-edges " + random_edges("added.el", 15, 200000, 3) + " --store " + store).exit_code, 0);
  const std::string search = "bfs --roots 2 --threads 2 --store " + store;
  const std::int64_t minimum = stated_minimum(run(search + " --dram-budget 4096").err);
  ASSERT_GT(minimum, 0);
  for (const std::int64_t budget : {std::int64_t{16} << 20, minimum - 1}) {
    const CommandResult refused = run(search + " --dram-budget " + std::to_string(budget));
    EXPECT_EQ(refused.exit_code, 1) << refused.err;
    EXPECT_EQ(lines_of(refused.err).size(), 1u) << refused.err;
    EXPECT_EQ(stated_minimum(refused.err), minimum) << refused.err;
  }
  EXPECT_NE(expect_within(search, minimum).find("through the streaming queries"), std::string::npos);
}

// Issue 42, case 12: add-edges read its file under 24 MiB up to 33.5 MiB before refusing, and its
// advice moved from budget to budget. Now a regular file's edges are counted first: every budget
// below one minimum is refused with it before an edge is held (no version written), and at it the
// edges are added within it.
TEST_F(BudgetCli, AddingEdgesStatesOneMinimumBeforeReadingThemAndRunsWithinIt) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const std::string store = file_store(15);
  const std::string add = "add-edges " + random_edges("added.el", 15, 300000, 4) + " --threads 2 --store " + store;
  const std::int64_t minimum = stated_minimum(run(add + " --dram-budget 4096").err);
  ASSERT_GT(minimum, 0);
  for (const std::int64_t budget : {std::int64_t{16} << 20, std::int64_t{24} << 20, minimum - 1}) {
    const MeasuredRun refused = run_measured(add + " --dram-budget " + std::to_string(budget));
    EXPECT_EQ(refused.exit_code, 1) << refused.err;
    EXPECT_EQ(lines_of(refused.err).size(), 1u) << refused.err;
    EXPECT_EQ(stated_minimum(refused.err), minimum) << refused.err;
    EXPECT_LE(refused.peak_rss_bytes, budget);
  }
  EXPECT_FALSE(fs::exists(fs::path(store) / "version-1"));
  expect_within(add, minimum);
  EXPECT_TRUE(fs::exists(fs::path(store) / "version-1"));
  // A second version, on a store that has one, likewise.
  const std::string again = "add-edges " + random_edges("again.el", 15, 300000, 5) + " --threads 2 --store " + store;
  expect_within(again, stated_minimum(run(again + " --dram-budget 4096").err));
  EXPECT_TRUE(fs::exists(fs::path(store) / "version-2"));
}

// Issue 42, case 11: compact at its stated minimum peaked above it (the base copied in 4 MiB
// pieces, four in flight; each version's edges read whole, then unpacked and packed again). Now
// the minimum it states holds the whole process.
TEST_F(BudgetCli, CompactionStaysWithinItsStatedMinimum) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's shadow memory is in the resident set";
  const std::string store = file_store(16);
  ASSERT_EQ(run("add-edges " + random_edges("added.el", 16, 1000000, 6) + " --store " + store).exit_code, 0);
  const std::string compact = "compact --threads 1 --store " + store;
  const CommandResult tiny = run(compact + " --dram-budget 4096");
  EXPECT_EQ(tiny.exit_code, 1) << tiny.err;
  EXPECT_EQ(lines_of(tiny.err).size(), 1u) << tiny.err;
  const std::int64_t minimum = stated_minimum(tiny.err);
  ASSERT_GT(minimum, 0) << tiny.err;
  EXPECT_EQ(stated_minimum(run(compact + " --dram-budget " + std::to_string(minimum - 1)).err), minimum);
  expect_within(compact, minimum);
  EXPECT_FALSE(fs::exists(fs::path(store) / "version-1"));
  const CommandResult searched = run("bfs --roots 2 --store " + store);
  EXPECT_EQ(searched.exit_code, 0) << searched.err;
}

}  // namespace
}  // namespace semibfs
