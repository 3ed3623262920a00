// Directed stores (`semibfs build --directed`, out-edge BFS): small files of the text and binary
// formats, with one-way chains, cycles, reverse pairs, self-loops, duplicates and vertices only
// reachable against the edges, imported with --directed and searched from every vertex, in DRAM
// and with every list's tail on disk, with one and several partitions; every vertex's level must
// equal that of a plain queue BFS that follows each pair from its first id to its second.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "formats/format_files.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/graph_store.hpp"
#include "import/input_store_search.hpp"
#include "import/input_store.hpp"
#include "tiered/placement_plan.hpp"
#include "store/store_manifest.hpp"
#include "support/plain_bfs.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using FileEdges = testing::FileIdEdges;
using testing::ScratchDirectory;
using testing::write_bytes;

// Every backward list keeps only its head in DRAM, every forward list is on disk.
PlacementPlan tails_on_disk_plan() {
  PlacementPlan plan;
  plan.head_entries = 1;
  return plan;
}

class DirectedStoreTest : public ::testing::Test {
 protected:
  std::string store() const { return directory_.file("store"); }

  ImportStats import(const std::string& path, bool directed, int partitions, NeighborOrder order) {
    fs::remove_all(store());
    ImportOptions options;
    options.directed = directed;
    options.partitions = partitions;
    options.order = order;
    options.dram_budget_bytes = std::int64_t{64} << 20;
    return import_graph_file(path, store(), options);
  }

  // Imports the file with --directed in each layout and searches from every vertex of `edges`,
  // in DRAM and with the tails on disk.
  void import_and_search(const std::string& name, const std::string& bytes, const FileEdges& edges) {
    SCOPED_TRACE(name);
    const std::string path = directory_.file(name);
    write_bytes(path, bytes);
    std::set<std::uint64_t> roots;
    for (const auto& [u, v] : edges) roots.insert({u, v});
    for (const int partitions : {1, 2}) {
      for (const NeighborOrder order : {NeighborOrder::kHubFirst, NeighborOrder::kById}) {
        SCOPED_TRACE(std::to_string(partitions) + " partitions, order " + to_string(order));
        import(path, true, partitions, order);
        const InputDescription input = read_input_description(store());
        EXPECT_TRUE(input.directed);
        EXPECT_NE(input_made_from(input).find(" directed "), std::string::npos);
        const PlacementPlan plan = tails_on_disk_plan();
        testing::StoreSearch in_dram(store());
        testing::StoreSearch tiered(store(), &plan);
        for (const std::uint64_t root : roots) {
          SCOPED_TRACE("root " + std::to_string(root));
          const std::map<std::uint64_t, int> expected = testing::plain_bfs_levels(edges, root, true);
          EXPECT_EQ(in_dram.levels(root), expected);
          EXPECT_EQ(tiered.levels(root), expected);
        }
      }
    }
  }

  ScratchDirectory directory_;
};

// 10 -> 20 -> 30 -> 10 is a cycle; 40 reaches it but nothing reaches 40; 50 <-> 60 both ways;
// 70 -> 70 a self-loop; 20 -> 30 twice; 99 is reached only from 30; ids up to 2^48 - 1.
TEST_F(DirectedStoreTest, SnapWithSparseIds) {
  const std::string text =
      "# Directed graph\n"
      "10\t20\n20 30\n30 10\n40 10\n50 60\n60 50\n70 70\n20 30\n30 99\n"
      "# mid-file comment\r\n"
      "281474976710655 99\n99 281474976710654\n";
  const FileEdges edges = {{10, 20}, {20, 30}, {30, 10}, {40, 10}, {50, 60}, {60, 50}, {70, 70},
                           {20, 30}, {30, 99}, {281474976710655, 99}, {99, 281474976710654}};
  import_and_search("web.txt", text, edges);
}

TEST_F(DirectedStoreTest, EdgeListWithDenseIds) {
  const FileEdges edges = {{0, 1}, {1, 2}, {2, 3}, {3, 1}, {4, 0}, {5, 4}, {2, 6}, {6, 6}, {7, 2}, {1, 0}};
  import_and_search("dense.el", "0 1\n1 2\n2 3\n3 1\n4 0\n5 4\n2 6\n6 6\n7 2\n1 0\n", edges);
}

