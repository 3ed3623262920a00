// Searches over a store opened with its lists split between DRAM and disk: the resident parts are
// the lists' prefixes the plan asks for, and every search, whatever K, partitions, threads, I/O
// backend and fetcher sizes, gives a parent array that validates with the in-memory run's nedge.
#include <gtest/gtest.h>
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "io/io_kind.hpp"
#include "store/graph_store.hpp"
#include "support/split_plans.hpp"
#include "tiered/tiered_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMadeFrom = "kronecker scale=11 edgefactor=16 seed1=2 seed2=3";

using testing::split_plan;

class TieredBfsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    KroneckerParams params;
    params.scale = 11;
    edges_ = new EdgeList(generate_kronecker(params, false));
  }
  static void TearDownTestSuite() { delete edges_; }

  void SetUp() override {
    directory_ = fs::temp_directory_path() / ("semibfs-tiered-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  // The store of the graph with `partitions` partitions, in its own subdirectory.
  std::string store_for(const PartitionedGraph& graph) {
    // Appended, not concatenated: GCC 12 warns (-Wrestrict, falsely) on "p" + std::to_string().
    std::string name = "p";
    name.append(std::to_string(graph.num_partitions()));
    const fs::path path = directory_ / name;
    if (!fs::exists(path / "manifest")) {
      fs::create_directories(path);
      write_store(path.string(), graph, kMadeFrom);
    }
    return path.string();
  }
  static StoreRequest request_for(int partitions) { return {kMadeFrom, partitions, NeighborOrder::kHubFirst}; }

  static EdgeList* edges_;
  fs::path directory_;
};

EdgeList* TieredBfsTest::edges_ = nullptr;

TEST_F(TieredBfsTest, ResidentPartsAreThePrefixesThePlanAsksFor) {
  for (int partitions : {1, 3}) {
    SCOPED_TRACE("partitions " + std::to_string(partitions));
    const PartitionedGraph graph(build_csr(*edges_), partitions);
    const std::string store = store_for(graph);
    for (std::int64_t k : {1, 3}) {
      const PlacementPlan plan = split_plan(k, 2, 100);
      const TieredGraph tiered = open_tiered_graph(read_store_index(store, request_for(partitions)), plan);
      ASSERT_TRUE(tiered.has_tails());
      EXPECT_EQ(tiered.num_adjacencies(), graph.num_adjacencies());
      for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
        const std::int64_t degree = graph.degree(vertex);
        ASSERT_EQ(tiered.degree(vertex), degree);
        EXPECT_EQ(tiered.first_neighbor(vertex), graph.first_neighbor(vertex));
        EXPECT_EQ(tiered.isolated().test(vertex), graph.isolated().test(vertex));
        const int owner = graph.layout().partition_of(vertex);
        const std::int64_t row = vertex - graph.layout().range(owner).begin;
        const auto whole = graph.backward(owner).neighbors(row);
        const auto resident = tiered.backward(owner).resident(row);
        ASSERT_EQ(static_cast<std::int64_t>(resident.size()), std::min(degree, k)) << "vertex " << vertex;
        EXPECT_TRUE(std::equal(resident.begin(), resident.end(), whole.begin()));
        EXPECT_EQ(tiered.backward(owner).tail_entries(row), degree - std::min(degree, k));
        if (partitions == 1) continue;
        for (int part = 0; part < partitions; ++part) {
          const auto forward_whole = graph.forward(part).neighbors(vertex);
          const auto forward_resident = tiered.forward(part).resident(vertex);
          const bool kept = degree <= 2 || degree >= 100;
          ASSERT_EQ(forward_resident.size(), kept ? forward_whole.size() : 0) << "vertex " << vertex;
          EXPECT_TRUE(std::equal(forward_resident.begin(), forward_resident.end(), forward_whole.begin()));
        }
      }
    }
  }
}

