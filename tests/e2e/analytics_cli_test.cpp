// `semibfs pagerank`, `semibfs cc` and `semibfs at` end to end on stores made by `semibfs build` (plain,
// compressed, relabelled, directed): results in the input's own ids, equal to the independent
// checkers' (support/reference_analytics.hpp) on the same edges, the JSON, and one-line errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "gen/kronecker.hpp"
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

using FileEdges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// The edges in the store's ids, and the file id of each: as `build` numbers an edge list, the
// file's own ids when dense (max id + 1 at most twice the distinct ids: the missing ones are
// isolated vertices), else the distinct ids sorted (docs/FORMATS.md).
EdgeList compact_edges(std::vector<std::uint64_t>& ids, const FileEdges& edges = kEdges) {
  for (const auto& [u, v] : edges) ids.insert(ids.end(), {u, v});
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  if (ids.back() + 1 <= 2 * ids.size()) {
    ids.resize(ids.back() + 1);
    std::iota(ids.begin(), ids.end(), std::uint64_t{0});
  }
  const auto compact = [&ids](std::uint64_t id) { return std::lower_bound(ids.begin(), ids.end(), id) - ids.begin(); };
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (const auto& [u, v] : edges) pairs.emplace_back(compact(u), compact(v));
  return testing::make_edge_list(static_cast<std::int64_t>(ids.size()), pairs);
}

