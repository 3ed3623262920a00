// The list weights of the external construction (list_weight_pass.hpp) against those made in DRAM
// (graph/list_weights.hpp, written by write_store): byte for byte for a weighted Kronecker graph, in
// each neighbour order and one to three partitions, under a budget that cuts them into several
// ranges; a compressed store's equal a plain id-order store's (its lists decode in id order); an
// edge weights file that is not one float per edge is one clear error.
#include "construction/list_weight_pass.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "construction/external_build.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"
#include "support/command_runner.hpp"
#include "support/error_message.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

class ListWeightPassTest : public ::testing::Test {
 protected:
  void SetUp() override {
    KroneckerParams params;
    params.scale = 9;
    edge_list_ = generate_kronecker(params, true);
  }
  // A store directory holding the edge file and its weights (as a build puts them) and their entry.
  std::string prepare(const std::string& name, std::span<const float> weights, StoreArray& entry) {
    const std::string store = directory_.file(name);
    fs::create_directory(store);
    testing::write_packed_edge_file(store_path(store, kEdgeFileName), edge_list_);
    EdgeWeightsWriter writer(store);
    writer.append(weights);
    entry = writer.finish();
    return store;
  }
  ExternalBuildStats build(const std::string& store, const StoreArray& weights, int partitions, NeighborOrder order,
                           std::int64_t budget, std::optional<ListCodec> codec = std::nullopt) {
    ExternalBuildOptions options{budget, partitions, order, "test graph", nullptr};
    options.edge_weights = weights;
    options.list_codec = codec;
    return build_store_from_edge_file(store_path(store, kEdgeFileName), edge_list_.num_vertices, store, options);
  }

  EdgeList edge_list_;
  testing::ScratchDirectory directory_;
};

TEST_F(ListWeightPassTest, EqualsTheWeightsMadeInDramForEveryLayout) {
  int case_number = 0;
  const std::pair<int, NeighborOrder> layouts[] = {
      {1, NeighborOrder::kHubFirst}, {2, NeighborOrder::kByDegree}, {3, NeighborOrder::kById}};
  for (const auto& [partitions, order] : layouts) {
    {
      SCOPED_TRACE(std::to_string(partitions) + " partitions, " + to_string(order));
      const std::string memory = directory_.file("memory-" + std::to_string(case_number));
      fs::create_directory(memory);
      const PartitionedGraph graph(build_csr(edge_list_), partitions, order);
      const ListWeights weights(graph, edge_list_);
      const ListWeightsView view(graph, weights);
      write_store(memory, graph, "test graph", &view);
      StoreArray entry;
      const std::string external = prepare("external-" + std::to_string(case_number++), edge_list_.weights, entry);
      // A third of the bytes the raw lists take (as the external build's own test): several ranges of
      // lists, more of weights.
      const std::int64_t budget =
          minimum_external_build_budget(edge_list_.num_vertices, partitions) + edge_list_.num_edges() * 2 * 4 / 3;
      const ExternalBuildStats stats = build(external, entry, partitions, order, budget);
      EXPECT_LE(stats.peak_buffer_bytes, budget);
      EXPECT_GE(stats.edge_file_passes, 1 + stats.collect_ranges + partitions + 2);  // several weight ranges
      for (int k = 0; k < partitions; ++k) {
        EXPECT_EQ(testing::read_text(store_path(memory, list_weights_name(k))),
                  testing::read_text(store_path(external, list_weights_name(k))))
            << "partition " << k;
      }
      const StoreManifest manifest = read_store_manifest(external);
      EXPECT_TRUE(manifest.list_weights);
      ASSERT_TRUE(manifest.edge_weights.has_value());
      EXPECT_EQ(manifest.edge_weights->sha256, entry.sha256);
    }
  }
}

// A compressed list decodes in id order: its weights are those of the plain lists in id order, byte
// for byte, whatever order the build was asked for (the first neighbours keep that one).
TEST_F(ListWeightPassTest, CompressedListsKeepTheWeightsOfTheirIdOrder) {
  for (const int partitions : {1, 2}) {
    SCOPED_TRACE(std::to_string(partitions) + " partitions");
    const std::string memory = directory_.file("by-id-" + std::to_string(partitions));
    fs::create_directory(memory);
    const PartitionedGraph graph(build_csr(edge_list_), partitions, NeighborOrder::kById);
    const ListWeights weights(graph, edge_list_);
    const ListWeightsView view(graph, weights);
    write_store(memory, graph, "test graph", &view);
    StoreArray entry;
    const std::string compressed = prepare("compressed-" + std::to_string(partitions), edge_list_.weights, entry);
    const std::int64_t budget = minimum_external_build_budget(edge_list_.num_vertices, partitions,
                                                              GraphDirection::kUndirected, true) +
                                edge_list_.num_edges() * 2 * 4 / 3;
    const ExternalBuildStats stats =
        build(compressed, entry, partitions, NeighborOrder::kHubFirst, budget, default_list_codec());
    EXPECT_LE(stats.peak_buffer_bytes, budget);
    EXPECT_GE(stats.edge_file_passes, 1 + stats.collect_ranges + partitions + 2);  // several weight ranges
    for (int k = 0; k < partitions; ++k) {
      EXPECT_EQ(testing::read_text(store_path(memory, list_weights_name(k))),
                testing::read_text(store_path(compressed, list_weights_name(k))))
          << "partition " << k;
    }
    EXPECT_TRUE(read_store_manifest(compressed).list_weights);
  }
}

TEST_F(ListWeightPassTest, AWeightsFileOfAnotherLengthIsAClearError) {
  StoreArray entry;
  const std::vector<float> short_weights(edge_list_.weights.begin(), edge_list_.weights.end() - 1);
  const std::string store = prepare("short", short_weights, entry);
  const std::string message = testing::error_of([&] {
    build(store, entry, 1, NeighborOrder::kHubFirst, std::int64_t{64} << 20);
  });
  EXPECT_NE(message.find("bytes for " + std::to_string(edge_list_.num_edges()) + " edges (one float an edge)"),
            std::string::npos)
      << message;
  EXPECT_FALSE(store_exists(store));
}

}  // namespace
}  // namespace semibfs
