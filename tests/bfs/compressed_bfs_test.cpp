// Searches over compressed stores (`--compress`: compress/list_codec.hpp lists, whole in DRAM or
// whole on disk): every list decodes to the uncompressed store's, and every search, whatever the
// residency, partitions, direction, threads, I/O backend and fetcher sizes, validates with the
// uncompressed store's nedge; a crafted lists file is one clear error at open.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "construction/external_build.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "io/io_kind.hpp"
#include "store/graph_store.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/resealed_store.hpp"
#include "support/scratch_directory.hpp"
#include "support/split_plans.hpp"
#include "support/test_graphs.hpp"
#include "tiered/tiered_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMadeFrom = "test graph";

using testing::everything_plan;

// Whole backward lists of degree <= K in DRAM; with a separate forward graph, the forward lists of
// vertices of degree <= 1 or >= 200.
PlacementPlan split_plan(std::int64_t k) { return testing::split_plan(k, 1, 200); }

class CompressedBfsTest : public ::testing::Test {
 protected:
  // The store of `edges` with `partitions` partitions, compressed or not (id order both), built once.
  std::string store_of(const EdgeList& edges, const std::string& name, int partitions, bool compressed_lists,
                       GraphDirection direction = GraphDirection::kUndirected, NeighborOrder order = NeighborOrder::kById) {
    const std::string path = scratch_.file(name + "-p" + std::to_string(partitions) + (compressed_lists ? "-z" : "-plain") +
                                           (direction == GraphDirection::kDirected ? "-directed" : "") + "-" +
                                           to_string(order));
    if (fs::exists(fs::path(path) / "manifest")) return path;
    const std::string edge_file = scratch_.file(name + ".packed");
    if (!fs::exists(edge_file)) testing::write_packed_edge_file(edge_file, edges);
    fs::create_directories(path);
    ExternalBuildOptions options;
    options.partitions = partitions;
    options.order = order;
    options.made_from = kMadeFrom;
    options.direction = direction;
    if (compressed_lists) options.list_codec = default_list_codec();
    build_store_from_edge_file(edge_file, edges.num_vertices, path, options);
    return path;
  }
  static StoreRequest request(int partitions, bool compressed_lists, GraphDirection direction = GraphDirection::kUndirected,
                              NeighborOrder order = NeighborOrder::kById) {
    return {kMadeFrom, partitions, order, direction, std::nullopt, compressed_lists};
  }
  static TieredGraph open(const std::string& store, int partitions, bool compressed_lists, const PlacementPlan& plan,
                          GraphDirection direction = GraphDirection::kUndirected,
                          NeighborOrder order = NeighborOrder::kById) {
    return open_tiered_graph(read_store_index(store, request(partitions, compressed_lists, direction, order)), plan);
  }

  static const EdgeList& kronecker() {
    static const EdgeList edges = [] {
      KroneckerParams params;
      params.scale = 11;
      return generate_kronecker(params, false);
    }();
    return edges;
  }

  testing::ScratchDirectory scratch_;
};

std::vector<NeighborId> resident_list(const TieredCsr& lists, std::int64_t row) {
  std::vector<NeighborId> ids;
  lists.for_each_resident(row, [&](NeighborId id) { ids.push_back(id); });
  return ids;
}

void expect_same_lists(const TieredCsr& plain, const TieredCsr& compressed_lists, const std::string& what) {
  ASSERT_EQ(plain.num_rows(), compressed_lists.num_rows()) << what;
  for (std::int64_t row = 0; row < plain.num_rows(); ++row) {
    ASSERT_EQ(compressed_lists.degree(row), plain.degree(row)) << what << " row " << row;
    ASSERT_EQ(resident_list(compressed_lists, row), resident_list(plain, row)) << what << " row " << row;
  }
}

