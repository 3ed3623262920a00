// Delta-stepping over a store's lists tiered under a budget (sssp/weighted_lists.hpp,
// tiered/tiered_weights.hpp): the first K entries of each list and their weights in DRAM, the
// tails' neighbours and weights read from the store's files. Distances equal a plain Dijkstra
// (tests/support) on Kronecker graphs of SCALE 10 and 12 over partitions, orders, K and whole short
// lists; a reader's blocks, reordered and streamed through arenas of any size with tails merged or
// split, give each vertex's list as the DRAM graph has it; a damaged weights tail is found at open
// by its checksum, and one resealed into the manifest by validation; a read that fails inside a
// search reaches the caller as an error.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstring>
#include <unistd.h>
#include <numeric>
#include <random>
#include <utility>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "edges/edge_source.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "sssp/delta_stepping.hpp"
#include "sssp/weighted_lists.hpp"
#include "sssp/weighted_tail_stream.hpp"
#include "store/graph_store.hpp"
#include "support/cut_short_file.hpp"
#include "support/error_message.hpp"
#include "support/resealed_store.hpp"
#include "support/scratch_directory.hpp"
#include "support/split_plans.hpp"
#include "support/sssp_checks.hpp"
#include "tiered/tiered_weights.hpp"
#include "validate/sssp_validator.hpp"

namespace semibfs {
namespace {

constexpr const char* kMadeFrom = "kronecker weighted";

struct TieredCase {
  int partitions;
  NeighborOrder order;
  std::int64_t head_entries;
  std::int64_t whole_degree = 0;  // whole lists up to this degree in DRAM besides the heads (SSSP's placement)
};

EdgeList weighted_kronecker(int scale) {
  KroneckerParams params;
  params.scale = scale;
  return generate_kronecker(params, true);
}

// The store of the weighted graph, written with its list weights.
std::string write_weighted_store(const std::string& directory, const EdgeList& edge_list, const TieredCase& c) {
  const PartitionedGraph graph(build_csr(edge_list), c.partitions, c.order);
  const ListWeights weights(graph, edge_list);
  const ListWeightsView view(graph, weights);
  std::filesystem::create_directories(directory);
  write_store(directory, graph, kMadeFrom, &view);
  return directory;
}

// The graph and weights of the store opened with the first K entries of each list in DRAM.
struct OpenedStore {
  TieredGraph graph;
  TieredWeights weights;
};
OpenedStore open_split(const std::string& store, const TieredCase& c) {
  PlacementPlan plan = testing::split_plan(c.head_entries);
  plan.whole_backward_degree = c.whole_degree;
  TieredGraph graph = open_tiered_graph(read_store_index(store, {kMadeFrom, c.partitions, c.order}), plan);
  TieredWeights weights = TieredWeights::open(store, read_store_manifest(store), graph, plan);
  return {std::move(graph), std::move(weights)};
}

// Over the default delta (a few tails' light entries in DRAM, the rest past the light tails' bytes:
// both ways of expanding a hub in one search), a delta with no light edge at all (every tail
// covered, every heavy edge deferred) and one with every edge light (few tails covered).
void expect_dijkstra_distances(const EdgeList& edge_list, const OpenedStore& opened,
                               const std::vector<VertexId>& roots) {
  ASSERT_TRUE(opened.graph.has_tails());  // the tails really are on disk
  for (const double delta : {kDefaultDelta, kMinDelta, 0.1, 2.0}) {
    SCOPED_TRACE("delta " + std::to_string(delta));
    DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{delta});
    for (const SsspStats& stats : testing::expect_dijkstra_distances(kernel, edge_list, roots)) {
      // Every list has a tail but those of degree K or less; any search past a few lists reads some.
      if (stats.edges_relaxed > 64) {
        EXPECT_GT(stats.bytes_read, 0);
      }
    }
  }
}

TEST(TieredDeltaStepping, EqualsDijkstraWithTailsOnDisk) {
  testing::ScratchDirectory directory;
  const TieredCase cases[] = {{1, NeighborOrder::kHubFirst, 1},
                              {1, NeighborOrder::kById, 4},
                              {3, NeighborOrder::kHubFirst, 2},
                              {2, NeighborOrder::kByDegree, 8},
                              {1, NeighborOrder::kHubFirst, 2, 40},
                              {3, NeighborOrder::kById, 1, 20}};
  for (const int scale : {10, 12}) {
    KroneckerParams params;
    params.scale = scale;
    const EdgeList edge_list = generate_kronecker(params, true);
    int store = 0;
    for (const TieredCase& c : cases) {
      SCOPED_TRACE("SCALE " + std::to_string(scale) + ", " + std::to_string(c.partitions) + " partitions, K " +
                   std::to_string(c.head_entries));
      std::string name = "s";  // appended, not "s" + string: GCC 12 warns falsely (-Wrestrict) on that
      name += std::to_string(scale) + "-" + std::to_string(store++);
      const std::string path = write_weighted_store(directory.file(name), edge_list, c);
      expect_dijkstra_distances(edge_list, open_split(path, c), {0, 1, 5, 17});
    }
  }
}

// The read requests a search from each of `roots` sends with `threads` threads.
std::vector<std::int64_t> requests_by_search(const OpenedStore& opened, double delta, int threads,
                                             const std::vector<VertexId>& roots) {
  const int before = omp_get_max_threads();
  omp_set_num_threads(threads);
  DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{delta});
  std::vector<float> distance(static_cast<std::size_t>(opened.graph.num_vertices()));
  std::vector<std::int64_t> parent(distance.size());
  std::vector<std::int64_t> requests;
  for (const VertexId root : roots) requests.push_back(kernel.run(root, distance, parent).read_requests);
  omp_set_num_threads(before);
  return requests;
}

