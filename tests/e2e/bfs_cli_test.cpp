// `semibfs bfs` and `semibfs info` end to end on stores made by `semibfs build`: results in the
// input's own ids, levels equal to a plain BFS computed here, the statistics block, semi-external
// searches, and one-line errors.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/command_runner.hpp"
#include "support/plain_bfs.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

using testing::CommandResult;
using testing::lines_of;
using testing::read_text;

// A small graph with sparse ids (one near 2^48), a self-loop, a duplicate, two components.
const testing::FileIdEdges kEdges = {
    {10, 7000}, {7000, 3}, {3, 10}, {3, 281474976710000}, {281474976710000, 42}, {42, 42},
    {42, 900}, {900, 7000}, {10, 7000}, {55, 66}, {66, 77}};

std::map<std::uint64_t, int> plain_bfs_levels(std::uint64_t root) { return testing::plain_bfs_levels(kEdges, root); }

class BfsCli : public testing::CommandTest {
 protected:
  // The SNAP file of kEdges (comments before and among the edges) built into directory_/store.
  std::string build_snap_store() {
    std::ofstream file(directory_ / "graph.txt");
    file << "# Directed graph: graph.txt\n# Nodes: 9 Edges: 11\n";
    for (std::size_t i = 0; i < kEdges.size(); ++i) {
      if (i == 4) file << "# a comment among the edges\n";
      file << kEdges[i].first << '\t' << kEdges[i].second << '\n';
    }
    file.close();
    const std::string store = (directory_ / "store").string();
    const CommandResult built = run("build " + (directory_ / "graph.txt").string() + " -o " + store);
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return store;
  }
};

TEST_F(BfsCli, HelpTextsExitZero) {
  for (const char* arguments : {"build --help", "bfs --help", "info --help"}) {
    const CommandResult result = run(arguments);
    EXPECT_EQ(result.exit_code, 0) << arguments;
    EXPECT_NE(result.out.find("Usage: semibfs"), std::string::npos) << arguments;
  }
  EXPECT_NE(run("--help").out.find("  bfs "), std::string::npos);
}

TEST_F(BfsCli, OneRootWritesParentsAndLevelsInTheFileIds) {
  const std::string store = build_snap_store();
  for (const std::uint64_t root : {std::uint64_t{3}, std::uint64_t{281474976710000}, std::uint64_t{66}}) {
    const fs::path output = directory_ / "tree.txt";
    const CommandResult result = run("bfs " + store + " --root " + std::to_string(root) + " --output " + output.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("validation: passed"), std::string::npos) << result.out;
    const std::map<std::uint64_t, int> expected = plain_bfs_levels(root);
    std::map<std::uint64_t, int> levels;
    for (const std::string& line : lines_of(read_text(output))) {
      if (line.starts_with("#")) continue;
      std::istringstream fields(line);
      std::uint64_t vertex = 0, parent = 0;
      std::int64_t level = -1;
      ASSERT_TRUE(fields >> vertex >> parent >> level) << line;
      levels[vertex] = static_cast<int>(level);
      if (vertex == root) {
        EXPECT_EQ(parent, root);
      } else {
        ASSERT_TRUE(expected.contains(parent)) << line;
        EXPECT_EQ(expected.at(parent), level - 1) << line;  // the parent is one level up
      }
    }
    EXPECT_EQ(levels, expected) << "root " << root;
  }
}

TEST_F(BfsCli, BinaryOutputHoldsTheSameTriples) {
  const std::string store = build_snap_store();
  const fs::path output = directory_ / "tree.bin";
  const CommandResult result = run("bfs " + store + " --root 10 --output " + output.string() + " --output-format binary");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string bytes = read_text(output);
  ASSERT_EQ(bytes.size() % 24, 0u);
  std::map<std::uint64_t, int> levels;
  for (std::size_t at = 0; at < bytes.size(); at += 24) {
    std::int64_t triple[3];
    std::memcpy(triple, bytes.data() + at, sizeof(triple));
    levels[static_cast<std::uint64_t>(triple[0])] = static_cast<int>(triple[2]);
  }
  EXPECT_EQ(levels, plain_bfs_levels(10));
}