TEST_F(CompressedBfsTest, EveryListDecodesToTheUncompressedStoresList) {
  for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
    for (int partitions : {1, 3}) {
      SCOPED_TRACE(to_string(direction) + ", P " + std::to_string(partitions));
      const TieredGraph plain =
          open(store_of(kronecker(), "kron", partitions, false, direction), partitions, false, everything_plan(), direction);
      const TieredGraph packed =
          open(store_of(kronecker(), "kron", partitions, true, direction), partitions, true, everything_plan(), direction);
      ASSERT_EQ(packed.num_adjacencies(), plain.num_adjacencies());
      for (VertexId vertex = 0; vertex < plain.num_vertices(); ++vertex) {
        ASSERT_EQ(packed.first_neighbor(vertex), plain.first_neighbor(vertex)) << "vertex " << vertex;
        ASSERT_EQ(packed.isolated().test(vertex), plain.isolated().test(vertex)) << "vertex " << vertex;
      }
      for (int k = 0; k < partitions; ++k) {
        expect_same_lists(plain.backward(k), packed.backward(k), "backward " + std::to_string(k));
        expect_same_lists(plain.forward(k), packed.forward(k), "forward " + std::to_string(k));
      }
    }
  }
}

TEST_F(CompressedBfsTest, ListsAreWholeInDramOrWholeOnDisk) {
  const std::string store = store_of(kronecker(), "kron", 2, true);
  const TieredGraph everything = open(store, 2, true, everything_plan());
  const TieredGraph split = open(store, 2, true, testing::split_plan(4, 2, 100));
  ASSERT_TRUE(split.has_tails());
  for (int k = 0; k < 2; ++k) {
    const TieredCsr& backward = split.backward(k);
    for (std::int64_t row = 0; row < backward.num_rows(); ++row) {
      const std::int64_t degree = backward.degree(row);
      ASSERT_EQ(backward.resident_count(row), degree <= 4 ? degree : 0) << "row " << row;
      ASSERT_EQ(backward.tail_entries(row), degree <= 4 ? 0 : degree) << "row " << row;
    }
    for (VertexId vertex = 0; vertex < split.num_vertices(); ++vertex) {
      const std::int64_t degree = split.degree(vertex);
      const bool kept = degree <= 2 || degree >= 100;
      ASSERT_EQ(split.forward(k).resident_count(vertex), kept ? split.forward(k).degree(vertex) : 0) << vertex;
      // What stays in DRAM decodes as the whole list does.
      if (kept) {
        ASSERT_EQ(resident_list(split.forward(k), vertex), resident_list(everything.forward(k), vertex));
      }
    }
  }
}

struct SearchCase {
  int partitions;
  std::int64_t k;  // whole backward lists of degree <= K in DRAM; 0: everything
  IoKind io;
  int threads;
  bool tiny_fetcher;  // an arena of a few blocks: halves switched often, lists read alone
};

std::vector<SearchCase> search_cases() {
  std::vector<SearchCase> cases;
  for (int partitions : {1, 2}) {
    for (std::int64_t k : {0, 1, 2, 16}) {
      for (IoKind io : {IoKind::kPread, IoKind::kUring}) {
        if (io == IoKind::kUring && !uring_compiled_in()) continue;
        if (k == 0 && io == IoKind::kUring) continue;  // nothing is read
        for (int threads : {1, 2}) cases.push_back({partitions, k, io, threads, k == 2});
      }
    }
  }
  return cases;
}

// Runs `roots` on the compressed store and on the uncompressed one (everything in DRAM): every
// search validates, with the same nedge.
void expect_searches_validate(const EdgeList& edges, const TieredGraph& compressed_lists, const TieredGraph& plain,
                              const TailFetchOptions& fetch, std::span<const VertexId> roots, bool expect_reads) {
  const Validator validator(edges);
  std::unique_ptr<BfsEngine> engine;
  try {
    engine = std::make_unique<BfsEngine>(compressed_lists, BfsOptions{}, fetch);
  } catch (const ReaderUnavailable&) {
    GTEST_SKIP() << "io_uring refused here";
  }
  BfsEngine reference(plain, BfsOptions{}, TailFetchOptions{});
  std::vector<VertexId> parent(static_cast<std::size_t>(edges.num_vertices));
  std::vector<VertexId> expected(parent.size());
  std::uint64_t reads = 0;
  for (const VertexId root : roots) {
    const std::vector<LevelStats> levels = engine->run(root, parent);
    const IoStats io = engine->take_io_stats();
    reads += io.requests();
    std::int64_t tail_entries = 0;
    for (const LevelStats& level : levels) tail_entries += level.tail_entries;
    // Every list read whole gives entries (bottom-up decodes up to its parent): none without reads.
    EXPECT_EQ(tail_entries > 0, io.requests() > 0) << "root " << root;
    const ValidationReport report = validator.validate(root, parent);
    ASSERT_TRUE(report.ok()) << "root " << root << ": " << report.failures.front().message;
    reference.run(root, expected);
    EXPECT_EQ(report.nedge, validator.validate(root, expected).nedge) << "root " << root;
  }
  if (expect_reads) {
    EXPECT_GT(reads, 0u) << "no list was read: the test does not exercise the disk path";
  }
}

