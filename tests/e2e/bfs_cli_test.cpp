// `semibfs bfs` and `semibfs info` end to end on stores made by `semibfs build`: results in the
// input's own ids, levels equal to a plain BFS computed here, the statistics block, semi-external
// searches, and one-line errors.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
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
    const CommandResult built = run("build " + (directory_ / "graph.txt").string() + " --store " + store);
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
    const CommandResult result = run("bfs --store " + store + " --root " + std::to_string(root) + " --output " + output.string());
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
  const CommandResult result = run("bfs --store " + store + " --root 10 --output " + output.string() + " --output-format binary");
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
  const CommandResult result = run("bfs --store " + store + " --roots 3 --json " + json.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* key : {"SCALE:", "NBFS:", "harmonic_mean_TEPS:", "median_nedge:"}) {
    EXPECT_NE(result.out.find(key), std::string::npos) << key << "\n" << result.out;
  }
  EXPECT_NE(result.out.find("NBFS:                           3"), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("roots in the input's ids:"), std::string::npos) << result.err;
  EXPECT_NE(read_text(json).find("\"graph\": \"file"), std::string::npos);
}

// bfs weighs edges (beamer) on any store unless --policy names a rule; run keeps alpha-beta.
TEST_F(BfsCli, SearchesUseBeamersRuleUnlessAPolicyIsChosen) {
  const std::string store = build_snap_store();
  const fs::path json = directory_ / "bfs.json";
  ASSERT_EQ(run("bfs --store " + store + " --roots 2 --json " + json.string()).exit_code, 0);
  EXPECT_NE(read_text(json).find("\"policy\": \"beamer\""), std::string::npos) << read_text(json);
  ASSERT_EQ(run("bfs --store " + store + " --roots 2 --policy alpha-beta --json " + json.string()).exit_code, 0);
  EXPECT_NE(read_text(json).find("\"policy\": \"alpha-beta\""), std::string::npos) << read_text(json);
  ASSERT_EQ(run("run --scale 8 --roots 2 --json " + json.string()).exit_code, 0);
  EXPECT_NE(read_text(json).find("\"policy\": \"alpha-beta\""), std::string::npos) << read_text(json);
}

// The round trip of the issue: a Kronecker graph through a text edge list and build gives, root by
// root, the nedge of the direct run; under a DRAM budget with tails on disk too.
TEST_F(BfsCli, KroneckerThroughAnEdgeListGivesTheRunsNedge) {
  const fs::path json = directory_ / "run.json";
  ASSERT_EQ(run("run --scale 10 --roots 3 --threads 2 --json " + json.string()).exit_code, 0);
  const std::string report = read_text(json);
  const fs::path edges = directory_ / "kron.el";
  ASSERT_EQ(run("generate --scale 10 --format el -o " + edges.string()).exit_code, 0);
  const std::string store = (directory_ / "store").string();
  const CommandResult built = run("build " + edges.string() + " --format el --store " + store);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const std::regex root_pattern("\"root\": (\\d+),[^}]*?\"nedge\": (\\d+)");
  int compared = 0;
  for (auto match = std::sregex_iterator(report.begin(), report.end(), root_pattern); match != std::sregex_iterator();
       ++match) {
    const std::string root = (*match)[1], nedge = (*match)[2];
    // A few MiB above the minimum (the program, run buffers of 2 threads, status, offsets), K = 1: tails on disk.
    for (const char* budget : {"", " --dram-budget 20MiB --head-entries 1"}) {
      const CommandResult searched = run("bfs --store " + store + " --threads 2 --root " + root + budget);
      ASSERT_EQ(searched.exit_code, 0) << searched.err;
      EXPECT_NE(searched.out.find("nedge: " + nedge + "\n"), std::string::npos) << root << budget << searched.out;
      if (*budget != '\0') {
        EXPECT_NE(searched.err.find(" reads of "), std::string::npos) << searched.err;
      }
    }
    ++compared;
  }
  EXPECT_EQ(compared, 3) << report;
}