// Every tail covered by the light tails (the longest lists have tails, few entries are light), so
// each is read once, at the end of its bucket: the threads take a bucket's hubs in file order, a
// stretch of the file each, and two threads send about as many requests as one (2-3% more; blocks of
// the hubs as each thread listed them spanned the whole file in each thread, so tails that one
// thread's block merged were apart in two: 65-80% more).
TEST(TieredDeltaStepping, ThreadsReadTheDeferredTailsInFileOrder) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(14);
  const TieredCase c{1, NeighborOrder::kHubFirst, 2, 120};
  const OpenedStore opened = open_split(write_weighted_store(directory.file("store"), edge_list, c), c);
  const double delta = 0.005;
  TieredWeightedLists lists(opened.graph, opened.weights);
  lists.cover_light_tails(static_cast<float>(delta), DeltaStepping::kLightTailBytesPerVertex * edge_list.num_vertices);
  ASSERT_EQ(lists.light_tails().covered(), opened.graph.backward(0).rows_with_tails());
  const std::vector<VertexId> roots = {0, 1, 5};
  const std::vector<std::int64_t> one = requests_by_search(opened, delta, 1, roots);
  const std::vector<std::int64_t> two = requests_by_search(opened, delta, 2, roots);
  for (std::size_t k = 0; k < roots.size(); ++k) {
    SCOPED_TRACE("root " + std::to_string(roots[k]));
    EXPECT_GT(one[k], 100);
    EXPECT_LE(two[k], one[k] + one[k] / 10);
  }
}

// The scratch files of packed tails in `directory`.
int packed_files_in(const std::string& directory) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    files += entry.path().filename().string().starts_with("sssp-tails.") ? 1 : 0;
  }
  return files;
}

// The bytes searches from `roots` read, their distances checked against Dijkstra's.
std::int64_t bytes_read_by(DeltaStepping& kernel, const EdgeList& edge_list, const std::vector<VertexId>& roots) {
  std::int64_t bytes = 0;
  for (const SsspStats& stats : testing::expect_dijkstra_distances(kernel, edge_list, roots)) bytes += stats.bytes_read;
  return bytes;
}

