// The on-disk graph: written and read back equal, every way of going wrong is one clear error,
// and a failed write leaves no store file behind.
#include "store/graph_store.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/test_graphs.hpp"
#include "support/same_graph.hpp"
#include "core/error.hpp"
#include "edges/packed_edge.hpp"
#include "store/store_manifest.hpp"
#include "support/error_message.hpp"
#include "support/file_size_limit.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using semibfs::testing::error_of;
using semibfs::testing::expect_same_graph;
using semibfs::testing::make_skewed_random_edge_list;

constexpr const char* kMadeFrom = "test skewed n=3000 seed=7";

class GraphStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() /
                 ("semibfs-store-" + std::to_string(::getpid()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(directory_);
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  static PartitionedGraph make_graph(int partitions) {
    return PartitionedGraph(build_csr(make_skewed_random_edge_list(3000, 8, 7)), partitions);
  }
  std::string dir() const { return directory_.string(); }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(directory_)) names.push_back(entry.path().filename().string());
    return names;
  }
  fs::path directory_;
};

TEST_F(GraphStoreTest, RoundTripsEveryPartitionCount) {
  for (const int partitions : {1, 3}) {
    SCOPED_TRACE(std::to_string(partitions) + " partitions");
    fs::remove_all(directory_);
    fs::create_directories(directory_);
    const PartitionedGraph graph = make_graph(partitions);
    write_store(dir(), graph, kMadeFrom);
    EXPECT_TRUE(store_exists(dir()));
    // The manifest plus offsets and neighbours of each backward (and, past one partition, forward) graph.
    EXPECT_EQ(files().size(), 1u + 2u * partitions * (partitions > 1 ? 2 : 1));
    const PartitionedGraph read = read_store(dir(), {kMadeFrom, partitions, NeighborOrder::kHubFirst});
    expect_same_graph(graph, read);
  }
}

TEST_F(GraphStoreTest, RefusesToOverwriteAStoreAndNeedsADirectory) {
  write_store(dir(), make_graph(1), kMadeFrom);
  const std::string manifest = (directory_ / kManifestName).string();
  const auto before = fs::last_write_time(manifest);
  EXPECT_NE(error_of([&] { write_store(dir(), make_graph(1), kMadeFrom); }).find("already holds a store"), std::string::npos);
  EXPECT_EQ(fs::last_write_time(manifest), before);
  const std::string missing = (directory_ / "missing").string();
  EXPECT_NE(error_of([&] { write_store(missing, make_graph(1), kMadeFrom); }).find("does not exist"), std::string::npos);
  EXPECT_NE(error_of([&] { write_store(manifest, make_graph(1), kMadeFrom); }).find("not a directory"), std::string::npos);
  EXPECT_NE(error_of([&] { read_store(missing, {kMadeFrom, 1}); }).find("does not exist"), std::string::npos);
}

TEST_F(GraphStoreTest, ReadingAnEmptyDirectoryOrAnotherGraphIsAClearError) {
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1}); }).find("holds no store"), std::string::npos);
  write_store(dir(), make_graph(1), kMadeFrom);
  EXPECT_NE(error_of([&] { read_store(dir(), {"kronecker scale=20", 1}); }).find("made-from"), std::string::npos);
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 2}); }).find("partitions 1"), std::string::npos);
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1, NeighborOrder::kById}); }).find("neighbor-order"),
            std::string::npos);
}

TEST_F(GraphStoreTest, DetectsCorruptedTruncatedAndMissingFiles) {
  write_store(dir(), make_graph(1), kMadeFrom);
  const fs::path neighbors = directory_ / "p0.backward.neighbors";
  const std::uintmax_t size = fs::file_size(neighbors);
  {  // one flipped byte in the middle
    std::fstream file(neighbors, std::ios::in | std::ios::out | std::ios::binary);
    file.seekg(static_cast<std::streamoff>(size / 2));
    const char byte = static_cast<char>(file.get());
    file.seekp(static_cast<std::streamoff>(size / 2));
    file.put(static_cast<char>(byte ^ 0x40));
  }
  std::string message = error_of([&] { read_store(dir(), {kMadeFrom, 1}); });
  EXPECT_NE(message.find("SHA-256"), std::string::npos) << message;
  EXPECT_NE(message.find("p0.backward.neighbors"), std::string::npos) << message;
  fs::resize_file(neighbors, size - 4);
  message = error_of([&] { read_store(dir(), {kMadeFrom, 1}); });
  EXPECT_NE(message.find(std::to_string(size - 4) + " bytes where the manifest says " + std::to_string(size)),
            std::string::npos)
      << message;
  fs::remove(neighbors);
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1}); }).find("cannot be read"), std::string::npos);
}

TEST_F(GraphStoreTest, ACutShortOrForeignManifestIsAClearError) {
  write_store(dir(), make_graph(1), kMadeFrom);
  const fs::path manifest = directory_ / kManifestName;
  std::ifstream in(manifest);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  std::ofstream(manifest, std::ios::trunc) << text.substr(0, text.find("end"));
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1}); }).find("cut short"), std::string::npos);
  std::ofstream(manifest, std::ios::trunc) << "hello\n";
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1}); }).find("semibfs-graph-store"), std::string::npos);
  std::ofstream(manifest, std::ios::trunc) << "semibfs-graph-store 99\nend\n";
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1}); }).find("format version 99"), std::string::npos);
}