TEST_F(BfsCli, RootsPrintTheStatisticsBlockAndTheJson) {
  const std::string store = build_snap_store();
  const fs::path json = directory_ / "bfs.json";
  const CommandResult result = run("bfs " + store + " --roots 3 --json " + json.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* key : {"SCALE:", "NBFS:", "harmonic_mean_TEPS:", "median_nedge:"}) {
    EXPECT_NE(result.out.find(key), std::string::npos) << key << "\n" << result.out;
  }
  EXPECT_NE(result.out.find("NBFS:                           3"), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("roots in the input's ids:"), std::string::npos) << result.err;
  EXPECT_NE(read_text(json).find("\"graph\": \"file"), std::string::npos);
}

// The round trip of the issue: a Kronecker graph through a text edge list and build gives, root by
// root, the nedge of the direct run; under a DRAM budget with tails on disk too.
TEST_F(BfsCli, KroneckerThroughAnEdgeListGivesTheRunsNedge) {
  const fs::path json = directory_ / "run.json";
  ASSERT_EQ(run("run --scale 10 --roots 3 --threads 2 --json " + json.string()).exit_code, 0);
  const std::string report = read_text(json);
  const fs::path edges = directory_ / "kron.el";
  ASSERT_EQ(run("generate --scale 10 --format text -o " + edges.string()).exit_code, 0);
  const std::string store = (directory_ / "store").string();
  const CommandResult built = run("build " + edges.string() + " --format el -o " + store);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const std::regex root_pattern("\"root\": (\\d+),[^}]*?\"nedge\": (\\d+)");
  int compared = 0;
  for (auto match = std::sregex_iterator(report.begin(), report.end(), root_pattern); match != std::sregex_iterator();
       ++match) {
    const std::string root = (*match)[1], nedge = (*match)[2];
    // Just above the minimum (run buffers of 2 threads, status, offsets): most tails on disk.
    for (const char* budget : {"", " --dram-budget 8450KiB --backward-head 1"}) {
      const CommandResult searched = run("bfs " + store + " --threads 2 --root " + root + budget);
      ASSERT_EQ(searched.exit_code, 0) << searched.err;
      EXPECT_NE(searched.out.find("nedge: " + nedge + "\n"), std::string::npos) << root << budget << searched.out;
      if (*budget != '\0') EXPECT_NE(searched.err.find(" reads of "), std::string::npos) << searched.err;
    }
    ++compared;
  }
  EXPECT_EQ(compared, 3) << report;
}

TEST_F(BfsCli, InfoDescribesTheStoreAndItsPlacement) {
  const std::string store = build_snap_store();
  const CommandResult info = run("info " + store);
  ASSERT_EQ(info.exit_code, 0) << info.err;
  for (const char* line : {"vertices: 9\n", "format: snap\n", "edges read: 11 ", "vertices with edges: 9 (isolated 0)",
                           "degree: min 1,", "max 3\n", "partitions: 1\n"}) {
    EXPECT_NE(info.out.find(line), std::string::npos) << line << "\n" << info.out;
  }
  const CommandResult planned = run("info " + store + " --dram-budget 64MiB");
  ASSERT_EQ(planned.exit_code, 0) << planned.err;
  EXPECT_NE(planned.out.find("placement: DRAM budget 64.00 MiB"), std::string::npos) << planned.out;
  EXPECT_NE(planned.out.find("BFS status"), std::string::npos) << planned.out;
}

TEST_F(BfsCli, ErrorsAreOneLine) {
  const std::string store = build_snap_store();
  const fs::path empty = directory_ / "empty";
  fs::create_directory(empty);
  const std::vector<std::pair<std::string, int>> cases = {
      {"bfs " + store, 2},                                    // neither --root nor --roots
      {"bfs " + store + " --root 3 --roots 2", 2},            // both
      {"bfs " + store + " --roots 2 --output x.txt", 2},      // --output without --root
      {"bfs", 2},                                              // no store
      {"bfs " + store + " --root 4", 1},                       // not a vertex of the file
      {"bfs " + empty.string() + " --roots 2", 1},             // no store there
      {"bfs " + store + " --roots 2 --dram-budget 1KiB", 1},   // below the BFS status
      {"info " + empty.string(), 1},
  };
  for (const auto& [arguments, code] : cases) {
    const CommandResult result = run(arguments);
    EXPECT_EQ(result.exit_code, code) << arguments << "\n" << result.err;
    EXPECT_EQ(lines_of(result.err).size(), 1u) << arguments << "\n" << result.err;
  }
}

}  // namespace
}  // namespace semibfs
