// `semibfs build` of weighted files and `semibfs sssp` end to end (issue 40): the distances written
// equal scipy's (tests/vectors/weighted), in the file's ids, from plain and compressed stores, relabelled by degree or not; bad weights, a store without weights,
// a damaged weight file and a budget are one line each; `run --sssp --store` writes the weights and
// `--reuse` reads them back; a manifest key this semibfs does not know is refused (as an older
// semibfs refuses list-weights).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using Cli = testing::CommandTest;

std::string weighted_vector(const std::string& name) {
  return std::string(SEMIBFS_SOURCE_DIR) + "/tests/vectors/weighted/" + name;
}

// scipy's "root vertex distance" lines for one root: vertex -> distance.
std::map<std::string, double> golden(const std::string& name, const std::string& root) {
  std::map<std::string, double> distances;
  std::istringstream lines(read_text(weighted_vector(name)));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string from, vertex, distance;
    fields >> from >> vertex >> distance;
    if (from == root) distances[vertex] = distance == "inf" ? INFINITY : std::stod(distance);
  }
  return distances;
}

// The lines of stderr that are errors ("semibfs COMMAND: ..."), not progress.
int error_lines(const std::string& err) {
  int count = 0;
  for (const std::string& line : lines_of(err)) count += line.rfind("semibfs ", 0) == 0 ? 1 : 0;
  return count;
}

void expect_output_is_golden(const std::string& output, const std::string& golden_name, const std::string& root) {
  const std::map<std::string, double> expected = golden(golden_name, root);
  const std::vector<std::string> lines = lines_of(output);
  ASSERT_EQ(lines.size(), expected.size() + 1);
  EXPECT_EQ(lines[0].rfind("# semibfs sssp ", 0), 0U) << lines[0];
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::istringstream fields(lines[i]);
    std::string vertex, distance, parent;
    fields >> vertex >> distance >> parent;
    ASSERT_TRUE(expected.contains(vertex)) << lines[i];
    const double want = expected.at(vertex);
    if (std::isinf(want)) {
      EXPECT_EQ(distance + " " + parent, "inf -1") << lines[i];
    } else {
      EXPECT_NEAR(std::stod(distance), want, 1e-5 * std::max(1.0, want)) << lines[i];
      if (vertex == root) {
        EXPECT_EQ(distance + " " + parent, "0 " + root) << lines[i];
      }
    }
  }
}

TEST_F(Cli, SsspOnAWeightedMatrixMarketStoreWritesScipysDistances) {
  const std::string store = (directory_ / "road").string();
  const CommandResult built = run("build " + weighted_vector("road.mtx") + " --store " + store);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  EXPECT_NE(built.out.find("weights          lists "), std::string::npos) << built.out;
  const std::string output = (directory_ / "distances.txt").string();
  const std::string json = (directory_ / "sssp.json").string();
  const CommandResult result = run("sssp --store " + store + " --root 1 --output " + output + " --json " + json);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("validation: passed"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("reached: 35 of 40 vertices"), std::string::npos) << result.out;
  expect_output_is_golden(read_text(output), "road.mtx.sssp.txt", "1");
  EXPECT_NE(read_text(json).find("\"sssp\": {"), std::string::npos);
  const CommandResult info = run("info --store " + store);
  EXPECT_NE(info.out.find("weights: float32 beside each list entry"), std::string::npos) << info.out;
}

TEST_F(Cli, SsspOnAWeightedEdgeListStoreSpeaksTheFilesIds) {
  for (const std::string compress : {"", " --compress", " --vertex-order degree", " --compress --vertex-order degree"}) {
    SCOPED_TRACE("build" + compress);
    const std::string store = (directory_ / ("mixed" + std::to_string(compress.size()))).string();
    const CommandResult built =
        run("build " + weighted_vector("mixed.el") + " --store " + store + " --partitions 2" + compress);
    ASSERT_EQ(built.exit_code, 0) << built.err;
    EXPECT_NE(built.out.find("weights          lists "), std::string::npos) << built.out;
    const CommandResult result = run("sssp --store " + store + " --root 17007 --delta 2 --output -");
    ASSERT_EQ(result.exit_code, 0) << result.err;
    expect_output_is_golden(result.out, "mixed.el.sssp.txt", "17007");
    EXPECT_NE(result.err.find("validation: passed"), std::string::npos) << result.err;
  }
}

