// Issue 42, cases 15, 17 and 19: a closed pipe is one line and exit 1; a usage error is found before
// any work; every hint names what is really wrong and what to do.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;
using testing::read_text;

class HostileMessagesCli : public testing::CommandTest {
 protected:
  std::string build_store(const std::string& name, const std::string& edges, const std::string& options = "") {
    const fs::path input = directory_ / (name + ".el");
    testing::write_text(input, edges);
    const std::string store = (directory_ / name).string();
    const CommandResult built = run("build " + input.string() + " --format el --store " + store + " " + options);
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return store;
  }

  // `semibfs ARGUMENTS | head -c 1`, SIGPIPE at its default action as a shell gives it: semibfs's
  // exit status and stderr.
  CommandResult run_into_closed_pipe(const std::string& arguments) {
    const fs::path err = directory_ / "pipe-stderr.txt";
    const std::string line = "bash -c '" + std::string(SEMIBFS_BINARY) + " " + arguments + " 2>" + err.string() +
                             " | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}'";
    struct sigaction previous {};
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    ::sigaction(SIGPIPE, &default_action, &previous);  // inherited through bash by semibfs
    const int status = std::system(line.c_str());
    ::sigaction(SIGPIPE, &previous, nullptr);
    CommandResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.err = read_text(err);
    return result;
  }
};

// Case 15: each wrote far more than a pipe buffer after `head` had gone, and exited 141 silently.
TEST_F(HostileMessagesCli, AClosedPipeIsOneLineAndExitOne) {
  const std::string store = build_store("path", [] {
    std::string edges;
    for (int v = 0; v < 40000; ++v) edges += std::to_string(v) + " " + std::to_string(v + 1) + "\n";
    return edges;
  }());
  for (const std::string& arguments : std::vector<std::string>{"generate --scale 12 --format el -o -",
                                                               "bfs --store " + store + " --root 5 -o -",
                                                               "run --scale 8 --roots 64 --threads 1 --json -"}) {
    SCOPED_TRACE(arguments);
    const CommandResult result = run_into_closed_pipe(arguments);
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const auto lines = lines_of(result.err);
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines.back().find("cannot write to stdout: Broken pipe"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("cannot write", result.err.find("cannot write") + 1), std::string::npos) << result.err;
  }
}

// Case 17: "S/." named the store; the whole rebuild ran, then the swap failed on renameat2.
TEST_F(HostileMessagesCli, CompactionOfAStoreNamedWithATrailingDotSwapsTheStoreItself) {
  const std::string store = build_store("s", "0 1\n1 2\n2 3\n");
  testing::write_text(directory_ / "more.el", "0 3\n1 3\n");
  ASSERT_EQ(run("add-edges " + (directory_ / "more.el").string() + " --store " + store).exit_code, 0);
  const CommandResult compacted = run("compact --store " + store + "/.");
  ASSERT_EQ(compacted.exit_code, 0) << compacted.err;
  EXPECT_NE(compacted.out.find("versions folded: 1"), std::string::npos) << compacted.out;
  EXPECT_FALSE(fs::exists(store + ".compacting"));
  EXPECT_NE(read_text(fs::path(store) / "input").find("edges 5"), std::string::npos) << read_text(fs::path(store) / "input");
  // A path that ends in no name of its own (the store as the working directory) is refused before
  // any work.
  for (const std::string path : {".", "./", ".."}) {
    const CommandResult refused = run("compact --store " + path);
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_EQ(lines_of(refused.err).size(), 1u) << refused.err;
    EXPECT_NE(refused.err.find("ends in its own name"), std::string::npos) << refused.err;
  }
}

// Case 19: "build one with semibfs build INPUT -o K" named an option build no longer has.
TEST_F(HostileMessagesCli, ADirectoryWithoutAStoreNamesTheBuildCommandThatExists) {
  const CommandResult result = run("bfs --store " + directory_.string() + " --roots 1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("semibfs build INPUT --store " + directory_.string()), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find(" -o "), std::string::npos) << result.err;
}

// Case 19: an ages file that is a directory was "give a graph file"; /dev/zero suggested g500-packed.
TEST_F(HostileMessagesCli, AnAgesFileThatIsNoTextSaysWhatTheAgesAre) {
  const std::string store = build_store("s", "0 1\n1 2\n");
  for (const std::string ages : {directory_.string(), std::string("/dev/zero")}) {
    SCOPED_TRACE(ages);
    const CommandResult result = run("at --store " + store + " --ages " + ages);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(lines_of(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find("'VERTEX AGE'"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("graph file"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("g500"), std::string::npos) << result.err;
  }
}

// Case 19: a directed store with the one edge 1 -> 0 has a vertex with an out-edge; the draw of one
// root missed it, and the message said that no vertex had an edge.
TEST_F(HostileMessagesCli, ADrawThatMissesTheOnlyRootNamesOne) {
  const std::string store = build_store("d", "1 0\n", "--directed");
  const CommandResult result = run("bfs --store " + store + " --roots 1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err.find("no vertex"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("--root (file id 1 has an out-edge)"), std::string::npos) << result.err;
  EXPECT_EQ(run("bfs --store " + store + " --root 1").exit_code, 0);
  const std::string loops = build_store("loops", "0 0\n1 1\n", "--directed");
  const CommandResult none = run("bfs --store " + loops + " --roots 1");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("has an out-edge (an edge to another vertex)"), std::string::npos) << none.err;
}

// Case 19: --damping 1 was "pagerank: pagerank: damping 1.000000 is not in [0, 1)", 0 "must be a
// positive number": one range, stated alike.
TEST_F(HostileMessagesCli, DampingOutsideItsRangeIsOneMessage) {
  const std::string store = build_store("s", "0 1\n1 2\n");
  for (const std::string damping : {"0", "1", "1.5", "-0.5"}) {
    const CommandResult result = run("pagerank --store " + store + " --damping " + damping);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(lines_of(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find("--damping: must be a number above 0 and below 1, got '" + damping + "'"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("pagerank: pagerank"), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace semibfs