// A graph opened for the streaming queries holds no first neighbours, 4 bytes a vertex less, and the
// same lists and isolated vertices.
TEST_F(TieredBfsTest, WithoutDenseHeadsTheListsAndIsolatedVerticesStay) {
  const PartitionedGraph graph(build_csr(*edges_), 3);
  const std::string store = store_for(graph);
  PlacementPlan plan = split_plan(2, 2, 100);
  const TieredGraph with_heads = open_tiered_graph(read_store_index(store, request_for(3)), plan);
  plan.first_neighbors = false;
  const TieredGraph without = open_tiered_graph(read_store_index(store, request_for(3)), plan);
  EXPECT_TRUE(without.first_neighbors().empty());
  EXPECT_EQ(with_heads.owned_bytes() - without.owned_bytes(),
            graph.num_vertices() * static_cast<std::int64_t>(sizeof(NeighborId)));
  ASSERT_EQ(without.num_vertices(), graph.num_vertices());
  std::int64_t isolated = 0;
  for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
    ASSERT_EQ(without.degree(vertex), graph.degree(vertex));
    ASSERT_EQ(without.out_degree(vertex), graph.out_degree(vertex));
    ASSERT_EQ(without.isolated().test(vertex), graph.isolated().test(vertex)) << "vertex " << vertex;
    isolated += without.isolated().test(vertex) ? 1 : 0;
  }
  EXPECT_GT(isolated, 0);  // a Kronecker graph of SCALE 11 has some
}

struct SearchCase {
  int partitions;
  std::int64_t k;
  IoKind io;
  int threads;
  bool tiny_fetcher;  // arena and requests of a few blocks: many halves switched, long tails split
};

// A level that read tails spent time on them, and no thread spent more than the level lasted
// (the times are thread-seconds, summed over the threads).
void expect_thread_times_within_levels(const std::vector<LevelStats>& levels, int threads) {
  for (const LevelStats& level : levels) {
    if (level.io.requests == 0) continue;
    const double bound = threads * level.seconds;
    EXPECT_GT(level.io.tail_processing_seconds, 0.0) << "level " << level.level;
    EXPECT_LE(level.io.tail_processing_seconds + level.io.wait_seconds, bound) << "level " << level.level;
    EXPECT_GE(level.io.wait_seconds, 0.0) << "level " << level.level;
  }
}

TEST_F(TieredBfsTest, EverySearchValidatesWithTheInMemoryNedge) {
  const Validator validator(*edges_);
  std::vector<SearchCase> cases;
  for (int partitions : {1, 2}) {
    for (std::int64_t k : {1, 2, 8}) {
      for (IoKind io : {IoKind::kPread, IoKind::kUring}) {
        if (io == IoKind::kUring && !uring_compiled_in()) continue;
        for (int threads : {1, 2}) cases.push_back({partitions, k, io, threads, k == 2});
      }
    }
  }
  const int threads_before = omp_get_max_threads();
  for (const SearchCase& c : cases) {
    SCOPED_TRACE("P " + std::to_string(c.partitions) + ", K " + std::to_string(c.k) + ", " +
                 std::string(io_kind_name(c.io)) + ", " + std::to_string(c.threads) + " threads" +
                 (c.tiny_fetcher ? ", tiny fetcher" : ""));
    omp_set_num_threads(c.threads);
    const PartitionedGraph graph(build_csr(*edges_), c.partitions);
    const TieredGraph tiered =
        open_tiered_graph(read_store_index(store_for(graph), request_for(c.partitions)), split_plan(c.k, 1, 200));
    TailFetchOptions fetch;
    fetch.io = c.io;
    if (c.tiny_fetcher) fetch = testing::tiny_fetch_options(c.io);
    std::unique_ptr<BfsEngine> engine;
    try {
      engine = std::make_unique<BfsEngine>(tiered, BfsOptions{}, fetch);
    } catch (const ReaderUnavailable&) {
      GTEST_SKIP() << "io_uring refused here";
    }
    const std::vector<VertexId> roots =
        pick_bfs_roots(2, 3, graph.num_vertices(), 4, [&graph](VertexId v) { return graph.degree(v) > 0; });
    std::vector<VertexId> parent(static_cast<std::size_t>(graph.num_vertices()));
    BfsEngine in_memory(graph, BfsOptions{});
    std::vector<VertexId> expected_parent(parent.size());
    std::uint64_t reads = 0;
    for (VertexId root : roots) {
      expect_thread_times_within_levels(engine->run(root, parent), c.threads);
      reads += engine->take_io_stats().requests();
      const ValidationReport report = validator.validate(root, parent);
      ASSERT_TRUE(report.ok()) << report.failures.front().message;
      in_memory.run(root, expected_parent);
      EXPECT_EQ(report.nedge, validator.validate(root, expected_parent).nedge) << "root " << root;
    }
    EXPECT_GT(reads, 0u) << "no tail was read: the test does not exercise the disk path";
  }
  omp_set_num_threads(threads_before);
}

