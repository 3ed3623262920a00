// Delta-stepping over a compressed store's lists (a store built with --compress and weights): the
// weights one float an entry in the order a list decodes (ids ascending), whole lists resident or on
// disk with their weights (tiered/tiered_weights.hpp, sssp/weighted_lists.hpp). Distances equal a
// plain Dijkstra (tests/support) with every list in DRAM and with the lists longer than K on disk,
// over one and three partitions and four deltas; a damaged weights file stops the open naming it.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "construction/external_build.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "sssp/delta_stepping.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"
#include "support/command_runner.hpp"
#include "support/error_message.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/scratch_directory.hpp"
#include "support/split_plans.hpp"
#include "support/sssp_checks.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {
namespace {

constexpr const char* kMadeFrom = "test graph";

// A compressed store of the weighted graph, built as `semibfs build --compress` builds one: the edge
// file and its weights in the store, the lists' weights made by the external build.
std::string write_compressed_store(const std::string& store, const EdgeList& edge_list, int partitions) {
  std::filesystem::create_directories(store);
  testing::write_packed_edge_file(store_path(store, kEdgeFileName), edge_list);
  EdgeWeightsWriter writer(store);
  writer.append(edge_list.weights);
  ExternalBuildOptions options;
  options.partitions = partitions;
  options.order = NeighborOrder::kById;
  options.made_from = kMadeFrom;
  options.list_codec = default_list_codec();
  options.edge_weights = writer.finish();
  build_store_from_edge_file(store_path(store, kEdgeFileName), edge_list.num_vertices, store, options);
  return store;
}

struct OpenedStore {
  TieredGraph graph;
  TieredWeights weights;
};
OpenedStore open_store(const std::string& store, int partitions, const PlacementPlan& plan) {
  const StoreRequest request{kMadeFrom, partitions, NeighborOrder::kById, GraphDirection::kUndirected, std::nullopt, true};
  TieredGraph graph = open_tiered_graph(read_store_index(store, request), plan);
  TieredWeights weights = TieredWeights::open(store, read_store_manifest(store), graph, plan);
  return {std::move(graph), std::move(weights)};
}

void expect_dijkstra_distances(const EdgeList& edge_list, const OpenedStore& opened) {
  const VertexId roots[] = {0, 1, 5, 17};
  for (const double delta : {kDefaultDelta, kMinDelta, 0.1, 2.0}) {
    SCOPED_TRACE("delta " + std::to_string(delta));
    DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{delta});
    std::int64_t bytes_read = 0;
    for (const SsspStats& stats : testing::expect_dijkstra_distances(kernel, edge_list, roots)) {
      bytes_read += stats.bytes_read;
    }
    EXPECT_EQ(bytes_read > 0, opened.graph.has_tails());  // lists on disk are read, and only they
  }
}

// Every list read through the kernel's reader, resident or on disk, is the DRAM graph's in id order
// with its weights.
TEST(CompressedWeightedLists, EachListIsTheDramListInIdOrder) {
  testing::ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 10;
  const EdgeList edge_list = generate_kronecker(params, true);
  for (const int partitions : {1, 3}) {
    const PartitionedGraph graph(build_csr(edge_list), partitions, NeighborOrder::kById);
    const ListWeights weights(graph, edge_list);
    const DramWeightedLists dram(graph, ListWeightsView(graph, weights));
    DramWeightedLists::Reader dram_reader(dram);
    const std::string store = write_compressed_store(directory.file("z" + std::to_string(partitions)), edge_list, partitions);
    for (const std::int64_t k : {std::int64_t{4}, std::int64_t{1} << 40}) {
      const OpenedStore opened = open_store(store, partitions, testing::split_plan(k));
      const TieredWeightedLists tiered(opened.graph, opened.weights);
      TieredWeightedLists::Reader reader(tiered);
      for (VertexId vertex = 0; vertex < edge_list.num_vertices; ++vertex) {
        ASSERT_EQ(testing::list_of(reader, vertex), testing::list_of(dram_reader, vertex))
            << partitions << " partitions, K " << k << ", vertex " << vertex;
      }
    }
  }
}

TEST(CompressedDeltaStepping, EqualsDijkstraInDramAndWithListsOnDisk) {
  testing::ScratchDirectory directory;
  struct Case {
    int partitions;
    std::int64_t k;  // the lists of more than K entries on disk; 0: every list in DRAM
  };
  for (const int scale : {10, 12}) {
    KroneckerParams params;
    params.scale = scale;
    const EdgeList edge_list = generate_kronecker(params, true);
    for (const Case c : {Case{1, 0}, Case{1, 1}, Case{3, 0}, Case{3, 4}}) {
      SCOPED_TRACE("SCALE " + std::to_string(scale) + ", " + std::to_string(c.partitions) + " partitions, K " +
                   std::to_string(c.k));
      std::string name = "z";  // appended: GCC 12 warns falsely (-Wrestrict) on "z" + string
      name += std::to_string(scale) + "-" + std::to_string(c.partitions);
      const std::string path = directory.file(name);
      const std::string store = std::filesystem::exists(path) ? path : write_compressed_store(path, edge_list, c.partitions);
      const OpenedStore opened =
          open_store(store, c.partitions, c.k == 0 ? testing::everything_plan() : testing::split_plan(c.k));
      ASSERT_EQ(opened.graph.has_tails(), c.k > 0);
      expect_dijkstra_distances(edge_list, opened);
    }
  }
}

TEST(CompressedDeltaStepping, ADamagedWeightsFileStopsTheOpen) {
  testing::ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 9;
  const EdgeList edge_list = generate_kronecker(params, true);
  const std::string store = write_compressed_store(directory.file("z"), edge_list, 1);
  const std::filesystem::path path = std::filesystem::path(store) / list_weights_name(0);
  std::string bytes = testing::read_text(path);
  const float zero = 0.0F;
  std::memcpy(bytes.data() + bytes.size() / 2 / sizeof(float) * sizeof(float), &zero, sizeof(float));
  testing::write_text(path, bytes);
  for (const std::int64_t k : {std::int64_t{1}, std::int64_t{1} << 40}) {
    const std::string message = testing::error_of<Error>([&] { open_store(store, 1, testing::split_plan(k)); });
    EXPECT_NE(message.find("p0.backward.weights': SHA-256 does not match"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace semibfs