// Compressed lists are in id order whatever the store's order; the order picks each list's head
// (the hub, in hub-first and degree order), kept apart, as the uncompressed store's entry 0.
TEST_F(CompressedBfsTest, TheHeadIsTheUncompressedStoresFirstEntry) {
  for (const NeighborOrder order : {NeighborOrder::kHubFirst, NeighborOrder::kByDegree}) {
    SCOPED_TRACE(to_string(order));
    const GraphDirection undirected = GraphDirection::kUndirected;
    const TieredGraph plain =
        open(store_of(kronecker(), "kron", 2, false, undirected, order), 2, false, everything_plan(), undirected, order);
    const TieredGraph packed =
        open(store_of(kronecker(), "kron", 2, true, undirected, order), 2, true, everything_plan(), undirected, order);
    for (VertexId vertex = 0; vertex < plain.num_vertices(); ++vertex) {
      ASSERT_EQ(packed.first_neighbor(vertex), plain.first_neighbor(vertex)) << "vertex " << vertex;
      const int owner = plain.layout().partition_of(vertex);
      const std::int64_t row = vertex - plain.layout().range(owner).begin;
      std::vector<NeighborId> expected = resident_list(plain.backward(owner), row);
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(resident_list(packed.backward(owner), row), expected) << "vertex " << vertex;
    }
    const std::vector<VertexId> roots =
        pick_bfs_roots(2, 3, packed.num_vertices(), 4, [&packed](VertexId v) { return packed.degree(v) > 0; });
    expect_searches_validate(kronecker(), packed, plain, TailFetchOptions{}, roots, false);
  }
}

TEST_F(CompressedBfsTest, EverySearchValidatesWithTheUncompressedNedge) {
  const int threads_before = omp_get_max_threads();
  for (const SearchCase& c : search_cases()) {
    SCOPED_TRACE("P " + std::to_string(c.partitions) + ", K " + std::to_string(c.k) + ", " +
                 std::string(io_kind_name(c.io)) + ", " + std::to_string(c.threads) + " threads" +
                 (c.tiny_fetcher ? ", tiny fetcher" : ""));
    omp_set_num_threads(c.threads);
    const TieredGraph compressed_lists = open(store_of(kronecker(), "kron", c.partitions, true), c.partitions, true,
                                        c.k == 0 ? everything_plan() : split_plan(c.k));
    const TieredGraph plain =
        open(store_of(kronecker(), "kron", c.partitions, false), c.partitions, false, everything_plan());
    TailFetchOptions fetch;
    fetch.io = c.io;
    if (c.tiny_fetcher) fetch = testing::tiny_fetch_options(c.io);
    const std::vector<VertexId> roots = pick_bfs_roots(2, 3, compressed_lists.num_vertices(), 4,
                                                       [&compressed_lists](VertexId v) { return compressed_lists.degree(v) > 0; });
    expect_searches_validate(kronecker(), compressed_lists, plain, fetch, roots, c.k != 0);
  }
  omp_set_num_threads(threads_before);
}

