// `semibfs bfs` speaks the input file's own numbering: Matrix Market rows from 1, the other formats
// as written from 0. --root, every --output line and `info` are checked against a plain BFS over
// the rows as this test writes them (support/plain_bfs.hpp), sharing no code with the readers.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "support/command_runner.hpp"
#include "support/plain_bfs.hpp"
#include "support/resealed_store.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::FileIdEdges;
using testing::lines_of;
using testing::read_text;
using testing::reseal_store;

// The command lines naming a store, in one place: the store's flag is becoming `--store DIR`.
std::string build_arguments(const std::string& input, const std::string& store, const std::string& options = "") {
  return "build " + input + " --store " + store + " " + options;
}
std::string store_arguments(const std::string& command, const std::string& store, const std::string& options) {
  return command + " --store " + store + " " + options;
}

// Rows 1..10 of which 4, 5, 6, 9 and 10 have no entry; a self-loop, a repeated entry, two parts.
const FileIdEdges kRows = {{2, 1}, {3, 2}, {3, 3}, {8, 7}, {3, 2}, {7, 1}};

std::string matrix_market(const std::string& symmetry, const FileIdEdges& rows) {
  std::ostringstream text;
  text << "%%MatrixMarket matrix coordinate pattern " << symmetry << "\n% rows from 1\n10 10 " << rows.size() << "\n";
  for (const auto& [row, column] : rows) text << row << ' ' << column << '\n';
  return text.str();
}

class FileIdsCli : public testing::CommandTest {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (directory_ / name).string();
    std::ofstream(path) << text;
    return path;
  }

  std::string build(const std::string& name, const std::string& text, const std::string& options = "") {
    const std::string store = (directory_ / (name + ".store")).string();
    const CommandResult built = run(build_arguments(write(name, text), store, options));
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return store;
  }

  // bfs --root --output on `store`; every line checked against a plain BFS over `edges` as written.
  void expect_tree_in_file_ids(const std::string& store, std::uint64_t root, const FileIdEdges& edges,
                               bool directed = false) {
    SCOPED_TRACE("root " + std::to_string(root));
    const std::string output = (directory_ / "tree.txt").string();
    const CommandResult result =
        run(store_arguments("bfs", store, "--root " + std::to_string(root) + " --output " + output));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("root: " + std::to_string(root) + "\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("validation: passed"), std::string::npos) << result.out;
    std::set<std::pair<std::uint64_t, std::uint64_t>> arcs;
    for (const auto& [u, v] : edges) {
      arcs.insert({u, v});
      if (!directed) arcs.insert({v, u});
    }
    const std::map<std::uint64_t, int> expected = testing::plain_bfs_levels(edges, root, directed);
    std::map<std::uint64_t, int> levels;
    const std::vector<std::string> lines = lines_of(read_text(output));
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines[0].find("root " + std::to_string(root) + ";"), std::string::npos) << lines[0];
    for (std::size_t i = 1; i < lines.size(); ++i) {
      std::istringstream fields(lines[i]);
      std::uint64_t vertex = 0, parent = 0;
      int level = -1;
      ASSERT_TRUE(fields >> vertex >> parent >> level) << lines[i];
      levels[vertex] = level;
      if (vertex == root) {
        EXPECT_EQ(parent, root);
        EXPECT_EQ(level, 0);
      } else {
        EXPECT_TRUE(arcs.contains({parent, vertex})) << "no edge " << parent << " -> " << vertex;
        ASSERT_TRUE(expected.contains(parent)) << lines[i];
        EXPECT_EQ(expected.at(parent), level - 1) << lines[i];
      }
    }
    EXPECT_EQ(levels, expected);
  }
};

TEST_F(FileIdsCli, SymmetricMatrixMarketRootAndOutputAreRows) {
  const std::string store = build("sym.mtx", matrix_market("symmetric", kRows));
  for (const std::uint64_t root : {1, 2, 3, 7, 8}) expect_tree_in_file_ids(store, root, kRows);
  // Row 5 has no entry but is a vertex of the declared order: it reaches itself only.
  expect_tree_in_file_ids(store, 5, kRows);
  EXPECT_NE(run(store_arguments("info", store, "")).out.find("ids: as the file writes them, from 1 (Matrix Market rows)"),
            std::string::npos);
}

