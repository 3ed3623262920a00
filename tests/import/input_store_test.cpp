// Stores built from graph files (import_graph_file): small hand-written files of every format,
// plain and gzip, with the awkward parts people's files have (comments mid-file, CRLF, trailing
// blanks, self-loops, duplicates, isolated ids, ids near 2^48). Each is imported, read back, and
// searched from every vertex; the levels must equal those of a plain queue BFS written here over
// the edges as the test wrote them, in the file's ids. The Kronecker round trip is in
// input_store_round_trip_test.cpp.
#include "import/input_store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "formats/format_files.hpp"
#include "edges/packed_edge.hpp"
#include "import/input_store_search.hpp"
#include "support/plain_bfs.hpp"
#include "store/graph_store.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using FileEdges = testing::FileIdEdges;
using testing::ScratchDirectory;
using testing::write_bytes;

struct ExpectedStore {
  std::int64_t vertices = 0;
  std::int64_t edges = 0;
  bool identity_ids = true;
  InputFormat format = InputFormat::kSnap;
  bool gzip = false;
};

class InputStoreTest : public ::testing::Test {
 protected:
  std::string store() const { return directory_.file("store"); }

  // Imports `bytes` written as `name`, checks the description, then searches from every vertex of
  // `edges` (file ids) and compares every vertex's level with the reference's.
  void import_and_search(const std::string& name, const std::string& bytes, const FileEdges& edges,
                         const ExpectedStore& expected, InputFormat format = InputFormat::kAuto) {
    SCOPED_TRACE(name);
    const std::string path = directory_.file(name);
    write_bytes(path, bytes);
    fs::remove_all(store());
    ImportOptions options;
    options.format = format;
    options.dram_budget_bytes = std::int64_t{64} << 20;
    const ImportStats stats = import_graph_file(path, store(), options);
    EXPECT_EQ(stats.vertices, expected.vertices);
    EXPECT_EQ(stats.edges, expected.edges);

    const InputDescription input = read_input_description(store());
    EXPECT_EQ(input.format, expected.format);
    EXPECT_EQ(input.gzip, expected.gzip);
    EXPECT_FALSE(input.directed);
    EXPECT_EQ(input.vertices, expected.vertices);
    EXPECT_EQ(input.edges, expected.edges);
    EXPECT_EQ(input.identity_ids, expected.identity_ids);
    EXPECT_EQ(input.first_id, expected.format == InputFormat::kMtx ? 1u : 0u);  // MTX rows count from 1
    EXPECT_EQ(fs::exists(fs::path(store()) / kVertexIdsName), !expected.identity_ids);
    EXPECT_EQ(fs::file_size(fs::path(store()) / kEdgeFileName), static_cast<std::uintmax_t>(expected.edges * 12));
    EXPECT_TRUE(input_store_exists(store()));

    testing::StoreSearch search(store());
    ASSERT_EQ(search.vertices(), expected.vertices);
    std::set<std::uint64_t> roots;
    for (const auto& [u, v] : edges) roots.insert({u, v});
    for (const std::uint64_t root : roots) {
      SCOPED_TRACE("root " + std::to_string(root));
      const std::map<std::uint64_t, int> levels = search.levels(root);
      // Every vertex of the store a file id, every reached one at the reference's level.
      EXPECT_EQ(levels, testing::plain_bfs_levels(edges, root));
    }
  }

  ScratchDirectory directory_;
};

// Comments before and between edges, CRLF, tabs and trailing blanks, a self-loop, a duplicate in
// both directions, and the two largest ids a file may hold.
TEST_F(InputStoreTest, SnapWithEveryAwkwardPartIsRenumbered) {
  const std::string text =
      "# Directed graph (each unordered pair of nodes is saved once)\r\n"
      "# Nodes: 7 Edges: 9\r\n"
      "10\t20\r\n"
      "20 30   \r\n"
      "# a comment between edges\r\n"
      "  30\t\t10\r\n"
      "40 40\r\n"
      "30 20\r\n"
      "20 30\r\n"
      "281474976710655 10\r\n"
      "281474976710654 281474976710655 \r\n"
      "50 60\r\n";
  const FileEdges edges = {{10, 20}, {20, 30}, {30, 10}, {40, 40}, {30, 20},
                           {20, 30}, {281474976710655, 10}, {281474976710654, 281474976710655}, {50, 60}};
  import_and_search("web.txt", text, edges, {8, 9, false, InputFormat::kSnap, false});
  EXPECT_EQ(read_input_description(store()).declared, "directed");
}

TEST_F(InputStoreTest, SnapOfCompactIdsKeepsThem) {
  const FileEdges edges = {{0, 1}, {1, 2}, {3, 2}, {4, 4}};
  import_and_search("compact.snap", "# Undirected graph\n0 1\n1 2\n3 2\n4 4\n", edges,
                    {5, 4, true, InputFormat::kSnap, false});
}

// Dense ids keep their numbers: 3 is an isolated vertex of the store.
TEST_F(InputStoreTest, DenseEdgeListKeepsItsIdsAndTheGapsBecomeIsolatedVertices) {
  const FileEdges edges = {{0, 1}, {1, 2}, {2, 0}, {5, 6}, {7, 7}, {4, 5}, {1, 0}};
  import_and_search("dense.el", "0 1\n1 2\n\n2 0\r\n5 6  \n7 7\n4\t5\n1 0\n", edges,
                    {8, 7, true, InputFormat::kEl, false});
}