// A disk that fills up, simulated by a file size limit (write(2) fails with EFBIG): the write
// fails with an error and leaves nothing in the directory.
TEST_F(GraphStoreTest, AFullDiskFailsCleanlyWithNoPartialStore) {
  const PartitionedGraph graph = make_graph(3);
  std::string message;
  {
    const testing::ScopedFileSizeLimit limit(8192);  // room for the small arrays, not for the neighbour lists
    message = error_of([&] { write_store(dir(), graph, kMadeFrom); });
  }
  EXPECT_NE(message.find("cannot write"), std::string::npos) << message;
  EXPECT_TRUE(files().empty()) << files().size() << " files left behind, e.g. " << files().front();
}

// A bad value in the manifest is a damaged store (semibfs::Error, exit 1), not a usage mistake.
TEST_F(GraphStoreTest, ABadNeighbourOrderInTheManifestIsADamagedStore) {
  write_store(dir(), make_graph(1), kMadeFrom);
  const std::string manifest_path = (directory_ / kManifestName).string();
  std::ifstream in(manifest_path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const std::size_t at = text.find("neighbor-order hub-first");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, std::string("neighbor-order hub-first").size(), "neighbor-order sideways");
  std::ofstream(manifest_path, std::ios::trunc) << text;
  try {
    read_store_manifest(dir());
    FAIL() << "a bad neighbour order was accepted";
  } catch (const UsageError& error) {
    FAIL() << "reported as a usage error: " << error.what();
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("store manifest '" + manifest_path + "' line "), std::string::npos)
        << error.what();
    EXPECT_NE(std::string(error.what()).find("unknown neighbor order 'sideways'"), std::string::npos) << error.what();
  }
}

// A rank's part (written across MPI ranks) round-trips its rank-part line; a bad one is a damaged
// store naming the line; a part is not a whole graph, nor the part of another rank or rank count.
TEST_F(GraphStoreTest, RankPartsAreReadOnlyAsTheirOwnRank) {
  const PartitionedGraph whole = make_graph(1);
  const PartitionLayout ranks(whole.num_vertices(), 3);
  const VertexRange own = ranks.range(1);
  const CsrGraph& all = whole.backward(0);
  std::vector<std::int64_t> offsets{0};
  std::vector<NeighborId> neighbors;
  for (VertexId v = own.begin; v < own.end; ++v) {
    for (const NeighborId u : all.neighbors(v)) neighbors.push_back(u);
    offsets.push_back(static_cast<std::int64_t>(neighbors.size()));
  }
  const CsrGraph lists(own.size(), offsets, neighbors);
  write_rank_part_store(dir(), lists, whole.num_vertices(), RankPart{1, 3}, NeighborOrder::kHubFirst, kMadeFrom,
                        std::vector<CompactEdge>{CompactEdge::make(own.begin, 0)});
  const StoreManifest manifest = read_store_manifest(dir());
  ASSERT_TRUE(manifest.rank_part.has_value());
  EXPECT_EQ(*manifest.rank_part, (RankPart{1, 3}));
  EXPECT_EQ(manifest.partition_rows(0).begin, own.begin);
  EXPECT_EQ(manifest.partition_rows(0).end, own.end);
  EXPECT_EQ(manifest.adjacencies, static_cast<std::int64_t>(neighbors.size()));
  ASSERT_TRUE(manifest.edge_file.has_value());
  EXPECT_EQ(manifest.edge_file->bytes, static_cast<std::int64_t>(sizeof(PackedEdge)));
  EXPECT_NE(error_of([&] { read_store(dir(), {kMadeFrom, 1}); }).find("rank part 1 of 3"), std::string::npos);
  StoreRequest request{kMadeFrom, 1, NeighborOrder::kHubFirst, GraphDirection::kUndirected, RankPart{1, 2}};
  EXPECT_NE(error_of([&] { read_store_manifest(dir(), request); }).find("asks for 1 of 2"), std::string::npos);
  request.rank_part = RankPart{1, 3};
  EXPECT_EQ(read_store_manifest(dir(), request).rank_part, (RankPart{1, 3}));
  const std::string text = manifest.to_text();
  for (const auto& [line, what] : std::vector<std::pair<std::string, std::string>>{
           {"rank-part 3 3", "rank below their count"},
           {"rank-part 1", "a rank and a rank count"},
           {"rank-part 0 0", "1 to"}}) {
    std::string bad = text;
    bad.replace(bad.find("rank-part 1 3"), std::string("rank-part 1 3").size(), line);
    EXPECT_NE(error_of([&] { StoreManifest::parse(bad, "m"); }).find(what), std::string::npos) << line;
  }
  std::string two_partitions = text;
  two_partitions.replace(two_partitions.find("partitions 1"), std::string("partitions 1").size(), "partitions 2");
  EXPECT_NE(error_of([&] { StoreManifest::parse(two_partitions, "m"); }).find("one partition of an undirected graph"),
            std::string::npos);
}

}  // namespace
}  // namespace semibfs