// The levels in a tree file that `bfs --output` wrote; checks that each parent is one level up
// and joined to its child by one of `edges`, parent -> child.
std::map<std::uint64_t, int> tree_levels(const std::string& text, std::uint64_t root,
                                         const std::set<std::pair<std::uint64_t, std::uint64_t>>& edges) {
  std::map<std::uint64_t, std::pair<std::uint64_t, int>> tree;
  for (const std::string& line : lines_of(text)) {
    if (line.starts_with("#")) continue;
    std::istringstream fields(line);
    std::uint64_t vertex = 0, parent = 0;
    int level = -1;
    EXPECT_TRUE(fields >> vertex >> parent >> level) << line;
    tree[vertex] = {parent, level};
  }
  std::map<std::uint64_t, int> levels;
  for (const auto& [vertex, parent_level] : tree) {
    levels[vertex] = parent_level.second;
    if (vertex == root) continue;
    EXPECT_TRUE(edges.contains({parent_level.first, vertex})) << parent_level.first << " -> " << vertex;
    EXPECT_EQ(tree[parent_level.first].second, parent_level.second - 1) << vertex;
  }
  return levels;
}

// Out-edge BFS from every vertex: levels of a plain BFS that follows each pair from its first id
// to its second, each parent joined to its child by an edge parent -> child, every search
// validated by the directed rules; the block of --roots and what info says.
TEST_F(BfsCli, DirectedStoreSearchesTheOutEdges) {
  std::ofstream file(directory_ / "web.txt");
  file << "# Directed graph\n";
  for (const auto& [u, v] : kEdges) file << u << ' ' << v << '\n';
  file.close();
  const std::string store = (directory_ / "store").string();
  const CommandResult built = run("build " + (directory_ / "web.txt").string() + " --store " + store + " --directed");
  ASSERT_EQ(built.exit_code, 0) << built.err;
  EXPECT_NE(built.out.find("(declared directed; directed)"), std::string::npos) << built.out;
  const std::set<std::pair<std::uint64_t, std::uint64_t>> edges(kEdges.begin(), kEdges.end());
  std::set<std::uint64_t> roots;
  for (const auto& [u, v] : kEdges) roots.insert({u, v});
  for (const std::uint64_t root : roots) {
    SCOPED_TRACE("root " + std::to_string(root));
    const fs::path output = directory_ / "tree.txt";
    const CommandResult result =
        run("bfs --store " + store + " --threads 2 --root " + std::to_string(root) + " --output " + output.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("validation: passed"), std::string::npos) << result.out;
    EXPECT_EQ(tree_levels(read_text(output), root, edges), testing::plain_bfs_levels(kEdges, root, true));
  }
  const CommandResult block = run("bfs --store " + store + " --roots 4 --threads 2");
  ASSERT_EQ(block.exit_code, 0) << block.err;
  EXPECT_NE(block.out.find("NBFS:                           4"), std::string::npos) << block.out;
  const CommandResult info = run("info --store " + store);
  ASSERT_EQ(info.exit_code, 0) << info.err;
  for (const char* line : {"searched as: directed (out-edges)", "one per directed edge", "in-degree: min 1,",
                           "out-degree: min 1,", "vertices with in-degree >= 1: 8 (1 with none)"}) {
    EXPECT_NE(info.out.find(line), std::string::npos) << line << "\n" << info.out;
  }
}

// A Kronecker edge list taken as directed: searches in DRAM and at the stated minimum budget
// (out-lists and in-list tails on disk) give the levels of the plain directed BFS.
TEST_F(BfsCli, DirectedKroneckerEdgeListFromDisk) {
  const fs::path edge_path = directory_ / "kron.el";
  ASSERT_EQ(run("generate --scale 10 --format el -o " + edge_path.string()).exit_code, 0);
  testing::FileIdEdges file_edges;
  for (const std::string& line : lines_of(read_text(edge_path))) {
    std::istringstream fields(line);
    std::uint64_t u = 0, v = 0;
    if (fields >> u >> v) file_edges.emplace_back(u, v);
  }
  ASSERT_EQ(file_edges.size(), 16u << 10);
  const std::string store = (directory_ / "store").string();
  ASSERT_EQ(run("build " + edge_path.string() + " --format el --directed --store " + store).exit_code, 0);
  const std::set<std::pair<std::uint64_t, std::uint64_t>> edges(file_edges.begin(), file_edges.end());
  const fs::path output = directory_ / "tree.txt";
  for (const std::size_t edge : {0, 1000, 9000}) {
    const std::uint64_t root = file_edges[edge].first;
    const std::string search = "bfs --store " + store + " --threads 2 --root " + std::to_string(root) + " --output " + output.string();
    const std::string tight = stated_minimum_budget(search + " --head-entries 1") + " --head-entries 1";
    ASSERT_NE(tight, " --head-entries 1");
    const std::map<std::uint64_t, int> expected = testing::plain_bfs_levels(file_edges, root, true);
    for (const std::string& budget : {std::string(), tight}) {
      SCOPED_TRACE("root " + std::to_string(root) + budget);
      const CommandResult result = run(search + budget);
      ASSERT_EQ(result.exit_code, 0) << result.err;
      EXPECT_NE(result.out.find("validation: passed"), std::string::npos) << result.out;
      if (!budget.empty()) {
        EXPECT_NE(result.err.find(" reads of "), std::string::npos) << result.err;
      }
      EXPECT_EQ(tree_levels(read_text(output), root, edges), expected);
    }
  }
}

