// Shortest paths on stores built from weighted files (session/store_sssp.*): distances equal to an
// independent Dijkstra (tests/support/reference_dijkstra.hpp) over the store's edge file and its
// weights, and to scipy's (tests/vectors/weighted, made once by make_vectors.py), on every plain
// layout and on stores relabelled by degree (plain and compressed), in DRAM and under a budget with
// the tails on disk; stores without weights, or with a
// damaged weight file, refused in one line.
#include "session/store_sssp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "session/store_build.hpp"
#include "support/command_runner.hpp"
#include "support/error_message.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/resealed_store.hpp"
#include "support/scratch_directory.hpp"
#include "support/weighted_vectors.hpp"

namespace semibfs {
namespace {

using testing::golden_distances;
using testing::stored_edge_list;
using testing::weighted_vector;

class StoreSsspTest : public ::testing::Test {
 protected:
  std::string build(const std::string& input, int partitions, NeighborOrder order, bool read_weights = true) {
    StoreBuildOptions options;
    options.input = input;
    options.store = directory_.file("store-" + std::to_string(stores_++));
    options.import_options.partitions = partitions;
    options.import_options.order = order;
    options.import_options.read_weights = read_weights;
    options.import_options.compressed_lists = compressed_;
    options.import_options.relabel = relabel_;
    build_store(options);
    return options.store;
  }
  StoreShortestPaths search(const std::string& store, std::uint64_t root, double delta = kDefaultDelta) {
    StoreSsspOptions options;
    options.store = store;
    options.root = root;
    options.sssp.delta = delta;
    if (under_budget_) {
      // Every list's first entry in DRAM, the rest on disk, whatever the budget would allow.
      options.search.budget.dram_budget_bytes = std::int64_t{64} << 20;
      options.search.head_entries = 1;
    }
    std::ostringstream log;
    return search_store_shortest_paths(options, log);
  }
  // Every root of the vector's golden file, on every plain layout and two deltas.
  void expect_distances_of(const std::string& vector) {
    const auto golden = golden_distances(vector + ".sssp.txt");
    ASSERT_FALSE(golden.empty());
    const std::pair<int, NeighborOrder> layouts[] = {
        {1, NeighborOrder::kHubFirst}, {2, NeighborOrder::kById}, {2, NeighborOrder::kByDegree}};
    for (const auto& [partitions, order] : layouts) {
      const std::string store = build(weighted_vector(vector), partitions, order);
      for (const auto& [root, expected] : golden) {
        for (const double delta : {kDefaultDelta, 4.0}) expect_distances(store, root, delta, expected);
      }
    }
  }
  void expect_distances(const std::string& store, std::uint64_t root, double delta,
                        const std::map<std::uint64_t, double>& expected) {
    const StoreShortestPaths paths = search(store, root, delta);
    const EdgeList edges = stored_edge_list(store, static_cast<std::int64_t>(paths.distance.size()));
    const std::vector<float> dijkstra = testing::dijkstra_distances(edges, paths.root);
    testing::expect_store_distances(paths, dijkstra, expected, under_budget_, store + " root " + std::to_string(root));
  }

  testing::ScratchDirectory directory_;
  int stores_ = 0;
  bool under_budget_ = false;
  bool compressed_ = false;  // the stores built with --compress
  bool relabel_ = false;     // and --vertex-order degree
};

TEST_F(StoreSsspTest, MatrixMarketDistancesAreDijkstrasAndScipys) { expect_distances_of("road.mtx"); }

TEST_F(StoreSsspTest, EdgeListDistancesAreDijkstrasAndScipys) { expect_distances_of("mixed.el"); }

TEST_F(StoreSsspTest, UnderABudgetWithTailsOnDiskDistancesAreDijkstrasAndScipys) {
  under_budget_ = true;
  expect_distances_of("road.mtx");
  expect_distances_of("mixed.el");
}

// Relabelled by degree, plain and compressed, in DRAM and under a budget: the lists and their
// weights in the store's ids, the root, distances and parents in the file's.
TEST_F(StoreSsspTest, RelabelledStoresDistancesAreDijkstrasAndScipys) {
  relabel_ = true;
  for (const bool compressed : {false, true}) {
    for (const bool budget : {false, true}) {
      SCOPED_TRACE(std::string(compressed ? "compressed" : "plain") + (budget ? ", under a budget" : ", in DRAM"));
      compressed_ = compressed;
      under_budget_ = budget;
      expect_distances_of("road.mtx");
      expect_distances_of("mixed.el");
    }
  }
  EXPECT_NE(testing::read_text(directory_.file("store-0") + "/manifest").find("vertex-order degree"), std::string::npos);
}

// Under a budget the edge file's weights are checked once, streamed, before validation reads them
// chunk by chunk; a damaged list weights tail is found as the resident weights are read.
TEST_F(StoreSsspTest, UnderABudgetADamagedWeightFileIsFoundAtOpen) {
  under_budget_ = true;
  for (const char* file : {"p0.backward.weights", "edges.weights"}) {
    const std::string store = build(weighted_vector("road.mtx"), 1, NeighborOrder::kHubFirst);
    const std::filesystem::path path = std::filesystem::path(store) / file;
    std::string bytes = testing::read_text(path);
    bytes[bytes.size() - 3] ^= 0x40;  // the last entry: a tail's
    testing::write_text(path, bytes);
    const std::string message = testing::error_of<Error>([&] { search(store, 1); });
    EXPECT_NE(message.find(std::string(file) + "': SHA-256 does not match"), std::string::npos) << message;
  }
}

TEST_F(StoreSsspTest, AStoreWithoutWeightsIsRefused) {
  const std::string unweighted = build(weighted_vector("road.mtx"), 1, NeighborOrder::kHubFirst, false);
  EXPECT_NE(testing::error_of<Error>([&] { search(unweighted, 1); }).find("the store has no weights"), std::string::npos);
}

TEST_F(StoreSsspTest, ADamagedWeightFileIsFoundAtOpen) {
  for (const char* file : {"p0.backward.weights", "edges.weights"}) {
    const std::string store = build(weighted_vector("road.mtx"), 1, NeighborOrder::kHubFirst);
    const std::filesystem::path path = std::filesystem::path(store) / file;
    std::string bytes = testing::read_text(path);
    bytes[5] ^= 0x40;
    testing::write_text(path, bytes);
    const std::string message = testing::error_of<Error>([&] { search(store, 1); });
    EXPECT_NE(message.find(std::string(file) + "': SHA-256 does not match"), std::string::npos) << message;
  }
}

// A weight rewritten to NaN with the manifest resealed: the values themselves are checked.
TEST_F(StoreSsspTest, ANonFiniteWeightInAResealedStoreIsFound) {
  const std::string store = build(weighted_vector("road.mtx"), 1, NeighborOrder::kHubFirst);
  const std::filesystem::path path = std::filesystem::path(store) / "p0.backward.weights";
  std::string bytes = testing::read_text(path);
  const float nan = NAN;
  std::memcpy(bytes.data() + 8, &nan, sizeof(float));
  testing::write_text(path, bytes);
  testing::reseal_store(store);
  EXPECT_NE(testing::error_of<Error>([&] { search(store, 1); }).find("weight 2 (nan) is not a finite non-negative"),
            std::string::npos);
}

TEST_F(StoreSsspTest, AnUnknownRootIsRefused) {
  const std::string store = build(weighted_vector("road.mtx"), 1, NeighborOrder::kHubFirst);
  EXPECT_NE(testing::error_of<Error>([&] { search(store, 41); }).find("--root 41 is not a vertex"), std::string::npos);
}

}  // namespace
}  // namespace semibfs