TEST_F(FileIdsCli, GeneralMatrixMarketSymmetrizedAndDirected) {
  const FileIdEdges rows = {{1, 2}, {2, 3}, {3, 1}, {4, 3}, {5, 6}, {3, 5}, {10, 1}};
  const std::string text = matrix_market("general", rows);
  const std::string symmetrized = build("general.mtx", text);
  for (const std::uint64_t root : {1, 4, 6, 10}) expect_tree_in_file_ids(symmetrized, root, rows);
  const std::string directed = build("directed.mtx", text, "--directed");
  for (const std::uint64_t root : {1, 4, 6, 10}) expect_tree_in_file_ids(directed, root, rows, true);
}

// 0 is no Matrix Market row, nor is a row beyond the order: one error line each, exit 1.
TEST_F(FileIdsCli, MatrixMarketRootZeroOrBeyondTheOrderIsOneErrorLine) {
  const std::string store = build("sym.mtx", matrix_market("symmetric", kRows));
  for (const char* root : {"0", "11"}) {
    SCOPED_TRACE(root);
    const CommandResult result = run(store_arguments("bfs", store, std::string("--root ") + root));
    EXPECT_EQ(result.exit_code, 1);
    ASSERT_EQ(lines_of(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find(std::string("--root ") + root + " is not a vertex"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty());
  }
}

// The other formats keep the ids as written, from 0: vertex 0 is a root, and info says so.
TEST_F(FileIdsCli, EdgeListIdsStayAsWrittenFromZero) {
  const FileIdEdges edges = {{0, 1}, {1, 2}, {4, 3}, {2, 0}};
  std::ostringstream text;
  for (const auto& [u, v] : edges) text << u << ' ' << v << '\n';
  const std::string store = build("g.el", text.str());
  for (const std::uint64_t root : {0, 2, 3}) expect_tree_in_file_ids(store, root, edges);
  EXPECT_NE(run(store_arguments("info", store, "")).out.find("ids: as the file writes them, from 0"), std::string::npos);
}

// A validation failure names the failing vertex in the file's ids too: a renumbered path 1000 -
// 2000 - 3000 - 4000 whose edge file (compact ids 0..3) gets its middle edge (1, 2) turned into
// (0, 3), so the tree searched on the intact graph breaks rules 3 and 5 against the damaged edges
// (the manifest resealed and its edge-pairs line dropped, as a store from before it: the edge
// file's checksum or its pair digest would catch the damage first).
TEST_F(FileIdsCli, ValidationFailureNamesTheVertexInTheFilesIds) {
  const std::string store = build("path.txt", "1000 2000\n2000 3000\n3000 4000\n", "--format snap");
  const std::string edges = store + "/edges.packed48";
  std::string packed = read_text(edges);
  ASSERT_EQ(packed.size(), 36u);
  const std::uint32_t damaged[3] = {0, 3, 0};  // low 32 bits of each end, then the high bits
  packed.replace(12, 12, reinterpret_cast<const char*>(damaged), 12);
  std::ofstream(edges, std::ios::binary | std::ios::trunc) << packed;
  testing::erase_manifest_line(store, "edge-pairs ");
  reseal_store(store);
  const CommandResult result = run(store_arguments("bfs", store, "--root 1000"));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("validation failed: BFS 0 from root 1000: rule "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(" in the file's ids)"), std::string::npos) << result.err;
  const std::size_t vertex = result.err.find("as in the store; vertex ");
  ASSERT_NE(vertex, std::string::npos) << result.err;
  const std::string named = result.err.substr(vertex + 24, 12);  // "V is F in the file's ids"
  const std::map<char, std::string> file_id = {{'0', "1000"}, {'1', "2000"}, {'2', "3000"}, {'3', "4000"}};
  ASSERT_TRUE(file_id.count(named[0])) << result.err;
  EXPECT_EQ(named.substr(0, 5 + file_id.at(named[0]).size()), std::string(1, named[0]) + " is " + file_id.at(named[0]))
      << result.err;
}

}  // namespace
}  // namespace semibfs