// Packed side by side, the tails of a bucket's hubs no longer have the resident lists between them
// to read over (here whole lists up to degree 60): the same distances for fewer bytes, from two files
// a partition beside the store that go with the kernel. (Read at a wrong place, the packed tails give
// other distances or a read past their end.)
TEST(TieredDeltaStepping, PackedTailsGiveTheSameDistancesForFewerBytes) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(12);
  for (const TieredCase& c : {TieredCase{1, NeighborOrder::kHubFirst, 2, 60}, TieredCase{3, NeighborOrder::kById, 2, 60}}) {
    SCOPED_TRACE(std::to_string(c.partitions) + " partitions");
    std::string name = "s";  // appended, not "s" + string: GCC 12 warns falsely (-Wrestrict) on that
    name += std::to_string(c.partitions);
    const std::string store = write_weighted_store(directory.file(name), edge_list, c);
    const OpenedStore opened = open_split(store, c);
    const std::vector<VertexId> roots = {0, 1, 5, 17};
    std::int64_t bytes[2] = {0, 0};
    for (const bool pack : {false, true}) {
      DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{}, IoKind::kAuto, pack);
      EXPECT_EQ(kernel.packed_tail_bytes() > 0, pack);
      EXPECT_EQ(packed_files_in(store), pack ? 2 * c.partitions : 0);
      bytes[pack ? 1 : 0] = bytes_read_by(kernel, edge_list, roots);
    }
    EXPECT_EQ(packed_files_in(store), 0);  // removed with the kernel
    EXPECT_GT(bytes[1], 0);
    EXPECT_LT(bytes[1], bytes[0] * 9 / 10) << "unpacked " << bytes[0];
  }
}

// Packed files that cannot be written (here a directory in the way of the first) leave the searches
// reading the store's own files, with the same distances.
TEST(TieredDeltaStepping, TailsThatCannotBePackedAreReadFromTheStore) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const TieredCase c{1, NeighborOrder::kHubFirst, 2};
  const std::string store = write_weighted_store(directory.file("s"), edge_list, c);
  std::filesystem::create_directory(std::filesystem::path(store) /
                                    ("sssp-tails.p0.neighbors.tmp." + std::to_string(::getpid())));
  const OpenedStore opened = open_split(store, c);
  DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{});
  EXPECT_EQ(kernel.packed_tail_bytes(), 0);
  EXPECT_GT(bytes_read_by(kernel, edge_list, {0, 1, 5}), 0);
  EXPECT_EQ(packed_files_in(store), 1);  // only the directory put in the way
}

bool has_tail(const TieredGraph& graph, NeighborId vertex) {
  const int partition = graph.layout().partition_of(vertex);
  return graph.backward(partition).tail_entries(vertex - graph.layout().range(partition).begin) > 0;
}

