// `semibfs pagerank` and `semibfs cc` end to end on stores made by `semibfs build` (plain,
// compressed, relabelled, directed): results in the input's own ids, equal to the independent
// checkers' (support/reference_analytics.hpp) on the same edges, the JSON, and one-line errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/command_runner.hpp"
#include "support/reference_analytics.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::read_text;

// Sparse file ids, a self-loop, a duplicate, three components and a vertex without out-edges.
const std::vector<std::pair<std::uint64_t, std::uint64_t>> kEdges = {{10, 7000},
                                                                     {7000, 3},
                                                                     {3, 10},
                                                                     {3, 281474976710000},
                                                                     {281474976710000, 42},
                                                                     {42, 42},
                                                                     {42, 900},
                                                                     {900, 7000},
                                                                     {10, 7000},
                                                                     {55, 66},
                                                                     {66, 77},
                                                                     {500, 501},
                                                                     {501, 502},
                                                                     {502, 500}};

// The edges in compact ids (the file's ids sorted), and those ids.
EdgeList compact_edges(std::vector<std::uint64_t>& ids) {
  for (const auto& [u, v] : kEdges) ids.insert(ids.end(), {u, v});
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const auto compact = [&ids](std::uint64_t id) { return std::lower_bound(ids.begin(), ids.end(), id) - ids.begin(); };
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (const auto& [u, v] : kEdges) pairs.emplace_back(compact(u), compact(v));
  return testing::make_edge_list(static_cast<std::int64_t>(ids.size()), pairs);
}

// "id value" lines after the header comment.
std::map<std::uint64_t, std::string> read_results(const std::filesystem::path& path) {
  std::map<std::uint64_t, std::string> values;
  std::istringstream text(read_text(path));
  std::string line;
  while (std::getline(text, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::uint64_t id = 0;
    std::string value;
    fields >> id >> value;
    values[id] = value;
  }
  return values;
}

class AnalyticsCli : public testing::CommandTest {
 protected:
  std::string build(const std::string& name, const std::string& options) {
    const std::filesystem::path input = directory_ / "graph.el";
    if (!std::filesystem::exists(input)) {
      std::ofstream file(input);
      for (const auto& [u, v] : kEdges) file << u << ' ' << v << '\n';
    }
    const std::string store = (directory_ / name).string();
    const CommandResult built = run("build " + input.string() + " --format el --store " + store + " " + options);
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return store;
  }
};

TEST_F(AnalyticsCli, PageRankMatchesThePowerIterationInTheFilesIds) {
  std::vector<std::uint64_t> ids;
  const EdgeList edges = compact_edges(ids);
  for (const auto& [name, options] : std::vector<std::pair<std::string, std::string>>{
           {"plain", ""}, {"z", "--compress"}, {"relabelled", "--vertex-order degree"}, {"directed", "--directed"}}) {
    SCOPED_TRACE(name);
    const std::string store = build(name, options);
    const std::filesystem::path output = directory_ / (name + ".rank"), json = directory_ / (name + ".json");
    const CommandResult result = run("pagerank --store " + store + " --tolerance 1e-14 --iterations 5000 -o " +
                                     output.string() + " --json " + json.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("iterations: "), std::string::npos) << result.out;
    const std::vector<double> expected = testing::reference_pagerank(edges, name == "directed", 0.85);
    const std::map<std::uint64_t, std::string> ranks = read_results(output);
    ASSERT_EQ(ranks.size(), ids.size());
    std::vector<double> got;
    for (const std::uint64_t id : ids) got.push_back(std::stod(ranks.at(id)));
    EXPECT_LT(testing::l1_distance(got, expected), 1e-9);
    const std::string report = read_text(json);
    for (const char* key :
         {"\"command\": \"pagerank\"", "\"iterations\": [", "\"bytes_handed_over\"", "\"lists_decoded\""}) {
      EXPECT_NE(report.find(key), std::string::npos) << key << "\n" << report;
    }
  }
}

TEST_F(AnalyticsCli, ComponentsAreNamedByTheirSmallestFileId) {
  std::vector<std::uint64_t> ids;
  const EdgeList edges = compact_edges(ids);
  const std::vector<std::int64_t> minimum = testing::reference_component_minimum(edges);
  for (const auto& [name, options] : std::vector<std::pair<std::string, std::string>>{
           {"plain", ""}, {"z", "--compress"}, {"relabelled", "--vertex-order degree"}, {"directed", "--directed"}}) {
    SCOPED_TRACE(name);
    const std::string store = build(name, options);
    const std::filesystem::path output = directory_ / (name + ".cc");
    const CommandResult result = run("cc --store " + store + " -o " + output.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("components: 3\n"), std::string::npos) << result.out;
    const std::map<std::uint64_t, std::string> components = read_results(output);
    ASSERT_EQ(components.size(), ids.size());
    for (std::size_t v = 0; v < ids.size(); ++v) {
      EXPECT_EQ(components.at(ids[v]), std::to_string(ids[static_cast<std::size_t>(minimum[v])]))
          << "vertex " << ids[v];
    }
  }
}

TEST_F(AnalyticsCli, ErrorsAreOneLine) {
  const std::string store = build("plain", "");
  const std::filesystem::path empty = directory_ / "empty";
  std::filesystem::create_directory(empty);
  const std::vector<std::pair<std::string, int>> cases = {
      {"pagerank", 2},                                       // no store
      {"cc", 2},                                             // no store
      {"pagerank --store " + store + " --damping 1.5", 2},   // not below 1
      {"pagerank --store " + store + " --iterations 0", 2},  // none
      {"pagerank --store " + store + " --tolerance -1", 2},  // not positive
      {"pagerank --store " + store + " --colour red", 2},    // unknown option
      {"pagerank --store " + empty.string(), 1},             // no store there
      {"cc --store " + empty.string(), 1},
  };
  expect_one_line_errors(cases);
}

}  // namespace
}  // namespace semibfs
