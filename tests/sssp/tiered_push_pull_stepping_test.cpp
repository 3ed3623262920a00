// The pruned kernel under a budget (sssp/tiered_weight_ordered_lists.hpp): a store's lists copied
// in weight order, the lightest entries of each in DRAM and the rest in a scratch file. The share
// kept fits the room and prefers a fraction of the long lists; the copy holds each list as the DRAM
// copy does; distances equal a plain Dijkstra (tests/support) on Kronecker graphs of SCALE 10 and 12
// over partitions, rooms from an entry a vertex to all, deltas and threads, with tails read; a
// damaged store file is refused by name; a tail read that fails inside a search reaches the caller.
#include "sssp/tiered_weight_ordered_lists.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "graph500/weight_ordered_store_copy.hpp"
#include "sssp/push_pull_stepping.hpp"
#include "sssp/weight_ordered_lists.hpp"
#include "store/graph_store.hpp"
#include "support/command_runner.hpp"
#include "support/cut_short_file.hpp"
#include "support/error_message.hpp"
#include "support/scratch_directory.hpp"
#include "support/sssp_checks.hpp"

namespace semibfs {
namespace {

constexpr const char* kMadeFrom = "kronecker weighted";

EdgeList weighted_kronecker(int scale) {
  KroneckerParams params;
  params.scale = scale;
  return generate_kronecker(params, true);
}

std::string write_weighted_store(const std::string& directory, const EdgeList& edge_list, int partitions) {
  const PartitionedGraph graph(build_csr(edge_list), partitions, NeighborOrder::kHubFirst);
  const ListWeights weights(graph, edge_list);
  const ListWeightsView view(graph, weights);
  std::filesystem::create_directories(directory);
  write_store(directory, graph, kMadeFrom, &view);
  return directory;
}

TieredWeightOrderedLists copy_of(const std::string& store, std::int64_t vertices, std::int64_t resident_bytes) {
  const std::optional<WeightOrderedStoreCopy> copy = weight_ordered_store_copy(store, vertices, resident_bytes);
  return TieredWeightOrderedLists(copy->partitions, vertices, resident_bytes, store);
}

TEST(ChooseResidentShare, FitsTheRoomAndPrefersAFractionOfLongLists) {
  // 1000 lists of degree 2, 100 of 40, 10 of 1000: 16,000 entries in all.
  const std::vector<DegreeCount> degrees = {{2, 1000, 0}, {40, 100, 0}, {1000, 10, 0}};
  const auto total = [&](const ResidentShare& share) {
    std::int64_t entries = 0;
    for (const DegreeCount& count : degrees) entries += count.vertices * share.entries(count.degree);
    return entries;
  };
  const ResidentShare all = choose_resident_share(degrees, 20000);
  EXPECT_EQ(all.whole_degree, 1000);
  EXPECT_EQ(total(all), 16000);
  for (const std::int64_t room : {7000, 9000, 12000}) {
    SCOPED_TRACE(room);
    const ResidentShare share = choose_resident_share(degrees, room);
    EXPECT_LE(total(share), room);
    EXPECT_GE(share.whole_degree, 32);
    EXPECT_GT(share.fraction, 0.0);
    EXPECT_LT(share.entries(1000), 1000);
  }
  // Room for the lists of 40 whole and 40 entries a hub: a fraction goes first, with whole lists up
  // to degree 32 at least: a tenth (100 entries a hub) and whole lists up to 34 (2,000 + 3,400 + 1,000).
  const ResidentShare hubs_first = choose_resident_share(degrees, 2000 + 4000 + 400);
  EXPECT_EQ(hubs_first.fraction, 1.0 / 10);
  EXPECT_EQ(hubs_first.whole_degree, 34);
  // Too little for a fraction with whole lists of 32: no fraction, every list its first 12 entries
  // (2,000 + 1,200 + 120).
  const ResidentShare tight = choose_resident_share(degrees, 3330);
  EXPECT_EQ(tight.fraction, 0.0);
  EXPECT_EQ(tight.whole_degree, 12);
  EXPECT_EQ(tight.entries(1), 1);
}

// Walked whole, each list is the DRAM copy's, entry for entry, in the same ids; its resident part
// is the share's and the rest is read from the scratch file.
TEST(TieredWeightOrderedLists, HoldEachListAsTheDramCopyDoes) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  for (const int partitions : {1, 3}) {
    SCOPED_TRACE(std::to_string(partitions) + " partitions");
    const std::string store =
        write_weighted_store(directory.file("p" + std::to_string(partitions)), edge_list, partitions);
    const PartitionedGraph graph(build_csr(edge_list), partitions, NeighborOrder::kHubFirst);
    const ListWeights weights(graph, edge_list);
    const WeightOrderedLists in_dram(graph, ListWeightsView(graph, weights));
    const TieredWeightOrderedLists tiered = copy_of(store, edge_list.num_vertices, 8 * 4096);
    ASSERT_GT(tiered.tail_entries(), 0);
    EXPECT_EQ(tiered.resident_entries() + tiered.tail_entries(), graph.num_adjacencies());
    TailReader reader;
    for (VertexId v = 0; v < in_dram.num_vertices(); ++v) {
      ASSERT_EQ(tiered.copy_id(in_dram.graph_id(static_cast<NeighborId>(v))), v);
      std::vector<WeightedEntry> walked;
      tiered.walk(
          v, reader, [](float) { return true; }, [&](const WeightedEntry& entry) { walked.push_back(entry); });
      ASSERT_EQ(std::ssize(walked), in_dram.degree(v)) << v;
      for (std::int64_t k = 0; k < in_dram.degree(v); ++k) {
        ASSERT_EQ(walked[k].neighbor, in_dram.begin(v)[k].neighbor) << v;
        ASSERT_EQ(walked[k].weight, in_dram.begin(v)[k].weight) << v;
      }
    }
    EXPECT_GT(reader.reads, 0);
    EXPECT_EQ(reader.bytes, tiered.tail_entries() * 8);
  }
}

TEST(TieredPushPullStepping, EqualsDijkstraWithTailsOnDisk) {
  testing::ScratchDirectory directory;
  for (const auto [scale, partitions] : {std::pair{10, 1}, std::pair{10, 3}, std::pair{12, 2}}) {
    const EdgeList edge_list = weighted_kronecker(scale);
    const std::int64_t n = edge_list.num_vertices;
    {
      const std::string store = write_weighted_store(
          directory.file("s" + std::to_string(scale) + "p" + std::to_string(partitions)), edge_list, partitions);
      // An entry a vertex (every long list mostly on disk), a third of the entries, all of them.
      for (const std::int64_t room : {8 * n, 8 * 16 * n / 3, 8 * 32 * n}) {
        const TieredWeightOrderedLists lists = copy_of(store, n, room);
        for (const double delta : {kDefaultPrunedDelta, 0.2, 2.0}) {
          SCOPED_TRACE("SCALE " + std::to_string(scale) + ", " + std::to_string(partitions) + " partitions, room " +
                       std::to_string(room) + ", delta " + std::to_string(delta));
          PushPullStepping kernel(lists, SsspOptions{delta});
          std::int64_t bytes_read = 0;
          for (const SsspStats& stats :
               testing::expect_dijkstra_distances(kernel, edge_list, std::vector<VertexId>{0, 1, 5, 17})) {
            bytes_read += stats.bytes_read;
          }
          if (lists.tail_entries() == 0) {
            EXPECT_EQ(bytes_read, 0);
          } else if (room == 8 * n) {
            EXPECT_GT(bytes_read, 0);  // the tails are read
          }
        }
      }
    }
  }
}

TEST(TieredPushPullStepping, EqualsDijkstraOnEveryThreadCount) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(12);
  const std::string store = write_weighted_store(directory.file("store"), edge_list, 2);
  const TieredWeightOrderedLists lists = copy_of(store, edge_list.num_vertices, 8 * edge_list.num_vertices);
  const int threads_before = omp_get_max_threads();
  for (const int threads : {1, 2, 4}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    omp_set_num_threads(threads);
    PushPullStepping kernel(lists, SsspOptions{});
    testing::expect_dijkstra_distances(kernel, edge_list, std::vector<VertexId>{0, 3, 99});
  }
  omp_set_num_threads(threads_before);
}