// A hub adjacent to every third vertex: its compressed list (one byte a gap) is longer than a
// request, and than the whole arena, so it is read alone into a buffer of its own; it starts
// inside a block (vertex 0's list comes first).
TEST_F(CompressedBfsTest, AListLongerThanTheArenaIsReadAlone) {
  constexpr std::int64_t kVertices = 150000;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  constexpr VertexId kHub = 1;
  pairs.emplace_back(0, 2);
  for (VertexId leaf = 3; leaf < kVertices; leaf += 3) pairs.emplace_back(kHub, leaf);
  for (VertexId leaf = 3; leaf + 3 < kVertices; leaf += 300) pairs.emplace_back(leaf, leaf + 1);
  const EdgeList edges = testing::make_edge_list(kVertices, pairs);
  for (int partitions : {1, 2}) {
    SCOPED_TRACE("P " + std::to_string(partitions));
    const TieredGraph compressed_lists = open(store_of(edges, "star", partitions, true), partitions, true, testing::split_plan(1, 1, 0));
    const TieredCsr& hub_lists = compressed_lists.backward(0);
    ASSERT_GT(hub_lists.tail_byte_end(kHub) - hub_lists.tail_byte_begin(kHub), 8u * 4096);
    ASSERT_NE(hub_lists.tail_byte_begin(kHub) % 4096, 0u);
    const TieredGraph plain = open(store_of(edges, "star", partitions, false), partitions, false, everything_plan());
    const TailFetchOptions fetch = testing::tiny_fetch_options(IoKind::kPread, false);
    const std::vector<VertexId> roots = {kHub, 3, 4, 6};
    expect_searches_validate(edges, compressed_lists, plain, fetch, roots, true);
  }
}

// A graph whose lists are mostly intervals (each vertex joined to the next four, and a few long
// edges): bottom-up steps probe the intervals a bitmap word at a time, with and without the
// frontier summary, and must find the parents the plain lists give.
TEST_F(CompressedBfsTest, IntervalsAreProbedWholeWithTheSameSearches) {
  constexpr std::int64_t kVertices = 20000;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId v = 0; v < kVertices; ++v) {
    for (VertexId step = 1; step <= 4 && v + step < kVertices; ++step) pairs.emplace_back(v, v + step);
    if (v % 97 == 0) pairs.emplace_back(v, (v * 7919) % kVertices);
  }
  const EdgeList edges = testing::make_edge_list(kVertices, pairs);
  const TieredGraph compressed_lists = open(store_of(edges, "band", 1, true), 1, true, everything_plan());
  const TieredGraph plain = open(store_of(edges, "band", 1, false), 1, false, everything_plan());
  const Validator validator(edges);
  for (const int summary_bits : {0, 64}) {
    for (const PolicyKind policy : {PolicyKind::kBottomUp, PolicyKind::kAlphaBeta}) {
      BfsOptions options;
      options.policy = policy;
      options.summary_bits = summary_bits;
      BfsEngine engine(compressed_lists, options, TailFetchOptions{});
      BfsEngine reference(plain, options, TailFetchOptions{});
      std::vector<VertexId> parent(kVertices), expected(kVertices);
      for (const VertexId root : {VertexId{0}, VertexId{777}, VertexId{kVertices - 1}}) {
        engine.run(root, parent);
        reference.run(root, expected);
        const ValidationReport report = validator.validate(root, parent);
        ASSERT_TRUE(report.ok()) << "root " << root << ": " << report.failures.front().message;
        EXPECT_EQ(report.nedge, validator.validate(root, expected).nedge);
        for (VertexId v = 0; v < kVertices; ++v) {
          ASSERT_EQ(parent[v] == kUnreached, expected[v] == kUnreached) << "vertex " << v;
        }
      }
    }
  }
}

