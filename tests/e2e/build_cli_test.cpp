// `semibfs build` end to end: help, a SNAP file (and its gzip) into a store with the summary on
// stdout, and the errors: one line on stderr, exit 1 (2 for a bad command line), no store left.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "store/store_lock.hpp"
#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;
using testing::read_text;

class BuildCli : public testing::CommandTest {
 protected:
  CommandResult build(const std::string& arguments) { return run("build " + arguments); }

  std::string file(const std::string& name) const { return (directory_ / name).string(); }

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name), std::ios::binary) << text;
    return file(name);
  }

  // A failed build: after any progress lines, one line on stderr that starts with
  // "semibfs build: " and holds `text`; nothing on stdout, and `store` is absent.
  void expect_failure(const CommandResult& result, int exit_code, const std::string& text, const std::string& store) const {
    EXPECT_EQ(result.exit_code, exit_code) << result.err;
    ASSERT_FALSE(result.err.empty());
    const std::size_t last_line = result.err.rfind('\n', result.err.size() - 2) + 1;  // 0 when there is one line
    const std::string error = result.err.substr(last_line);
    EXPECT_EQ(error.rfind("semibfs build: ", 0), 0u) << result.err;
    EXPECT_NE(error.find(text), std::string::npos) << result.err;
    if (exit_code == 2) {
      EXPECT_EQ(last_line, 0u) << "a bad command line is refused before any work: " << result.err;
    }
    EXPECT_TRUE(result.out.empty()) << result.out;
    EXPECT_FALSE(fs::exists(store)) << store;
  }
};

TEST_F(BuildCli, HelpListsEveryOption) {
  const CommandResult run = build("--help");
  EXPECT_EQ(run.exit_code, 0);
  for (const char* option : {"Usage: semibfs build INPUT --store DIR", "--format", "--directed",
                             "--dram-budget", "--partitions", "--neighbor-order", "--threads"}) {
    EXPECT_NE(run.out.find(option), std::string::npos) << option;
  }
}

TEST_F(BuildCli, SnapFileBecomesAStoreWithASummary) {
  const std::string input = write("web.txt", "# Directed graph\n10 20\r\n20 30\n# mid-file\n30 10\n40 40\n");
  const std::string store = file("stores/web");
  const CommandResult run = build(input + " --store " + store + " --dram-budget 64MiB --partitions 2 --neighbor-order id --threads 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const char* line : {"format           snap (declared directed; symmetrized)", "vertices         4 (file ids renumbered",
                           "edges            4", "adjacencies      6", "parse_MB/s", "parse_edges/s", "build_seconds"}) {
    EXPECT_NE(run.out.find(line), std::string::npos) << line << " in\n" << run.out;
  }
  EXPECT_NE(run.err.find("build: reading"), std::string::npos) << run.err;
  for (const char* name : {"manifest", "input", "edges.packed48", "vertex-ids", "p1.forward.offsets"}) {
    EXPECT_TRUE(fs::exists(fs::path(store) / name)) << name;
  }
  EXPECT_NE(read_text(store + "/manifest").find("made-from file format=snap symmetrized vertices=4 edges=4 ids=remapped"),
            std::string::npos);
  // A second build into the same store is refused before any work, and the store stays.
  const std::string manifest = read_text(store + "/manifest");
  const CommandResult again = build(input + " --store " + store);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("already holds a store"), std::string::npos) << again.err;
  EXPECT_EQ(read_text(store + "/manifest"), manifest);
}

TEST_F(BuildCli, GzipIsFoundByItsBytes) {
  const std::string text = write("g.el", "0 1\n1 2\n");
  ASSERT_EQ(std::system(("gzip -c " + text + " >" + text + ".gz").c_str()), 0);
  const CommandResult run = build(text + ".gz --store " + file("store"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("format           el, gzip"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(the file's ids)"), std::string::npos) << run.out;
}

TEST_F(BuildCli, BadInputIsOneLineExitOneAndNoStore) {
  const std::string store = file("store");
  expect_failure(build(write("bad.txt", "1 2\n3 x\n") + " --store " + store), 1, "bad.txt' line 2", store);
  expect_failure(build(write("empty.txt", "") + " --store " + store), 1, "no edges", store);
  expect_failure(build(write("rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 2\n") + " --store " + store),
                 1, "not square", store);
  expect_failure(build(write("ok.txt", "1 2\n") + " --store " + store + " --dram-budget 1MiB"), 1,
                 "below the minimum of", store);
  expect_failure(build(write("u.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n") + " --store " +
                       store + " --directed"),
                 1, "build it undirected", store);
  expect_failure(build(file("missing.txt") + " --store " + store), 1, "missing.txt", store);
}

TEST_F(BuildCli, BadCommandLinesExitTwo) {
  const std::string input = write("g.txt", "1 2\n");
  const std::string store = file("store");
  expect_failure(build(input), 2, "--store DIR is required", store);
  expect_failure(build("--store " + store), 2, "no INPUT", store);
  expect_failure(build(input + " --store " + store + " --format csv"), 2, "unknown input format 'csv'", store);
  expect_failure(build(input + " --store " + store + " --dram-budget 5GB"), 2, "--dram-budget", store);
  expect_failure(build(input + " --store " + store + " --partitions 0"), 2, "--partitions", store);
  expect_failure(build(input + " --store " + store + " --neighbor-order random"), 2, "random", store);
  expect_failure(build(input + " extra.txt --store " + store), 2, "unknown option 'extra.txt'", store);
}

// A device that never ends (/dev/zero) stops at the input limit with one line and no store.
TEST_F(BuildCli, EndlessInputStopsAtTheInputLimit) {
  const std::string store = (directory_ / "zero").string();
  const CommandResult result = run("build /dev/zero --format g500-packed --max-input-bytes 1MiB --store " + store);
  EXPECT_EQ(result.exit_code, 1);
  ASSERT_FALSE(lines_of(result.err).empty());
  EXPECT_NE(lines_of(result.err).back().find("more than 1048576 bytes"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(store) / "manifest"));
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(store) / "edges.packed48"));
}

// One writer per store: while this test process holds the store's lock, another build into it or a
// search of it is one error naming this process, and nothing is written.
TEST_F(BuildCli, AStoreInUseIsRefusedNamingTheHolder) {
  const fs::path input = directory_ / "g.el";
  std::ofstream(input) << "0 1\n1 2\n";
  const std::string store = (directory_ / "store").string();
  ASSERT_EQ(run("build " + input.string() + " --store " + store).exit_code, 0);
  const std::string holder = "process " + std::to_string(::getpid());
  {
    const StoreLock reader(store, StoreLock::Mode::kRead);
    const fs::path other = directory_ / "other";
    fs::create_directories(other);
    const StoreLock other_reader(other.string(), StoreLock::Mode::kRead);
    const CommandResult build = run("build " + input.string() + " --store " + other.string());
    EXPECT_EQ(build.exit_code, 1);
    EXPECT_NE(build.err.find(holder + " (reading it)"), std::string::npos) << build.err;
    EXPECT_TRUE(fs::is_empty(other));
    EXPECT_EQ(run("bfs --store " + store + " --root 0").exit_code, 0);  // readers share
  }
  const StoreLock writer(store, StoreLock::Mode::kWrite);
  for (const std::string& command : {"bfs --store " + store + " --root 0", "info --store " + store}) {
    const CommandResult result = run(command);
    EXPECT_EQ(result.exit_code, 1) << command;
    EXPECT_EQ(lines_of(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find(holder + " (writing it)"), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace semibfs
