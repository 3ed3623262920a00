// Shortest paths on directed weighted stores (`build --directed`, issue 40): distances along
// out-edges only, equal to scipy's dijkstra(directed=True) (tests/vectors/weighted,
// *.directed-sssp.txt) and to an independent directed Dijkstra over the store's edge file, plain
// and compressed, in DRAM and under a budget with the tails on disk; different from the undirected
// store's answer where direction matters; duplicates of a directed edge keep the least weight; a
// directed store of several partitions keeps no weights and is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "session/store_build.hpp"
#include "session/store_sssp.hpp"
#include "support/command_runner.hpp"
#include "support/error_message.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/scratch_directory.hpp"
#include "support/weighted_vectors.hpp"

namespace semibfs {
namespace {

using testing::weighted_vector;

class DirectedStoreSsspTest : public ::testing::Test {
 protected:
  std::string build(const std::string& input, bool directed = true, int partitions = 1) {
    StoreBuildOptions options;
    options.input = input;
    options.store = directory_.file("store-" + std::to_string(stores_++));
    options.import_options.directed = directed;
    options.import_options.partitions = partitions;
    options.import_options.compressed_lists = compressed_;
    build_store(options);
    return options.store;
  }
  StoreShortestPaths search(const std::string& store, std::uint64_t root) {
    StoreSsspOptions options;
    options.store = store;
    options.root = root;
    if (under_budget_) {
      // Every list's first entry in DRAM, the rest on disk, whatever the budget would allow.
      options.search.budget.dram_budget_bytes = std::int64_t{64} << 20;
      options.search.head_entries = 1;
    }
    std::ostringstream log;
    return search_store_shortest_paths(options, log);
  }
  // Every root of the vector's directed golden file.
  void expect_directed_distances_of(const std::string& vector) {
    const auto golden = testing::golden_distances(vector + ".directed-sssp.txt");
    ASSERT_FALSE(golden.empty());
    const std::string store = build(weighted_vector(vector));
    for (const auto& [root, expected] : golden) expect_distances(store, root, expected);
  }
  void expect_distances(const std::string& store, std::uint64_t root, const std::map<std::uint64_t, double>& expected) {
    const StoreShortestPaths paths = search(store, root);
    const EdgeList edges = testing::stored_edge_list(store, static_cast<std::int64_t>(paths.distance.size()));
    const std::vector<float> dijkstra = testing::dijkstra_distances(edges, paths.root, true);
    testing::expect_store_distances(paths, dijkstra, expected, under_budget_, store + " root " + std::to_string(root));
  }

  testing::ScratchDirectory directory_;
  int stores_ = 0;
  bool under_budget_ = false;
  bool compressed_ = false;
};

TEST_F(DirectedStoreSsspTest, DistancesAreScipysDirectedOnesPlainCompressedInDramAndUnderABudget) {
  for (const bool compressed : {false, true}) {
    for (const bool budget : {false, true}) {
      SCOPED_TRACE(std::string(compressed ? "compressed" : "plain") + (budget ? ", under a budget" : ", in DRAM"));
      compressed_ = compressed;
      under_budget_ = budget;
      expect_directed_distances_of("road.mtx");
      expect_directed_distances_of("mixed.el");
    }
  }
  EXPECT_NE(testing::read_text(directory_.file("store-0") + "/manifest").find("p0.forward.weights"), std::string::npos);
}

// Root 1 of road.mtx: most of its component lies along edges into it, so the directed answer
// leaves vertices unreached that the undirected one reaches.
TEST_F(DirectedStoreSsspTest, DirectionChangesTheAnswer) {
  const StoreShortestPaths directed = search(build(weighted_vector("road.mtx")), 1);
  const StoreShortestPaths undirected = search(build(weighted_vector("road.mtx"), false), 1);
  ASSERT_EQ(directed.distance.size(), undirected.distance.size());
  std::int64_t differ = 0;
  for (std::size_t v = 0; v < directed.distance.size(); ++v) {
    differ += directed.distance[v] != undirected.distance[v] ? 1 : 0;
    EXPECT_GE(directed.distance[v], undirected.distance[v]);  // fewer paths, never a shorter one
  }
  EXPECT_GT(differ, 0);
}

// 1 -> 2 twice (5, then 1), 2 -> 1 lighter still (0.5), 2 -> 3 (1): the least of each direction.
TEST_F(DirectedStoreSsspTest, DuplicateDirectedEdgesKeepTheLeastWeight) {
  const std::string input = directory_.file("duplicates.el");
  testing::write_text(input, "1 2 5\n1 2 1\n2 1 0.5\n2 3 1\n");
  for (const bool compressed : {false, true}) {
    compressed_ = compressed;
    const std::string store = build(input);
    // The distances from `root` of file ids 1, 2 and 3.
    const auto distances_from = [&](std::uint64_t root) {
      const StoreShortestPaths paths = search(store, root);
      std::vector<float> distances;
      for (const std::uint64_t file_id : {1, 2, 3}) distances.push_back(paths.distance[*paths.ids.find(file_id)]);
      return distances;
    };
    EXPECT_EQ(distances_from(1), (std::vector<float>{0, 1, 2}));
    EXPECT_EQ(distances_from(2), (std::vector<float>{0.5, 0, 1}));
    EXPECT_EQ(distances_from(3), (std::vector<float>{INFINITY, INFINITY, 0}));
  }
}

TEST_F(DirectedStoreSsspTest, ADirectedStoreOfSeveralPartitionsKeepsNoWeightsAndIsRefused) {
  const std::string store = build(weighted_vector("road.mtx"), true, 2);
  EXPECT_NE(testing::error_of<Error>([&] { search(store, 1); }).find("the store has no weights"), std::string::npos);
}

}  // namespace
}  // namespace semibfs