// The light tails hold exactly the entries below the limit of each tail they cover, and cover the
// tails in vertex order until their bytes run out.
TEST(TieredWeightedLists, LightTailsHoldEachCoveredTailsLightEntries) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const TieredCase c{2, NeighborOrder::kHubFirst, 2};
  const OpenedStore opened = open_split(write_weighted_store(directory.file("s"), edge_list, c), c);
  const PartitionedGraph graph(build_csr(edge_list), c.partitions, c.order);
  const ListWeights weights(graph, edge_list);
  const DramWeightedLists dram(graph, ListWeightsView(graph, weights));
  DramWeightedLists::Reader dram_reader(dram);
  for (const std::int64_t max_bytes : {std::int64_t{0}, std::int64_t{600}, std::int64_t{1} << 30}) {
    SCOPED_TRACE("max bytes " + std::to_string(max_bytes));
    TieredWeightedLists tiered(opened.graph, opened.weights);
    tiered.cover_light_tails(0.25F, max_bytes);
    const LightTails& light = tiered.light_tails();
    EXPECT_LE(light.bytes(), max_bytes);
    std::int64_t with_tail = 0;
    bool uncovered_seen = false;
    for (VertexId vertex = 0; vertex < edge_list.num_vertices; ++vertex) {
      if (!has_tail(opened.graph, static_cast<NeighborId>(vertex))) {
        EXPECT_FALSE(light.covers(vertex));
        continue;
      }
      ++with_tail;
      if (!light.covers(vertex)) {
        uncovered_seen = true;
        continue;
      }
      EXPECT_FALSE(uncovered_seen) << "vertex " << vertex << " covered after an uncovered one";
      const int partition = opened.graph.layout().partition_of(vertex);
      const std::int64_t resident =
          opened.graph.backward(partition).resident_count(vertex - opened.graph.layout().range(partition).begin);
      testing::WeightedList expected;
      std::int64_t k = 0;
      dram_reader.for_each(vertex, [&](NeighborId neighbor, float weight) {
        if (k++ >= resident && weight < 0.25F) expected.emplace_back(neighbor, weight);
      });
      testing::WeightedList held;
      light.for_each(vertex, [&](NeighborId neighbor, float weight) { held.emplace_back(neighbor, weight); });
      EXPECT_EQ(held, expected) << "vertex " << vertex;
    }
    ASSERT_GT(with_tail, 0);
    if (max_bytes == 0) {
      EXPECT_EQ(light.covered(), 0);
    } else if (max_bytes == 600) {
      EXPECT_TRUE(light.covered() > 0 && light.covered() < with_tail);
    } else {
      EXPECT_EQ(light.covered(), with_tail);
    }
  }
}

// Blocks of shuffled vertices (one of them listed twice, one block of every vertex) through a
// tiered reader as the kernel takes them: prepared (which may reorder them: into a permutation,
// the vertices without a tail first), then visited in that order; each list equals the DRAM one.
void expect_dram_lists(const EdgeList& edge_list, const TieredCase& c, const OpenedStore& opened,
                       const TailReadOptions& reads) {
  const PartitionedGraph graph(build_csr(edge_list), c.partitions, c.order);
  const ListWeights weights(graph, edge_list);
  const DramWeightedLists dram(graph, ListWeightsView(graph, weights));
  DramWeightedLists::Reader dram_reader(dram);
  const TieredWeightedLists tiered(opened.graph, opened.weights, IoKind::kAuto, reads);
  TieredWeightedLists::Reader reader(tiered);
  std::vector<NeighborId> all(static_cast<std::size_t>(edge_list.num_vertices));
  std::iota(all.begin(), all.end(), NeighborId{0});
  std::mt19937 random(7);
  std::shuffle(all.begin(), all.end(), random);
  std::vector<std::vector<NeighborId>> blocks = {{all[0]}, {all.begin() + 1, all.begin() + 8},
                                                 {all.begin() + 8, all.begin() + 300}, all};
  const auto without_tail = [&](NeighborId vertex) { return !has_tail(opened.graph, vertex); };
  blocks[2].push_back(*std::find_if_not(blocks[2].begin(), blocks[2].end(), without_tail));
  for (const std::vector<NeighborId>& block : blocks) {
    std::vector<NeighborId> order = block;
    reader.prepare(order);
    EXPECT_TRUE(std::is_permutation(order.begin(), order.end(), block.begin()));
    EXPECT_TRUE(std::is_partitioned(order.begin(), order.end(), without_tail));
    for (const NeighborId vertex : order) {
      ASSERT_EQ(testing::list_of(reader, vertex), testing::list_of(dram_reader, vertex)) << "vertex " << vertex;
    }
  }
  EXPECT_GT(reader.bytes_read(), 0);
}