TEST(TieredWeightOrderedLists, RefusesADamagedStoreFileByName) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const std::string store = write_weighted_store(directory.file("store"), edge_list, 1);
  const std::filesystem::path path = std::filesystem::path(store) / "p0.backward.weights";
  std::string bytes = testing::read_text(path);
  const float zero = 0.0F;
  std::memcpy(bytes.data() + bytes.size() / 2, &zero, sizeof(float));  // one weight made 0
  testing::write_text(path, bytes);
  const std::string message = testing::error_of<Error>([&] { copy_of(store, edge_list.num_vertices, 8 * 4096); });
  EXPECT_NE(message.find("p0.backward.weights': SHA-256 does not match"), std::string::npos) << message;
  const float negative = -1.0F;
  std::memcpy(bytes.data() + bytes.size() / 2, &negative, sizeof(float));
  testing::write_text(path, bytes);
  const std::string refused = testing::error_of<Error>([&] { copy_of(store, edge_list.num_vertices, 8 * 4096); });
  EXPECT_NE(refused.find("a weight is negative"), std::string::npos) << refused;
}

// The scratch file cut short after the copy was made: each search ends with an error naming it, on
// any thread count; the kernel searches right again once the file is whole.
TEST(TieredPushPullStepping, AReadThatFailsInASearchIsThrownToTheCaller) {
  testing::ScratchDirectory directory;
  const EdgeList edge_list = weighted_kronecker(10);
  const std::string store = write_weighted_store(directory.file("store"), edge_list, 1);
  const TieredWeightOrderedLists lists = copy_of(store, edge_list.num_vertices, 8 * edge_list.num_vertices);
  PushPullStepping kernel(lists, SsspOptions{});
  std::vector<float> distance(edge_list.num_vertices);
  std::vector<std::int64_t> parent(edge_list.num_vertices);
  testing::CutShortFile tails(lists.tail_path(), 0);
  const int threads_before = omp_get_max_threads();
  for (const int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    const std::string message = testing::error_of<Error>([&] { kernel.run(0, distance, parent); });
    EXPECT_NE(message.find(lists.tail_path()), std::string::npos) << threads << " threads: " << message;
  }
  omp_set_num_threads(threads_before);
  tails.restore();
  testing::expect_dijkstra_distances(kernel, edge_list, std::vector<VertexId>{0, 5});
}

}  // namespace
}  // namespace semibfs