// Queues of a few entries: top-down steps expand frontiers held as bitmaps, and their lists' tails
// are read from disk all the same.
TEST_F(TieredBfsTest, FrontiersOutgrowingTheQueuesReadTheirTailsToo) {
  const Validator validator(*edges_);
  const int threads_before = omp_get_max_threads();
  for (int partitions : {1, 2}) {
    const PartitionedGraph graph(build_csr(*edges_), partitions);
    const TieredGraph tiered =
        open_tiered_graph(read_store_index(store_for(graph), request_for(partitions)), split_plan(1, 1, 200));
    BfsEngine in_memory(graph, BfsOptions{});
    const std::vector<VertexId> roots =
        pick_bfs_roots(2, 3, graph.num_vertices(), 3, [&graph](VertexId v) { return graph.degree(v) > 0; });
    std::vector<VertexId> parent(static_cast<std::size_t>(graph.num_vertices()));
    std::vector<VertexId> expected_parent(parent.size());
    std::vector<std::int64_t> level(parent.size());
    std::vector<std::int64_t> expected_level(parent.size());
    for (int threads : {1, 2}) {
      omp_set_num_threads(threads);
      for (const PolicyKind policy : {PolicyKind::kTopDown, PolicyKind::kAlphaBeta}) {
        SCOPED_TRACE("P " + std::to_string(partitions) + ", " + std::to_string(threads) + " threads, " +
                     to_string(policy));
        BfsOptions options;
        options.policy = policy;
        options.queue_entries = 7;
        TailFetchOptions fetch;
        fetch.io = IoKind::kPread;
        BfsEngine engine(tiered, options, fetch);
        for (VertexId root : roots) {
          engine.run(root, parent, level);
          const ValidationReport report = validator.validate(root, parent);
          ASSERT_TRUE(report.ok()) << report.failures.front().message;
          in_memory.run(root, expected_parent, expected_level);
          EXPECT_EQ(report.nedge, validator.validate(root, expected_parent).nedge) << "root " << root;
          EXPECT_EQ(level, expected_level) << "levels recorded as tails arrive, root " << root;
        }
        EXPECT_GT(engine.take_io_stats().requests(), 0u) << "no tail was read";
      }
    }
  }
  omp_set_num_threads(threads_before);
}

TEST_F(TieredBfsTest, DamagedNeighboursFileIsNamed) {
  const PartitionedGraph graph(build_csr(*edges_), 1);
  const std::string store = store_for(graph);
  const std::string file = store + "/p0.backward.neighbors";
  {
    std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
    stream.seekp(1000);
    stream.put('\x7f');
  }
  try {
    open_tiered_graph(read_store_index(store, request_for(1)), split_plan(2));
    FAIL() << "a damaged file was accepted";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("p0.backward.neighbors"), std::string::npos) << message;
    EXPECT_NE(message.find("SHA-256"), std::string::npos) << message;
  }
  fs::resize_file(file, fs::file_size(file) - 4);
  try {
    open_tiered_graph(read_store_index(store, request_for(1)), split_plan(2));
    FAIL() << "a truncated file was accepted";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("bytes where the manifest says"), std::string::npos) << error.what();
  }
}

TEST_F(TieredBfsTest, StoreMadeOtherwiseIsRefused) {
  const PartitionedGraph graph(build_csr(*edges_), 1);
  const std::string store = store_for(graph);
  EXPECT_THROW(open_tiered_graph(read_store_index(store, request_for(2)), split_plan(2)), Error);
  EXPECT_THROW(profile_of_store(read_store_index(store, {"something else", 1, NeighborOrder::kHubFirst}), 17), Error);
  const GraphProfile profile = profile_of_store(read_store_index(store, request_for(1)), 17);
  EXPECT_EQ(profile.num_entries(), graph.num_adjacencies());
  EXPECT_EQ(profile.offset_bytes, (graph.num_vertices() + 1) * 8);
}

}  // namespace
}  // namespace semibfs
