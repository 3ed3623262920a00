// Delta-stepping over a store's lists tiered under a budget (sssp/weighted_lists.hpp,
// tiered/tiered_weights.hpp): the first K entries of each list and their weights in DRAM, the
// tails' neighbours and weights read from the store's files. Distances equal a plain Dijkstra
// (tests/support) on Kronecker graphs of SCALE 10 and 12 over partitions, orders and K; a damaged
// weights tail is found at open by its checksum, and one resealed into the manifest by validation.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "edges/edge_source.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "sssp/delta_stepping.hpp"
#include "store/graph_store.hpp"
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
};

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
  const PlacementPlan plan = testing::split_plan(c.head_entries);
  TieredGraph graph = open_tiered_graph(read_store_index(store, {kMadeFrom, c.partitions, c.order}), plan);
  TieredWeights weights = TieredWeights::open(store, read_store_manifest(store), graph, plan);
  return {std::move(graph), std::move(weights)};
}

void expect_dijkstra_distances(const EdgeList& edge_list, const OpenedStore& opened,
                               const std::vector<VertexId>& roots) {
  ASSERT_TRUE(opened.graph.has_tails());  // the tails really are on disk
  DeltaStepping kernel(opened.graph, opened.weights, SsspOptions{});
  for (const SsspStats& stats : testing::expect_dijkstra_distances(kernel, edge_list, roots)) {
    // Every list has a tail but those of degree K or less; any search past a few lists reads some.
    if (stats.edges_relaxed > 64) {
      EXPECT_GT(stats.bytes_read, 0);
    }
  }
}

TEST(TieredDeltaStepping, EqualsDijkstraWithTailsOnDisk) {
  testing::ScratchDirectory directory;
  const TieredCase cases[] = {{1, NeighborOrder::kHubFirst, 1},
                              {1, NeighborOrder::kById, 4},
                              {3, NeighborOrder::kHubFirst, 2},
                              {2, NeighborOrder::kByDegree, 8}};
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
  KroneckerParams params;
  params.scale = 10;
  const EdgeList edge_list = generate_kronecker(params, true);
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

}  // namespace
}  // namespace semibfs
