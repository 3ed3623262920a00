// The external construction against the in-memory one: for Kronecker graphs, every partition
// count and every neighbour order, a budget that forces several ranges gives the store that
// write_store writes, byte for byte, with the builder's buffers within the budget. Every way of
// going wrong is one clear error that leaves no store behind.
#include "construction/external_build.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "support/test_graphs.hpp"
#include "gen/kronecker.hpp"
#include "graph/partitioned_graph.hpp"
#include "support/pattern_file.hpp"
#include "support/same_store_files.hpp"
#include "support/same_graph.hpp"
#include "construction/build_budget.hpp"
#include "construction/range_lists.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "store/graph_store.hpp"
#include "support/error_message.hpp"
#include "support/file_size_limit.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::error_of;
using testing::file_names;
using testing::ScratchDirectory;

constexpr NeighborOrder kOrders[] = {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree};
constexpr const char* kMadeFrom = "test graph";

void expect_same_store(const std::string& expected, const std::string& actual) {
  testing::expect_same_store_files(expected, actual);
}

void write_packed_edges(const std::string& path, const EdgeList& edge_list) {
  std::vector<PackedEdge> packed;
  for (const CompactEdge& edge : edge_list.edges) packed.push_back(PackedEdge::make(edge.v0(), edge.v1()));
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(packed.data()), static_cast<std::streamsize>(packed.size() * 12));
}

// A budget whose lists' share is about a third of what the raw lists take: several ranges.
std::int64_t tight_budget(std::int64_t num_vertices, std::int64_t num_edges, int partitions) {
  return minimum_external_build_budget(num_vertices, partitions) + num_edges * 2 * 4 / 3;
}

class ExternalBuildTest : public ::testing::Test {
 protected:
  // Builds the store of `edge_list` both ways into fresh directories and compares them.
  void expect_same_as_in_memory(const std::string& edge_file, const EdgeList& edge_list, int partitions,
                                NeighborOrder order, std::int64_t budget) {
    SCOPED_TRACE(std::to_string(partitions) + " partitions, order " + to_string(order));
    const std::string memory = make_directory("memory");
    const std::string external = make_directory("external");
    write_store(memory, PartitionedGraph(build_csr(edge_list), partitions, order), kMadeFrom);
    const ExternalBuildOptions options{budget, partitions, order, kMadeFrom, nullptr};
    const ExternalBuildStats stats = build_store_from_edge_file(edge_file, edge_list.num_vertices, external, options);
    expect_same_store(memory, external);
    EXPECT_LE(stats.peak_buffer_bytes, budget);
    EXPECT_GE(stats.collect_ranges, 2);
    EXPECT_EQ(stats.edge_file_passes, 1 + stats.collect_ranges);
    EXPECT_EQ(stats.edges, edge_list.num_edges());
    EXPECT_EQ(stats.scratch_bytes == 0, order == NeighborOrder::kById);
  }

  std::string make_directory(const std::string& name) {
    const std::string path = directory_.file(name);
    fs::remove_all(path);
    fs::create_directory(path);
    return path;
  }

  ScratchDirectory directory_;
};

class ExternalBuildKroneckerTest : public ExternalBuildTest, public ::testing::WithParamInterface<int> {};

