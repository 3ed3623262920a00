// Progress on stderr end to end: bars redrawn in place when asked (SEMIBFS_PROGRESS=bar stands for
// a terminal), every line of the plain output still there, each whole on a line of its own; and
// in a pipe (the default here) or with SEMIBFS_PROGRESS=plain, no bar at all.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

using testing::CommandResult;
using testing::lines_of;
using ProgressCli = testing::CommandTest;

constexpr const char* kBar = "SEMIBFS_PROGRESS=bar ";
constexpr const char* kClear = "\r\033[K";

// What stays on the screen: each line as its last redraw left it.
std::vector<std::string> screen_lines(const std::string& err) {
  std::vector<std::string> lines;
  for (const std::string& line : lines_of(err)) {
    const std::size_t last = line.rfind(kClear);
    lines.push_back(last == std::string::npos ? line : line.substr(last + std::string(kClear).size()));
  }
  return lines;
}

// Figures vary from run to run; the words do not.
std::string words_of(const std::string& line) { return std::regex_replace(line, std::regex("[0-9][0-9.e+-]*"), "#"); }

bool is_final_bar_line(const std::string& line) {
  return std::regex_search(line, std::regex("^(generation|construction|searches|warm-up search): .* in [0-9]"));
}

TEST_F(ProgressCli, RunDrawsBarsAndKeepsEveryLine) {
  const CommandResult bar = run("run --scale 10 --roots 8 --threads 2", kBar);
  ASSERT_EQ(bar.exit_code, 0) << bar.err;
  const CommandResult plain = run("run --scale 10 --roots 8 --threads 2");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(words_of(bar.out), words_of(plain.out)) << "stdout is the official block either way";

  EXPECT_NE(bar.err.find(std::string(kClear) + "generation: ["), std::string::npos) << bar.err;
  EXPECT_NE(bar.err.find(std::string(kClear) + "searches: ["), std::string::npos) << bar.err;
  ASSERT_FALSE(bar.err.empty());
  EXPECT_EQ(bar.err.back(), '\n');
  std::vector<std::string> kept;
  std::vector<std::string> finals;
  for (const std::string& line : screen_lines(bar.err)) (is_final_bar_line(line) ? finals : kept).push_back(line);
  ASSERT_EQ(finals.size(), 3u) << bar.err;
  EXPECT_EQ(finals[0].rfind("generation: 16384 edges in ", 0), 0u) << finals[0];
  EXPECT_EQ(finals[1].rfind("construction: done in ", 0), 0u) << finals[1];
  EXPECT_EQ(finals[2].rfind("searches: 8 searches in ", 0), 0u) << finals[2];
  // The per-root lines, and every other, as the plain output has them, in its order.
  std::vector<std::string> plain_words, bar_words;
  for (const std::string& line : lines_of(plain.err)) plain_words.push_back(words_of(line));
  for (const std::string& line : kept) bar_words.push_back(words_of(line));
  EXPECT_EQ(bar_words, plain_words) << bar.err;
  for (int index = 0; index < 8; ++index) {
    const std::string root_line = std::string(kClear) + "BFS " + std::to_string(index) + ": root ";
    EXPECT_NE(bar.err.find(root_line), std::string::npos) << index << bar.err;
  }
}

TEST_F(ProgressCli, PipesAndPlainGetNoBar) {
  for (const char* setting : {"", "SEMIBFS_PROGRESS=plain "}) {
    const CommandResult result = run("run --scale 10 --roots 4 --threads 2", setting);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.err.find('\r'), std::string::npos) << setting << result.err;
    EXPECT_EQ(result.err.find('\033'), std::string::npos) << setting << result.err;
    EXPECT_NE(result.err.find("BFS 3: root "), std::string::npos) << result.err;
  }
}

// Generation into a file, import of a graph file, the external construction and the check of the
// store's edge file before the searches: a bar per phase, each finished with its total on a line
// of its own.
TEST_F(ProgressCli, GenerateAndBuildDrawBars) {
  const fs::path edges = directory_ / "kron.el";
  const CommandResult generated = run("generate --scale 10 --format el -o " + edges.string(), kBar);
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  EXPECT_NE(generated.err.find(std::string(kClear) + "semibfs generate: ["), std::string::npos) << generated.err;
  EXPECT_NE(generated.err.find("semibfs generate: 16384 edges in "), std::string::npos) << generated.err;
  EXPECT_NE(generated.err.find("semibfs generate: wrote 16384 edges"), std::string::npos) << generated.err;

  const std::string store = (directory_ / "store").string();
  const CommandResult built = run("build " + edges.string() + " --format el --store " + store, kBar);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  for (const char* final_line :
       {"build: reading: ", "external build: counting endpoints: ", "external build: collecting: "}) {
    EXPECT_NE(built.err.find(std::string(kClear) + final_line), std::string::npos) << final_line << built.err;
  }
  EXPECT_EQ(built.err.back(), '\n');
  const CommandResult plain = run("build " + edges.string() + " --format el --store " + store + "-plain");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.err.find('\r'), std::string::npos) << plain.err;

  // The searches' check of the store's edge file streams it through SHA-256: a bar too.
  const CommandResult searched = run("bfs --store " + store + " --roots 2 --threads 2", kBar);
  ASSERT_EQ(searched.exit_code, 0) << searched.err;
  EXPECT_NE(searched.err.find(std::string(kClear) + "edge file check: SHA-256: ["), std::string::npos) << searched.err;
  EXPECT_NE(searched.err.find("checked the edge file: "), std::string::npos) << searched.err;
}

}  // namespace
}  // namespace semibfs