TEST_F(InputStoreTest, SparseEdgeListIsRenumbered) {
  const FileEdges edges = {{0, 1000000}, {1000000, 5}, {77, 99999999}, {5, 0}};
  import_and_search("sparse.el", "0 1000000\n1000000 5\n77 99999999\n5 0\n", edges,
                    {5, 4, false, InputFormat::kEl, false});
}

// The declared order keeps rows without entries (4, 5, 6, 9, 10) as isolated vertices; ids are
// the rows as the file writes them, from 1.
TEST_F(InputStoreTest, MatrixMarketSymmetricPatternKeepsItsOrder) {
  const std::string text =
      "%%MatrixMarket matrix coordinate pattern symmetric\r\n"
      "% a comment\r\n"
      "10 10 5\r\n"
      "2 1\r\n"
      "% a comment between entries\r\n"
      "3 2  \r\n"
      "3 3\r\n"
      "8 7\r\n"
      "3 2\r\n";
  const FileEdges edges = {{2, 1}, {3, 2}, {3, 3}, {8, 7}, {3, 2}};
  import_and_search("sym.mtx", text, edges, {10, 5, true, InputFormat::kMtx, false});
  EXPECT_EQ(read_input_description(store()).declared, "undirected");
}

TEST_F(InputStoreTest, MatrixMarketGeneralIntegerAndRealAreSymmetrized) {
  const FileEdges edges = {{1, 2}, {2, 1}, {4, 3}};
  import_and_search("general.mtx",
                    "%%MatrixMarket matrix coordinate integer general\n4 4 3\n1 2 5\n2 1 7\n4 3 1\n", edges,
                    {4, 3, true, InputFormat::kMtx, false});
  import_and_search("real.mtx", "%%MatrixMarket matrix coordinate real general\n4 4 3\n1 2 0.5\n2 1 1e-3\n4 3 2\n",
                    edges, {4, 3, true, InputFormat::kMtx, false});
}

std::string packed_bytes(const FileEdges& edges) {
  std::string bytes;
  for (const auto& [u, v] : edges) {
    const PackedEdge edge = PackedEdge::make(static_cast<VertexId>(u), static_cast<VertexId>(v));
    bytes.append(reinterpret_cast<const char*>(&edge), sizeof edge);
  }
  return bytes;
}

std::string int64_bytes(const FileEdges& edges) {
  std::string bytes;
  for (const auto& [u, v] : edges) {
    const std::int64_t pair[2] = {static_cast<std::int64_t>(u), static_cast<std::int64_t>(v)};
    bytes.append(reinterpret_cast<const char*>(pair), sizeof pair);
  }
  return bytes;
}

TEST_F(InputStoreTest, Graph500BinaryLayouts) {
  const FileEdges dense = {{0, 1}, {1, 2}, {2, 2}, {3, 0}, {1, 0}, {5, 4}};
  import_and_search("dense.g500", packed_bytes(dense), dense, {6, 6, true, InputFormat::kG500Packed, false});
  const FileEdges sparse = {{0, 4294967296}, {4294967296, 140737488355327}, {12, 12}, {140737488355327, 0}};
  import_and_search("sparse.bin", packed_bytes(sparse), sparse, {4, 4, false, InputFormat::kG500Packed, false},
                    InputFormat::kG500Packed);
  const FileEdges near_limit = {{281474976710655, 1}, {1, 2}, {2, 281474976710655}, {7, 8}};
  import_and_search("edges.int64", int64_bytes(near_limit), near_limit, {5, 4, false, InputFormat::kG500Int64, false});
}

#ifdef SEMIBFS_HAVE_ZLIB
TEST_F(InputStoreTest, GzipInputsOfEachKind) {
  const FileEdges edges = {{100, 200}, {200, 300}, {300, 300}, {400, 100}};
  import_and_search("web.txt.gz", testing::gzip("# comment\n100 200\r\n200 300\n# x\n300 300\n400 100\n"), edges,
                    {4, 4, false, InputFormat::kSnap, true});
  const FileEdges mtx_edges = {{1, 2}, {3, 2}};
  import_and_search("m.mtx.gz", testing::gzip("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n3 2\n"),
                    mtx_edges, {3, 2, true, InputFormat::kMtx, true});
  import_and_search("e.int64.gz", testing::gzip(int64_bytes(edges)), edges, {4, 4, false, InputFormat::kG500Int64, true});
}
#endif

// A store of every partition count and neighbour order gives the same levels.
TEST_F(InputStoreTest, PartitionsAndOrdersOfTheManifestAreRequested) {
  const std::string path = directory_.file("g.el");
  write_bytes(path, "0 1\n1 2\n2 3\n3 4\n4 0\n6 5\n");
  for (const int partitions : {1, 3}) {
    for (const NeighborOrder order : {NeighborOrder::kById, NeighborOrder::kByDegree}) {
      fs::remove_all(store());
      ImportOptions options;
      options.partitions = partitions;
      options.order = order;
      import_graph_file(path, store(), options);
      const InputDescription input = read_input_description(store());
      const StoreRequest request = input_store_request(store(), input);
      EXPECT_EQ(request.partitions, partitions);
      EXPECT_EQ(request.order, order);
      EXPECT_EQ(request.made_from, "file format=el symmetrized vertices=7 edges=6 ids=identity");
      EXPECT_EQ(read_store(store(), request).num_vertices(), 7);
    }
  }
}

}  // namespace
}  // namespace semibfs