// The JSON of `bfs --roots` describes the store as it is (its vertices and edges, no Kronecker
// SCALE) with the seeds given, and names every root, there and in the log, by the file's ids.
TEST_F(BfsCli, RootsJsonHoldsTheStoresSizeTheSeedsGivenAndFileIds) {
  const std::string store = build_snap_store();
  const fs::path json = directory_ / "bfs.json";
  const CommandResult result = run("bfs --store " + store + " --roots 4 --seed1 7 --seed2 9 --json " + json.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string report = read_text(json);
  const std::string options = report.substr(report.find("\"options\""), report.find("\"machine\"") - report.find("\"options\""));
  for (const char* field : {"\"seed1\": 7,", "\"seed2\": 9,", "\"vertices\": 9,", "\"input_edges\": 11,", "\"roots_requested\": 4,"}) {
    EXPECT_NE(options.find(field), std::string::npos) << field << "\n" << options;
  }
  EXPECT_EQ(options.find("\"scale\""), std::string::npos) << options;
  EXPECT_EQ(options.find("\"edgefactor\""), std::string::npos) << options;
  std::set<std::uint64_t> file_ids;
  for (const auto& [u, v] : kEdges) file_ids.insert({u, v});
  std::vector<std::uint64_t> json_roots, logged_roots;
  const std::regex json_root("\"root\": (\\d+),");
  for (auto match = std::sregex_iterator(report.begin(), report.end(), json_root); match != std::sregex_iterator(); ++match) {
    json_roots.push_back(std::stoull((*match)[1]));
  }
  const std::regex log_root("^BFS \\d+: root (\\d+),");
  for (const std::string& line : lines_of(result.err)) {
    std::smatch match;
    if (std::regex_search(line, match, log_root)) logged_roots.push_back(std::stoull(match[1]));
  }
  ASSERT_EQ(json_roots.size(), 4u) << report;
  EXPECT_EQ(logged_roots, json_roots) << result.err;
  for (const std::uint64_t root : json_roots) EXPECT_TRUE(file_ids.contains(root)) << root << " is no id of the file";
  std::string drawn = "roots in the input's ids:";
  for (const std::uint64_t root : json_roots) drawn.append(1, ' ').append(std::to_string(root));
  EXPECT_NE(result.err.find(drawn + "\n"), std::string::npos) << result.err;
}

// The lines of the placement plan in `text`: from "placement:" to the "total" line.
std::string plan_lines(const std::string& text) {
  const std::size_t begin = text.find("placement: ");
  if (begin == std::string::npos) return "";
  const std::size_t total = text.find("  total", begin);
  return text.substr(begin, text.find('\n', total) + 1 - begin);
}

// `info --dram-budget B` prints the plan of the searches with that budget, byte for byte: on a
// store written by `run --store` (against `run --reuse`), a renumbered `build` store (its id map
// counted) and a `build --directed` store, each at its stated minimum (tails on disk), above it,
// and roomy.
TEST_F(BfsCli, InfoPrintsThePlanTheSearchesUse) {
  const fs::path edges = directory_ / "kron.el", sparse_edges = directory_ / "sparse.txt";
  ASSERT_EQ(run("generate --scale 10 --format el -o " + edges.string()).exit_code, 0);
  std::ofstream sparse_file(sparse_edges);
  for (const std::string& line : lines_of(read_text(edges))) {
    std::istringstream fields(line);
    std::uint64_t u = 0, v = 0;
    if (fields >> u >> v) sparse_file << u * 1000 + 7 << ' ' << v * 1000 + 7 << '\n';  // sparse: renumbered
  }
  sparse_file.close();
  const std::string sparse = (directory_ / "sparse").string(), directed = (directory_ / "directed").string();
  ASSERT_EQ(run("build " + sparse_edges.string() + " --format snap --store " + sparse).exit_code, 0);
  ASSERT_NE(read_text(sparse + "/manifest").find("ids=remapped"), std::string::npos);
  ASSERT_EQ(run("build " + edges.string() + " --format el --directed --store " + directed).exit_code, 0);
  const fs::path kronecker = directory_ / "kronecker";
  fs::create_directories(kronecker);
  const std::string run_store = " --store " + kronecker.string() + " --threads 2";
  ASSERT_EQ(run("run --scale 10 --roots 2 --dram-budget 64MiB" + run_store).exit_code, 0);
  // A compressed store relabelled by degree: its searches hold the old ids and a second parent array.
  const fs::path relabelled = directory_ / "relabelled";
  fs::create_directories(relabelled);
  const std::string relabelled_store = " --store " + relabelled.string() + " --threads 2";
  const std::string relabelled_run = "run --scale 10 --roots 2 --compress --vertex-order degree" + relabelled_store;
  ASSERT_EQ(run(relabelled_run + " --dram-budget 64MiB").exit_code, 0);
  const std::vector<std::pair<std::string, std::string>> searches = {
      {"info --store " + sparse + " --threads 2", "bfs --store " + sparse + " --threads 2 --roots 2"},
      {"info --store " + directed + " --threads 2", "bfs --store " + directed + " --threads 2 --roots 2"},
      {"info" + run_store, "run --scale 10 --roots 2 --reuse" + run_store},
      {"info" + relabelled_store, relabelled_run + " --reuse"},
  };
  for (const auto& [info, search] : searches) {
    const std::string tight = stated_minimum_budget(info);
    ASSERT_FALSE(tight.empty()) << info;
    const std::int64_t minimum = std::stoll(tight.substr(std::string(" --dram-budget ").size()));
    for (const std::string& budget :
         {tight, " --dram-budget " + std::to_string(minimum + minimum / 2), std::string(" --dram-budget 64MiB")}) {
      SCOPED_TRACE(search + budget);
      const CommandResult planned = run(info + budget);
      const CommandResult searched = run(search + budget);
      ASSERT_EQ(planned.exit_code, 0) << planned.err;
      ASSERT_EQ(searched.exit_code, 0) << searched.err;
      EXPECT_FALSE(plan_lines(planned.out).empty()) << planned.out;
      EXPECT_EQ(plan_lines(planned.out), plan_lines(searched.err));
      const bool compressed = info == "info" + relabelled_store;
      EXPECT_EQ(planned.out.find("row index of the compressed lists") != std::string::npos, compressed) << planned.out;
      if (budget == tight) {
        EXPECT_NE(searched.err.find(" reads of "), std::string::npos) << "tails on disk";
      }
    }
  }
}

TEST_F(BfsCli, InfoDescribesTheStoreAndItsPlacement) {
  const std::string store = build_snap_store();
  const CommandResult info = run("info --store " + store);
  ASSERT_EQ(info.exit_code, 0) << info.err;
  for (const char* line : {"vertices: 9\n", "format: snap\n", "edges read: 11 ", "vertices with edges: 9 (isolated 0)",
                           "degree: min 1,", "max 3\n", "partitions: 1\n"}) {
    EXPECT_NE(info.out.find(line), std::string::npos) << line << "\n" << info.out;
  }
  const CommandResult planned = run("info --store " + store + " --dram-budget 64MiB");
  ASSERT_EQ(planned.exit_code, 0) << planned.err;
  EXPECT_NE(planned.out.find("placement: DRAM budget 64.00 MiB"), std::string::npos) << planned.out;
  EXPECT_NE(planned.out.find("BFS status"), std::string::npos) << planned.out;
}

TEST_F(BfsCli, ErrorsAreOneLine) {
  const std::string store = build_snap_store();
  const fs::path empty = directory_ / "empty";
  fs::create_directory(empty);
  const std::vector<std::pair<std::string, int>> cases = {
      {"bfs --store " + store, 2},                                    // neither --root nor --roots
      {"bfs --store " + store + " --root 3 --roots 2", 2},            // both
      {"bfs --store " + store + " --roots 2 --output x.txt", 2},      // --output without --root
      {"bfs", 2},                                                     // no store
      {"bfs --store " + store + " --root 4", 1},                      // not a vertex of the file
      {"bfs --store " + empty.string() + " --roots 2", 1},            // no store there
      {"bfs --store " + store + " --roots 2 --dram-budget 1KiB", 1},  // below the minimum
      {"info --store " + empty.string(), 1},
  };
  expect_one_line_errors(cases);
}

}  // namespace
}  // namespace semibfs