// A general (non-symmetric) Matrix Market file: entry (i, j) is the edge i -> j, its 1-based
// indices reported as the file writes them (docs/FORMATS.md).
TEST_F(DirectedStoreTest, GeneralMatrixMarket) {
  const std::string text =
      "%%MatrixMarket matrix coordinate pattern general\n% a comment\n6 6 6\n1 2\n2 3\n3 1\n4 3\n5 6\n3 5\n";
  const FileEdges edges = {{1, 2}, {2, 3}, {3, 1}, {4, 3}, {5, 6}, {3, 5}};
  import_and_search("general.mtx", text, edges);
}

TEST_F(DirectedStoreTest, GzipSnap) {
  const FileEdges edges = {{3, 1}, {1, 2}, {2, 4}, {4, 1}, {5, 3}};
  import_and_search("small.snap.gz", testing::gzip("3 1\n1 2\n2 4\n4 1\n5 3\n"), edges);
}

// The same file searched undirected reaches vertices a directed search cannot: the direction is
// what the store keeps, not a label.
TEST_F(DirectedStoreTest, DirectedAndSymmetrizedStoresOfOneFileDiffer) {
  const std::string path = directory_.file("chain.el");
  write_bytes(path, "0 1\n2 1\n1 3\n");
  import(path, true, 1, NeighborOrder::kHubFirst);
  EXPECT_EQ(testing::StoreSearch(store()).levels(0), (std::map<std::uint64_t, int>{{0, 0}, {1, 1}, {3, 2}}));
  EXPECT_EQ(testing::StoreSearch(store()).levels(3), (std::map<std::uint64_t, int>{{3, 0}}));
  import(path, false, 1, NeighborOrder::kHubFirst);
  EXPECT_EQ(testing::StoreSearch(store()).levels(0),
            (std::map<std::uint64_t, int>{{0, 0}, {1, 1}, {2, 2}, {3, 2}}));
}

// The direction policy sees a directed frontier's out-edges: top-down expands exactly the m_f it
// was given, level by level (the steps themselves count in-degrees, which differ here: 4 has 4
// out-edges and 1 in-edge, 9 has 4 in-edges and none out).
TEST_F(DirectedStoreTest, FrontierEdgesAreTheOutEdgesTopDownExpands) {
  const std::string path = directory_.file("fan.el");
  write_bytes(path, "0 4\n4 5\n4 6\n4 7\n4 8\n5 9\n6 9\n7 9\n8 9\n9 9\n1 9\n");
  for (const int partitions : {1, 2}) {
    import(path, true, partitions, NeighborOrder::kHubFirst);
    const InputDescription input = read_input_description(store());
    const PartitionedGraph graph = read_store(store(), input_store_request(store(), input));
    BfsOptions options;
    options.policy = PolicyKind::kTopDown;
    BfsEngine engine(graph, options);
    std::vector<VertexId> parent(static_cast<std::size_t>(graph.num_vertices()));
    const std::vector<LevelStats> levels = engine.run(0, parent);
    ASSERT_EQ(levels.size(), 4u);  // 0, then 4, then 5..8, then 9
    for (const LevelStats& level : levels) {
      SCOPED_TRACE("partitions " + std::to_string(partitions) + ", level " + std::to_string(level.level));
      EXPECT_EQ(level.frontier_edges, level.edges_examined);
    }
    EXPECT_EQ(levels[1].frontier_edges, 4);
    EXPECT_EQ(parent[1], kUnreached);  // 1 -> 9 leads into the tree, not out of it
  }
}

// A file that declares itself undirected lists each edge once for both directions: --directed
// would silently follow it one way, so it is refused, and nothing is left behind.
TEST_F(DirectedStoreTest, SymmetricMatrixMarketIsRefused) {
  const std::string path = directory_.file("sym.mtx");
  write_bytes(path, "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n");
  const std::string message = testing::error_of([&] { import(path, true, 1, NeighborOrder::kHubFirst); });
  EXPECT_THAT(message, ::testing::AllOf(::testing::HasSubstr("declares an undirected graph"),
                                        ::testing::HasSubstr("build it undirected")));
  EXPECT_FALSE(fs::exists(fs::path(store()) / kManifestName));
  EXPECT_FALSE(fs::exists(fs::path(store()) / kEdgeFileName));
}

}  // namespace
}  // namespace semibfs
