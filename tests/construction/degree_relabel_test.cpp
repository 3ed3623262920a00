// Relabelling by degree at construction (construction/degree_relabel.hpp): the ids follow descending
// degree with ties by input id, the two arrays are each other's inverse, a relabelled store holds
// exactly the input graph renamed (compressed or not), parents map back to the input's ids, and a
// crafted permutation is one error naming its file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "construction/degree_relabel.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "store/graph_store.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/resealed_store.hpp"
#include "support/scratch_directory.hpp"
#include "support/split_plans.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

TEST(DegreeRelabel, IdsFollowDescendingDegreeTiesByInputId) {
  const std::vector<std::uint32_t> degrees = {3, 0, 7, 3, 1, 7, 0};
  const VertexRelabel relabel = relabel_by_degree(degrees);
  const std::vector<std::uint32_t> expected_old_of = {2, 5, 0, 3, 4, 1, 6};
  EXPECT_EQ(relabel.old_of, expected_old_of);
  for (std::uint32_t vertex = 0; vertex < degrees.size(); ++vertex) EXPECT_EQ(relabel.old_of[relabel.new_of[vertex]], vertex);
}

TEST(DegreeRelabel, ParentsMapBackToInputIds) {
  const VertexRelabel relabel = relabel_by_degree(std::vector<std::uint32_t>{1, 2, 3});  // new ids 2, 1, 0
  // In the store's ids: the root 0 (input 2) is its own parent, 1 (input 1) hangs from 0, 2 (input 0) unreached.
  const std::vector<VertexId> store_parents = {0, 0, kUnreached};
  std::vector<VertexId> parents(3, 99);
  parents_in_input_ids(relabel.old_of, store_parents, parents);
  EXPECT_EQ(parents, (std::vector<VertexId>{kUnreached, 2, 2}));
}

class RelabelledStoreTest : public ::testing::Test {
 protected:
  static EdgeList kronecker() {
    KroneckerParams params;
    params.scale = 10;
    return generate_kronecker(params, false);
  }
  // The store of `edges` in `name`, relabelled or not, compressed or not, `partitions` partitions.
  std::string build(const EdgeList& edges, const std::string& name, bool relabelled, bool compressed_lists, int partitions) {
    const std::string store = scratch_.file(name);
    fs::create_directories(store);
    testing::write_packed_edge_file(store_path(store, kEdgeFileName), edges);
    ExternalBuildOptions options;
    options.partitions = partitions;
    options.made_from = "test";
    if (compressed_lists) options.list_codec = default_list_codec();
    const std::string edge_file = store_path(store, kEdgeFileName);
    if (relabelled) {
      build_relabelled_store(edge_file, edges.num_vertices, store, options);
    } else {
      build_store_from_edge_file(edge_file, edges.num_vertices, store, options);
    }
    return store;
  }
  static TieredGraph open(const std::string& store) {
    return open_tiered_graph(read_store_index(store, request_matching(read_store_manifest(store))),
                             testing::everything_plan());
  }
  static std::set<NeighborId> list_of(const TieredGraph& graph, VertexId vertex) {
    const int owner = graph.layout().partition_of(vertex);
    std::set<NeighborId> ids;
    graph.backward(owner).for_each_resident(vertex - graph.layout().range(owner).begin,
                                            [&](NeighborId id) { ids.insert(id); });
    return ids;
  }

  testing::ScratchDirectory scratch_;
};

TEST_F(RelabelledStoreTest, HoldsTheInputGraphRenamed) {
  const EdgeList edges = kronecker();
  const TieredGraph input = open(build(edges, "input", false, false, 1));
  for (const bool compressed_lists : {false, true}) {
    for (const int partitions : {1, 2}) {
      SCOPED_TRACE(std::string(compressed_lists ? "compressed" : "plain") + ", P " + std::to_string(partitions));
      const std::string store = build(edges, "relabelled-" + std::to_string(compressed_lists) + std::to_string(partitions),
                                      true, compressed_lists, partitions);
      const StoreManifest manifest = read_store_manifest(store);
      EXPECT_EQ(manifest.vertex_order, "degree");
      ASSERT_TRUE(manifest.edge_file.has_value());  // the input's edges, for validation
      EXPECT_EQ(manifest.edge_file->sha256, testing::sha256_of_file(fs::path(store) / kEdgeFileName));
      EXPECT_FALSE(fs::exists(fs::path(store) / "edges.relabelled"));
      const StoredRelabel relabel = read_store_relabel(store, manifest);
      const std::span<const std::uint32_t> old_of = relabel.old_of();
      // new_of, as the file holds it and as store_id reads it one vertex at a time.
      std::vector<std::uint32_t> new_of(old_of.size());
      for (std::uint32_t id = 0; id < old_of.size(); ++id) new_of[old_of[id]] = id;
      for (VertexId vertex = 0; vertex < input.num_vertices(); vertex += 97) {
        ASSERT_EQ(relabel.store_id(vertex), new_of[vertex]) << "vertex " << vertex;
      }
      const TieredGraph renamed = open(store);
      // Ids by descending count of endpoints (self-loops left out, duplicates in), ties by input id.
      std::vector<std::int64_t> endpoints(static_cast<std::size_t>(edges.num_vertices), 0);
      for (const CompactEdge& edge : edges.edges) {
        if (edge.v0() == edge.v1()) continue;
        ++endpoints[edge.v0()];
        ++endpoints[edge.v1()];
      }
      for (VertexId id = 1; id < input.num_vertices(); ++id) {
        const std::uint32_t before = old_of[id - 1], vertex = old_of[id];
        ASSERT_TRUE(endpoints[vertex] < endpoints[before] || (endpoints[vertex] == endpoints[before] && vertex > before))
            << "id " << id;
      }
      for (VertexId vertex = 0; vertex < input.num_vertices(); ++vertex) {
        std::set<NeighborId> expected;
        for (const NeighborId id : list_of(input, vertex)) expected.insert(new_of[id]);
        ASSERT_EQ(list_of(renamed, new_of[vertex]), expected) << "vertex " << vertex;
      }
    }
  }
}

TEST_F(RelabelledStoreTest, ACraftedPermutationIsOneErrorNamingIt) {
  const std::string pristine = build(kronecker(), "crafted", true, true, 1);
  // An id that names no vertex, in each direction: both arrays are checked, old_of whole and new_of
  // as it streams past.
  for (const char* name : {kRelabelOldOfName, kRelabelNewOfName}) {
    SCOPED_TRACE(name);
    const std::string store = pristine + "-" + name;
    fs::remove_all(store);
    fs::copy(pristine, store);
    {
      std::fstream file(fs::path(store) / name, std::ios::in | std::ios::out | std::ios::binary);
      const std::uint32_t nowhere = UINT32_MAX;
      file.seekp(5 * sizeof(std::uint32_t));
      file.write(reinterpret_cast<const char*>(&nowhere), sizeof nowhere);
    }
    testing::reseal_store(store);
    try {
      read_store_relabel(store, read_store_manifest(store));
      ADD_FAILURE() << "the crafted permutation was read";
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find(kRelabelNewOfName), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace semibfs