// Arenas of 4 blocks and requests of 3 (a tail longer than 2 blocks is read in pieces, a block of
// vertices streams through many arena fills), tails merged or not, one read in flight or a few.
std::vector<TailReadOptions> small_reads() {
  std::vector<TailReadOptions> all;
  for (const std::uint64_t gap : {std::uint64_t{0}, std::uint64_t{1} << 16}) {
    for (const int depth : {1, 4}) {
      TailReadOptions reads;
      reads.arena_bytes = 4 * kBlockBytes;
      reads.max_request_bytes = 3 * kBlockBytes;
      reads.merge_gap_bytes = gap;
      reads.queue_depth = depth;
      all.push_back(reads);
    }
  }
  all.emplace_back();  // the defaults
  return all;
}

TEST(TieredWeightedLists, ReorderedStreamedBlocksGiveTheDramLists) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(14);
  const TieredCase cases[] = {{1, NeighborOrder::kHubFirst, 1}, {3, NeighborOrder::kById, 2, 30}};
  int store = 0;
  for (const TieredCase& c : cases) {
    const std::string path = write_weighted_store(directory.file(std::to_string(store++)), edge_list, c);
    const OpenedStore opened = open_split(path, c);
    std::int64_t longest_tail = 0;
    for (int k = 0; k < opened.graph.num_partitions(); ++k) {
      const TieredCsr& lists = opened.graph.backward(k);
      for (std::int64_t row = 0; row < lists.num_rows(); ++row) {
        longest_tail = std::max<std::int64_t>(longest_tail, lists.tail_byte_end(row) - lists.tail_byte_begin(row));
        if (lists.degree(row) <= c.whole_degree) {
          EXPECT_EQ(lists.tail_entries(row), 0);  // the plan's whole lists
        }
      }
    }
    // Some tail is longer than the small requests: read in pieces of a block (3 less the rounding's 2).
    ASSERT_GT(longest_tail, static_cast<std::int64_t>(3 * kBlockBytes));
    for (const TailReadOptions& reads : small_reads()) {
      SCOPED_TRACE(std::to_string(c.partitions) + " partitions, gap " + std::to_string(reads.merge_gap_bytes) +
                   ", arena " + std::to_string(reads.arena_bytes) + ", depth " + std::to_string(reads.queue_depth));
      expect_dram_lists(edge_list, c, opened, reads);
    }
  }
}

// The tails of every vertex, shuffled, read with a gap merge into far fewer requests than without
// (the stream sorts them by place), and a stream asked for sizes that cannot work says so.
TEST(TieredWeightedLists, CloseTailsShareRequests) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const TieredCase c{1, NeighborOrder::kHubFirst, 1};
  const OpenedStore opened = open_split(write_weighted_store(directory.file("store"), edge_list, c), c);
  std::vector<std::int64_t> requests;
  for (const std::uint64_t gap : {std::uint64_t{0}, std::uint64_t{1} << 16}) {
    TailReadOptions reads;
    reads.merge_gap_bytes = gap;
    const TailPlaces places(opened.graph, opened.weights);  // the store's own files
    WeightedTailStream stream(opened.graph, places, IoKind::kAuto, reads);
    std::vector<NeighborId> all(static_cast<std::size_t>(edge_list.num_vertices));
    std::iota(all.begin(), all.end(), NeighborId{0});
    std::mt19937 random(3);
    std::shuffle(all.begin(), all.end(), random);  // the stream puts them in file order
    stream.start(all);
    std::int64_t tails = 0;
    for (const NeighborId vertex : all) {
      if (!stream.next_is(vertex)) continue;
      ++tails;
      stream.visit_next(vertex, [](std::span<const NeighborId>, std::span<const float>) {});
    }
    EXPECT_GT(tails, 100);
    requests.push_back(stream.requests());
    if (gap == 0) {
      EXPECT_EQ(stream.requests(), 2 * tails);  // each tail ends where the next list's head begins
    }
  }
  EXPECT_LT(requests[1] * 10, requests[0]);
  TailReadOptions too_small;
  too_small.arena_bytes = 2 * kBlockBytes;
  too_small.max_request_bytes = 3 * kBlockBytes;
  const std::string message = testing::error_of<Error>([&] { too_small.check(); });
  EXPECT_NE(message.find("must hold a request"), std::string::npos) << message;
}