TEST_P(ExternalBuildKroneckerTest, EqualsTheInMemoryStoreForEveryPartitionCountAndOrder) {
  KroneckerParams params;
  params.scale = GetParam();
  const std::string edge_file = directory_.file("edges");
  write_kronecker_edge_file(params, edge_file, 1 << 16);
  const EdgeList edge_list = generate_kronecker(params, false);
  for (const int partitions : {1, 2, 3}) {
    for (const NeighborOrder order : kOrders) {
      expect_same_as_in_memory(edge_file, edge_list, partitions, order,
                               tight_budget(params.num_vertices(), params.num_edges(), partitions));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Scales, ExternalBuildKroneckerTest, ::testing::Values(10, 11, 12));

// A vertex count that is not whole words, an empty last partition, a hub with most edges, many
// duplicates.
TEST_F(ExternalBuildTest, EqualsTheInMemoryStoreOnASkewedGraphWithAnEmptyPartition) {
  const EdgeList edge_list = testing::make_skewed_random_edge_list(300, 200, 11);
  const std::string edge_file = directory_.file("edges");
  write_packed_edges(edge_file, edge_list);
  for (const NeighborOrder order : kOrders) {
    expect_same_as_in_memory(edge_file, edge_list, 4, order, tight_budget(300, edge_list.num_edges(), 4));
  }
}

TEST_F(ExternalBuildTest, ReadsBackAsTheInMemoryGraph) {
  KroneckerParams params;
  params.scale = 10;
  const std::string edge_file = directory_.file("edges");
  write_kronecker_edge_file(params, edge_file, 1 << 16);
  const std::string store = make_directory("store");
  build_store_from_edge_file(edge_file, params.num_vertices(), store,
                             {tight_budget(params.num_vertices(), params.num_edges(), 2), 2, NeighborOrder::kHubFirst,
                              kMadeFrom, nullptr});
  const PartitionedGraph expected(build_csr(generate_kronecker(params, false)), 2, NeighborOrder::kHubFirst);
  testing::expect_same_graph(expected, read_store(store, {kMadeFrom, 2, NeighborOrder::kHubFirst}));
}

TEST_F(ExternalBuildTest, ABudgetTooSmallForTheDegreesIsAnErrorBeforeAnyWork) {
  const std::string store = make_directory("store");
  const std::int64_t minimum = minimum_external_build_budget(1 << 20, 3);
  // The edge file does not exist: the budget is refused before it is opened.
  const std::string message = error_of([&] {
    build_store_from_edge_file(directory_.file("none"), 1 << 20, store, {minimum - 1, 3, NeighborOrder::kById, "", nullptr});
  });
  EXPECT_NE(message.find("too small for 1048576 vertices"), std::string::npos) << message;
  EXPECT_NE(message.find("give at least " + std::to_string(minimum) + " bytes"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(store));
}

TEST_F(ExternalBuildTest, AVertexWhoseListDoesNotFitIsAClearError) {
  std::vector<std::pair<VertexId, VertexId>> star;
  for (VertexId leaf = 1; leaf < 20000; ++leaf) star.emplace_back(0, leaf);
  const std::string edge_file = directory_.file("edges");
  write_packed_edges(edge_file, testing::make_edge_list(20000, star));
  const std::string store = make_directory("store");
  const std::string message = error_of([&] {
    build_store_from_edge_file(edge_file, 20000, store,
                               {minimum_external_build_budget(20000, 1), 1, NeighborOrder::kById, "", nullptr});
  });
  EXPECT_NE(message.find("vertex 0 has 19999 list entries"), std::string::npos) << message;
  EXPECT_NE(message.find("raise the DRAM budget"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(store));
}

TEST_F(ExternalBuildTest, ABrokenEdgeFileIsAClearError) {
  const std::string store = make_directory("store");
  const ExternalBuildOptions options{1 << 20, 1, NeighborOrder::kHubFirst, "", nullptr};
  const std::string cut = directory_.file("cut");
  std::ofstream(cut, std::ios::binary) << std::string(12 * 10 + 7, '\0');
  std::string message = error_of([&] { build_store_from_edge_file(cut, 16, store, options); });
  EXPECT_NE(message.find("not a multiple of the 12-byte packed edge"), std::string::npos) << message;
  const std::string outside = directory_.file("outside");
  write_packed_edges(outside, testing::make_edge_list(100, {{1, 2}, {3, 4}, {5, 99}}));
  message = error_of([&] { build_store_from_edge_file(outside, 50, store, options); });
  EXPECT_NE(message.find("edge 2 (5, 99) has a vertex id outside [0, 50)"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(store));
}

TEST_F(ExternalBuildTest, AMissingOrFullDirectoryFailsCleanly) {
  KroneckerParams params;
  params.scale = 12;
  const std::string edge_file = directory_.file("edges");
  write_kronecker_edge_file(params, edge_file, 1 << 16);
  for (const NeighborOrder order : {NeighborOrder::kById, NeighborOrder::kByDegree}) {
    const ExternalBuildOptions options{1 << 20, 3, order, "", nullptr};
    const std::string missing = directory_.file("missing");
    EXPECT_NE(error_of([&] { build_store_from_edge_file(edge_file, 4096, missing, options); }).find("does not exist"),
              std::string::npos);
    EXPECT_FALSE(fs::exists(missing));
    const std::string store = make_directory("store");
    std::string message;
    {
      const testing::ScopedFileSizeLimit limit(64 << 10);  // room for the offsets, not for every list
      message = error_of([&] { build_store_from_edge_file(edge_file, 4096, store, options); });
    }
    EXPECT_NE(message.find("cannot write"), std::string::npos) << message;
    EXPECT_TRUE(fs::is_empty(store)) << file_names(store).front() << " left behind";
  }
}

// Root ignores permission bits, so this check only means something for other users.
TEST_F(ExternalBuildTest, AReadOnlyDirectoryFailsCleanly) {
  if (::geteuid() == 0) GTEST_SKIP() << "root can write anywhere";
  KroneckerParams params;
  params.scale = 10;
  const std::string edge_file = directory_.file("edges");
  write_kronecker_edge_file(params, edge_file, 1 << 16);
  const std::string store = make_directory("locked");
  fs::permissions(store, fs::perms::owner_read | fs::perms::owner_exec);
  const std::string message = error_of([&] {
    build_store_from_edge_file(edge_file, 1024, store, {1 << 20, 1, NeighborOrder::kHubFirst, "", nullptr});
  });
  fs::permissions(store, fs::perms::owner_all);
  EXPECT_NE(message.find("cannot"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(store));
}

TEST(ExternalBuildBudgetTest, TheSharesAddUpToTheBudgetFromTheMinimumUp) {
  for (const int files : {2, 8, 64}) {
    const std::int64_t minimum = minimum_build_budget(1 << 16, files);
    for (const std::int64_t budget : {minimum, minimum + 1000, minimum * 3, minimum * 100, std::int64_t{1} << 34}) {
      const BuildBudget split = split_budget(budget, 1 << 16, files);
      EXPECT_EQ(split.degree_bytes + split.chunk_edges * kCollectBytesPerEdge + split.file_buffer_bytes * files +
                    split.range_bytes,
                budget);
      EXPECT_GE(split.range_bytes, 16 << 10);
      EXPECT_GE(split.file_buffer_bytes, 4096);
      EXPECT_GE(split.chunk_edges, 1024);
    }
    EXPECT_NE(testing::error_of([&] { split_budget(minimum - 1, 1 << 16, files); }).find("too small"), std::string::npos);
  }
}

TEST(ExternalBuildBudgetTest, RangesCoverEveryVertexAndFitTheBudget) {
  const std::vector<std::uint32_t> lengths = {3, 0, 5, 1, 1, 7, 0, 0, 2};
  const std::vector<VertexRange> ranges = plan_vertex_ranges(lengths, 4, 8, 48);
  ASSERT_FALSE(ranges.empty());
  EXPECT_EQ(ranges.front().begin, 0);
  EXPECT_EQ(ranges.back().end, 9);
  for (std::size_t index = 0; index < ranges.size(); ++index) {
    if (index > 0) {
      EXPECT_EQ(ranges[index].begin, ranges[index - 1].end);
    }
    std::int64_t cost = 8;
    for (VertexId vertex = ranges[index].begin; vertex < ranges[index].end; ++vertex) cost += 8 + 4 * lengths[vertex];
    EXPECT_LE(cost, 48) << "range " << index;
  }
  EXPECT_EQ(plan_vertex_ranges(std::vector<std::uint32_t>{}, 4, 8, 48).size(), 1u);
  EXPECT_NE(testing::error_of([&] { plan_vertex_ranges(lengths, 4, 8, 40); }).find("vertex 5 has 7"), std::string::npos);
}

// A range's lists start at 32-bit offsets: however large the budget, a range holds at most
// max_entries entries, exactly that many included.
TEST(ExternalBuildBudgetTest, RangesHoldAtMostTheEntriesTheirOffsetsReach) {
  const std::vector<std::uint32_t> lengths = {3, 3, 3, 1, UINT32_MAX};
  const std::int64_t unbounded = std::int64_t{1} << 60;
  // Where each range ends.
  const auto ends = [&](std::int64_t max_entries) {
    std::vector<VertexId> range_ends;
    for (const VertexRange range : plan_vertex_ranges(lengths, 4, 4, unbounded, max_entries)) range_ends.push_back(range.end);
    return range_ends;
  };
  EXPECT_EQ(ends(7), (std::vector<VertexId>{2, 4, 5}));
  EXPECT_EQ(ends(6), (std::vector<VertexId>{2, 4, 5}));
  EXPECT_EQ(ends(5), (std::vector<VertexId>{1, 2, 4, 5}));
  EXPECT_EQ(ends(kMaxRangeEntries), (std::vector<VertexId>{4, 5}));
  EXPECT_EQ(plan_vertex_ranges(lengths, 4, 4, unbounded).size(), 1u);
}

}  // namespace
}  // namespace semibfs