TEST_F(Cli, ABadWeightInAFileIsOneLineAndNoStore) {
  const std::string input = (directory_ / "bad.el").string();
  for (const std::string bad : {"1 2 -3", "1 2 nan", "1 2 inf", "1 2"}) {
    testing::write_text(input, "0 1 0.5\n" + bad + "\n");
    const std::string store = (directory_ / "store").string();
    const CommandResult result = run("build " + input + " --store " + store + " --quiet");
    EXPECT_EQ(result.exit_code, 1) << bad;
    EXPECT_EQ(lines_of(result.err).size(), 1U) << result.err;
    EXPECT_NE(result.err.find("bad.el' line 2"), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(directory_ / "store" / "manifest")) << bad;
  }
  // Read without weights, the same file builds for BFS.
  testing::write_text(input, "0 1 0.5\n1 2 -3\n");
  EXPECT_EQ(run("build " + input + " --store " + (directory_ / "bfs").string() + " --no-weights --quiet").exit_code, 0);
}

TEST_F(Cli, SsspRefusalsAreOneLine) {
  const std::string unweighted = (directory_ / "unweighted").string();
  testing::write_text(directory_ / "plain.el", "0 1\n1 2\n");
  ASSERT_EQ(run("build " + (directory_ / "plain.el").string() + " --store " + unweighted + " --quiet").exit_code, 0);
  const CommandResult none = run("sssp --store " + unweighted + " --root 0");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(lines_of(none.err).size(), 1U) << none.err;
  EXPECT_NE(none.err.find("the store has no weights"), std::string::npos) << none.err;
  const std::string store = (directory_ / "road").string();
  ASSERT_EQ(run("build " + weighted_vector("road.mtx") + " --store " + store + " --quiet").exit_code, 0);
  const CommandResult budget = run("sssp --store " + store + " --root 1 --dram-budget 1KiB");
  EXPECT_EQ(budget.exit_code, 1);
  EXPECT_EQ(lines_of(budget.err).size(), 1U) << budget.err;
  EXPECT_NE(budget.err.find("below the minimum"), std::string::npos) << budget.err;
  std::string weights = read_text(directory_ / "road" / "p0.backward.weights");
  weights[0] ^= 1;
  testing::write_text(directory_ / "road" / "p0.backward.weights", weights);
  const CommandResult damaged = run("sssp --store " + store + " --root 1");
  EXPECT_EQ(damaged.exit_code, 1);
  EXPECT_EQ(error_lines(damaged.err), 1) << damaged.err;  // after the open's progress lines
  EXPECT_NE(damaged.err.find("p0.backward.weights': SHA-256 does not match"), std::string::npos) << damaged.err;
}

TEST_F(Cli, RunSsspWritesTheWeightsAndReusesThem) {
  const std::string store = (directory_ / "run").string();
  std::filesystem::create_directory(store);
  ASSERT_EQ(run("run --scale 8 --roots 2 --sssp --store " + store).exit_code, 0);
  EXPECT_NE(read_text(directory_ / "run" / "manifest").find("list-weights float32"), std::string::npos);
  const CommandResult reused = run("run --scale 8 --roots 2 --sssp --store " + store + " --reuse");
  ASSERT_EQ(reused.exit_code, 0) << reused.err;
  EXPECT_NE(reused.err.find("read from the store"), std::string::npos) << reused.err;
  const std::string bfs_store = (directory_ / "bfs").string();
  std::filesystem::create_directory(bfs_store);
  ASSERT_EQ(run("run --scale 8 --roots 2 --store " + bfs_store).exit_code, 0);
  const CommandResult refused = run("run --scale 8 --roots 2 --sssp --store " + bfs_store + " --reuse");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("has no weights"), std::string::npos) << refused.err;
}

// How an older semibfs meets list-weights: a key it does not know is one line, never a store read
// without its weights.
TEST_F(Cli, AManifestKeyOfANewerSemibfsIsRefused) {
  const std::string store = (directory_ / "road").string();
  ASSERT_EQ(run("build " + weighted_vector("road.mtx") + " --store " + store + " --quiet").exit_code, 0);
  std::string manifest = read_text(directory_ / "road" / "manifest");
  manifest.insert(manifest.find("end\n"), "weights-v2 float64\n");
  testing::write_text(directory_ / "road" / "manifest", manifest);
  const CommandResult result = run("bfs --store " + store + " --root 1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("unknown key 'weights-v2' (written by a newer semibfs?)"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace semibfs