// A Kronecker graph's edges (SCALE 10), large enough that its minimum budget leaves lists on disk.
const FileEdges& kronecker_edges() {
  static const FileEdges edges = [] {
    KroneckerParams params;
    params.scale = 10;
    FileEdges pairs;
    for (const CompactEdge& edge : generate_kronecker(params, false).edges) pairs.emplace_back(edge.v0(), edge.v1());
    return pairs;
  }();
  return edges;
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
  std::string build(const std::string& name, const std::string& options, const FileEdges& edges = kEdges) {
    const std::filesystem::path input = directory_ / (&edges == &kEdges ? "graph.el" : "other.el");
    if (!std::filesystem::exists(input)) {
      std::ofstream file(input);
      for (const auto& [u, v] : edges) file << u << ' ' << v << '\n';
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
    const std::filesystem::path output = directory_ / (name + ".score"), json = directory_ / (name + ".json");
    const CommandResult result = run("pagerank --store " + store + " --tolerance 1e-14 --iterations 5000 -o " +
                                     output.string() + " --json " + json.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("iterations: "), std::string::npos) << result.out;
    const std::vector<double> expected = testing::reference_pagerank(edges, name == "directed", 0.85);
    const std::map<std::uint64_t, std::string> scores = read_results(output);
    ASSERT_EQ(scores.size(), ids.size());
    std::vector<double> got;
    for (const std::uint64_t id : ids) got.push_back(std::stod(scores.at(id)));
    EXPECT_LT(testing::l1_distance(got, expected), 1e-9);
    EXPECT_TRUE(read_text(output).starts_with("# semibfs pagerank " + store + ": vertex score, in the input's ids\n"));
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

// At the minimum the commands state (lists read from the store each iteration) and above it, the
// results are those of the lists in DRAM.
TEST_F(AnalyticsCli, UnderTheStatedMinimumBudgetTheResultsStay) {
  std::vector<std::uint64_t> ids;
  const EdgeList edges = compact_edges(ids, kronecker_edges());
  const std::vector<std::int64_t> minimum = testing::reference_component_minimum(edges);
  for (const auto& [name, options] : std::vector<std::pair<std::string, std::string>>{
           {"plain", ""}, {"z", "--compress"}, {"directed", "--directed"}}) {
    const std::string store = build(name, options, kronecker_edges());
    // K = 1: every list longer than one entry has a tail (the graph is too small to need it).
    const std::string tight =
        stated_minimum_budget("pagerank --store " + store + " --head-entries 1") + " --head-entries 1";
    ASSERT_FALSE(tight.empty());
    SCOPED_TRACE(name + tight);
    const std::filesystem::path output = directory_ / (name + ".score"), json = directory_ / (name + ".json");
    const CommandResult scored = run("pagerank --store " + store + tight + " --tolerance 1e-14 --iterations 5000 -o " +
                                     output.string() + " --json " + json.string());
    ASSERT_EQ(scored.exit_code, 0) << scored.err;
    EXPECT_NE(scored.err.find("placement: DRAM budget"), std::string::npos) << scored.err;
    EXPECT_NE(read_text(json).find("\"tail_reads\": "), std::string::npos);
    EXPECT_EQ(read_text(json).find("\"tail_reads\": 0,"), std::string::npos) << "no list was read from the store";
    const std::map<std::uint64_t, std::string> scores = read_results(output);
    std::vector<double> got;
    for (const std::uint64_t id : ids) got.push_back(std::stod(scores.at(id)));
    EXPECT_LT(testing::l1_distance(got, testing::reference_pagerank(edges, name == "directed", 0.85)), 1e-9);
    const CommandResult components =
        run("cc --store " + store + " --head-entries 1" +
            stated_minimum_budget("cc --store " + store + " --head-entries 1") + " -o " + output.string());
    ASSERT_EQ(components.exit_code, 0) << components.err;
    const std::map<std::uint64_t, std::string> named = read_results(output);
    for (std::size_t v = 0; v < ids.size(); ++v) {
      EXPECT_EQ(named.at(ids[v]), std::to_string(ids[static_cast<std::size_t>(minimum[v])])) << "vertex " << ids[v];
    }
  }
}

// The same store ids and seed give the same ages and count, compressed or not; JSON and block.
TEST_F(AnalyticsCli, TeenageFollowersAreTheSameOnPlainAndCompressedStores) {
  std::string reports[2];
  for (const bool compressed : {false, true}) {
    const std::string store = build(compressed ? "z" : "plain", compressed ? "--compress" : "", kronecker_edges());
    const std::filesystem::path json = directory_ / "at.json";
    const CommandResult result = run("at --store " + store + " --older-than 30 --seed 4 --json " + json.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    for (const char* line : {"vertices older than 30: ", "teenage followers: ", "average: "}) {
      EXPECT_NE(result.out.find(line), std::string::npos) << line << "\n" << result.out;
    }
    EXPECT_NE(read_text(json).find("\"command\": \"at\""), std::string::npos);
    EXPECT_NE(read_text(json).find("\"program_version\": \"" + version_of_program()), std::string::npos);
    reports[compressed ? 1 : 0] = result.out.substr(0, result.out.find("at_time"));
  }
  EXPECT_EQ(reports[0], reports[1]);
  EXPECT_EQ(reports[0].find("teenage followers: 0\n"), std::string::npos) << reports[0];
}

// Ages read from a file by the file's ids (the store relabelled by degree or not), every 50th vertex
// left without one: the counts equal those counted here from the edges and the same ages, the
// vertices without an age in neither.
TEST_F(AnalyticsCli, TeenageFollowersFromAnAgesFile) {
  std::vector<std::uint64_t> ids;
  const EdgeList edges = compact_edges(ids, kronecker_edges());
  const auto has_age = [](std::uint64_t file_id) { return file_id % 50 != 7; };
  const auto age_of = [](std::uint64_t file_id) { return static_cast<int>((file_id * 37 + 11) % 70 + 5); };
  const std::filesystem::path ages = directory_ / "ages.txt";
  std::int64_t without_age = 0;
  {
    std::ofstream file(ages);
    file << "# vertex age\n";
    for (auto id = ids.rbegin(); id != ids.rend(); ++id) {
      if (has_age(*id)) file << *id << '\t' << age_of(*id) << "\n\n";
      without_age += has_age(*id) ? 0 : 1;
    }
  }
  const auto in = testing::simple_in_lists(edges, false);
  std::int64_t older = 0, teenagers = 0;
  for (std::size_t v = 0; v < in.size(); ++v) {
    if (!has_age(ids[v]) || age_of(ids[v]) <= 30) continue;
    ++older;
    for (const std::int64_t w : in[v]) {
      const std::uint64_t follower = ids[static_cast<std::size_t>(w)];
      teenagers += has_age(follower) && age_of(follower) >= 13 && age_of(follower) <= 19;
    }
  }
  ASSERT_GT(teenagers, 0);
  ASSERT_GT(without_age, 0);
  for (const std::string order : {"", "--vertex-order degree"}) {
    const std::string store = build(order.empty() ? "plain" : "relabelled", order, kronecker_edges());
    const std::filesystem::path json = directory_ / "at.json";
    const CommandResult result =
        run("at --store " + store + " --older-than 30 --ages " + ages.string() + " --json " + json.string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("vertices without an age: " + std::to_string(without_age) + "\nvertices older than 30: " +
                              std::to_string(older) + "\nteenage followers: " + std::to_string(teenagers) + "\n"),
              std::string::npos)
        << order << "\n"
        << result.out;
    EXPECT_NE(read_text(json).find("\"vertices_without_age\": " + std::to_string(without_age)), std::string::npos);
  }
}

TEST_F(AnalyticsCli, ErrorsAreOneLine) {
  const std::string store = build("plain", "");
  const std::filesystem::path empty = directory_ / "empty";
  std::filesystem::create_directory(empty);
  const auto ages_file = [this](const std::string& name, const std::string& text) {
    std::ofstream(directory_ / name) << text;
    return (directory_ / name).string();
  };
  // The store's vertices are the file ids of kEdges.
  std::string all_ages;
  for (const std::uint64_t id :
       {3ULL, 10ULL, 42ULL, 55ULL, 66ULL, 77ULL, 500ULL, 501ULL, 502ULL, 900ULL, 7000ULL, 281474976710000ULL}) {
    all_ages += std::to_string(id) + " 15\n";
  }
  const std::vector<std::pair<std::string, int>> cases = {
      {"pagerank", 2},                                                                 // no store
      {"cc", 2},                                                                       // no store
      {"pagerank --store " + store + " --damping 1.5", 2},                             // not below 1
      {"pagerank --store " + store + " --iterations 0", 2},                            // none
      {"pagerank --store " + store + " --tolerance -1", 2},                            // not positive
      {"pagerank --store " + store + " --colour red", 2},                              // unknown option
      {"cc --store " + store + " --head-entries 2", 2},                                // without a budget
      {"at --store " + store + " -o x", 2},                                            // no per-vertex file
      {"at --store " + store + " --older-than 300", 2},                                // not an age
      {"at --store " + store + " --seed 2 --ages " + ages_file("a0", all_ages), 2},    // both
      {"at --store " + store + " --ages " + ages_file("a2", all_ages + "8 15\n"), 1},  // not a vertex
      {"at --store " + store + " --ages " + ages_file("a3", all_ages + "3 15\n"), 1},  // a second age
      {"at --store " + store + " --ages " + ages_file("a4", "3 255\n"), 1},            // not an age
      {"at --store " + store + " --ages " + ages_file("a5", "3 15 x\n"), 1},           // a third field
      {"at --store " + store + " --ages " + (directory_ / "none").string(), 1},        // no such file
      {"pagerank --store " + empty.string(), 1},                                       // no store there
      {"cc --store " + empty.string(), 1},
  };
  expect_one_line_errors(cases);
}

}  // namespace
}  // namespace semibfs