// A weight in the middle of the longest list (in its tail under K = 1) set to 0 in the store's
// file: a path through it then looks shorter than any the input has.
void damage_a_tail_weight(const std::string& store, std::int64_t vertices) {
  const std::vector<std::int64_t> offsets =
      read_store_offsets(store, read_store_manifest(store), 0, "backward", vertices);
  std::int64_t longest = 0;
  for (std::int64_t row = 1; row < vertices; ++row) {
    if (offsets[row + 1] - offsets[row] > offsets[longest + 1] - offsets[longest]) longest = row;
  }
  const std::int64_t entry = offsets[longest] + (offsets[longest + 1] - offsets[longest]) / 2;
  ASSERT_GT(entry, offsets[longest]);
  const std::filesystem::path path = std::filesystem::path(store) / "p0.backward.weights";
  std::string bytes = testing::read_text(path);
  const float zero = 0.0F;
  std::memcpy(bytes.data() + entry * 4, &zero, sizeof(float));
  testing::write_text(path, bytes);
}

TEST(TieredDeltaStepping, ADamagedTailWeightIsFoundAtOpenOrByValidation) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const TieredCase c{1, NeighborOrder::kHubFirst, 1};
  const std::string store = write_weighted_store(directory.file("store"), edge_list, c);
  damage_a_tail_weight(store, edge_list.num_vertices);
  const std::string message = testing::error_of<Error>([&] { open_split(store, c); });
  EXPECT_NE(message.find("p0.backward.weights': SHA-256 does not match"), std::string::npos) << message;

  // Resealed, the file passes its checks: the distances it gives break the SSSP rules.
  testing::reseal_store(store);
  const OpenedStore opened = open_split(store, c);
  DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{});
  const InMemoryEdgeSource edges(edge_list);
  const SsspValidator validator(edges, edge_list.weights);
  std::vector<float> distance(edge_list.num_vertices);
  std::vector<std::int64_t> parent(edge_list.num_vertices);
  bool caught = false;
  for (const VertexId root : {0, 1, 5, 17, 33}) {
    kernel.run(root, distance, parent);
    caught = caught || !validator.validate(root, distance, std::span<const std::int64_t>(parent)).ok();
  }
  EXPECT_TRUE(caught);
}

// A tail read that fails inside a search (here the store's lists file cut short after the store was
// opened) ends the search with an error naming the file, instead of ending the program from inside
// the threads; the kernel then searches again once the file is whole.
TEST(TieredDeltaStepping, AReadThatFailsInASearchIsThrownToTheCaller) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const TieredCase c{1, NeighborOrder::kHubFirst, 1};
  const std::string store = write_weighted_store(directory.file("store"), edge_list, c);
  const OpenedStore opened = open_split(store, c);
  DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{}, IoKind::kAuto, false);  // the store's files
  testing::CutShortFile lists(store + "/p0.backward.neighbors", 4096);
  std::vector<float> distance(edge_list.num_vertices);
  std::vector<std::int64_t> parent(edge_list.num_vertices);
  const int threads_before = omp_get_max_threads();
  for (const int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    const std::string message = testing::error_of<Error>([&] { kernel.run(0, distance, parent); });
    EXPECT_NE(message.find("p0.backward.neighbors"), std::string::npos) << threads << " threads: " << message;
  }
  omp_set_num_threads(threads_before);
  lists.restore();
  testing::expect_dijkstra_distances(kernel, edge_list, std::vector<VertexId>{0, 5});
}

}  // namespace
}  // namespace semibfs