// Overwrites `bytes` at `offset` of a store file, then reseals the manifest as a hostile user
// would, so that only the decoder's checks stand in the way.
void craft(const std::string& store, const std::string& name, std::uint64_t offset, const std::vector<std::uint8_t>& bytes) {
  std::fstream file(fs::path(store) / name, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp(static_cast<std::streamoff>(offset));
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  file.close();
  testing::reseal_store(store);
}

TEST_F(CompressedBfsTest, ACraftedListsFileIsOneErrorNamingIt) {
  const std::string pristine = store_of(kronecker(), "kron", 1, true);
  struct Damage {
    std::string file;
    std::uint64_t offset;
    std::vector<std::uint8_t> bytes;
    std::string expected;  // in the message
  };
  const std::vector<Damage> damages = {
      {"p0.backward.lists", 0, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, "p0.backward.lists"},
      {"p0.backward.lists", 0, {0x00, 0x00, 0x7e}, ".backward.lists"},
      {"p0.backward.lists", 2, {0x7f, 0x7f, 0x7f, 0x7f}, ".backward.lists"},
      {"p0.backward.positions", 8, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, "p0.backward.positions"},
      {"p0.backward.offsets", 8, {0x05, 0, 0, 0, 0, 0, 0, 0}, "p0.backward"},
      {"p0.backward.heads", 0, {0x07, 0x00, 0x01, 0x00}, "is not in its list"},
      {"p0.backward.heads", 4, {0xff, 0xff, 0xff, 0xff}, "is not in its list"},
  };
  for (const Damage& damage : damages) {
    SCOPED_TRACE(damage.file + " at " + std::to_string(damage.offset));
    const std::string store = scratch_.file("crafted");
    fs::remove_all(store);
    fs::copy(pristine, store);
    craft(store, damage.file, damage.offset, damage.bytes);
    try {
      const TieredGraph graph = open(store, 1, true, split_plan(4));
      ADD_FAILURE() << "the crafted store opened";
    } catch (const Error& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find(damage.expected), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

// Iwabuchi et al.'s placement (--placement forward-on-disk), plain and compressed, one partition (the
// forward lists then are the backward lists' file) and two: the planner keeps every backward list
// whole and every forward list on disk, so only top-down steps read, and every search validates.
TEST_F(CompressedBfsTest, ForwardListsOnDiskBesideAWholeBackwardGraph) {
  for (const bool compressed_lists : {false, true}) {
    for (const int partitions : {1, 2}) {
      SCOPED_TRACE(std::string(compressed_lists ? "compressed" : "plain") + ", P " + std::to_string(partitions));
      StoreIndex index = read_store_index(store_of(kronecker(), "kron", partitions, compressed_lists),
                                          request(partitions, compressed_lists));
      make_forward_separate(index);
      ASSERT_TRUE(index.has_separate_forward());
      EXPECT_EQ(index.forward_in_backward_file, partitions == 1);
      PlacementRequest forward_on_disk;
      forward_on_disk.dram_budget_bytes = std::int64_t{1} << 30;
      forward_on_disk.mode = PlacementMode::kForwardOnDisk;
      const PlacementPlan plan = plan_placement(profile_of_store(index, 0), forward_on_disk);
      EXPECT_EQ(plan.structure("backward_tails").disk_bytes + plan.structure("backward_heads").disk_bytes, 0);
      const TieredGraph tiered = open_tiered_graph(std::move(index), plan);
      for (int k = 0; k < partitions; ++k) {
        EXPECT_EQ(tiered.backward(k).rows_with_tails(), 0) << "partition " << k;
        EXPECT_EQ(tiered.forward(k).resident_entry_count(), 0) << "partition " << k;
        EXPECT_NE(&tiered.forward(k), &tiered.backward(k)) << "partition " << k;
      }
      const TieredGraph plain = open(store_of(kronecker(), "kron", partitions, false), partitions, false,
                                     everything_plan());
      const std::vector<VertexId> roots =
          pick_bfs_roots(2, 3, tiered.num_vertices(), 4, [&tiered](VertexId v) { return tiered.degree(v) > 0; });
      expect_searches_validate(kronecker(), tiered, plain, testing::tiny_fetch_options(IoKind::kPread), roots, true);
    }
  }
}

TEST_F(CompressedBfsTest, AStoreIsOpenedOnlyAsWhatItIs) {
  const std::string packed = store_of(kronecker(), "kron", 1, true);
  EXPECT_THROW(read_store_index(packed, request(1, false)), Error);
  EXPECT_THROW(read_store(packed, request(1, true)), Error);
  const std::string plain = store_of(kronecker(), "kron", 1, false);
  EXPECT_THROW(read_store_index(plain, request(1, true)), Error);
}

}  // namespace
}  // namespace semibfs
