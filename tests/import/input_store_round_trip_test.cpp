// The round trip of issue 5: a Kronecker graph written as a text file, built into a store by
// import_graph_file and searched there, gives the same nedge as the same searches on the graph
// built in memory, and trees that pass the validator over the store's edges.packed48. Once as a
// 0-based edge list (dense ids, kept) and once as SNAP with scattered ids (renumbered).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "graph500/teps_edge_count.hpp"
#include "bfs/bfs.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/graph_store.hpp"
#include "import/input_store.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "support/scratch_directory.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

KroneckerParams kronecker_params() {
  KroneckerParams params;
  params.scale = 10;
  return params;
}

std::uint64_t same_id(VertexId vertex) { return static_cast<std::uint64_t>(vertex); }

// Ids spread over 2^44 (below 2^42 * 2^32 before the offset: no wrap, so one to one).
std::uint64_t scattered_id(VertexId vertex) { return static_cast<std::uint64_t>(vertex) * 2654435761u + 12345; }

class InputStoreRoundTrip : public ::testing::Test {
 protected:
  InputStoreRoundTrip()
      : edge_list_(generate_kronecker(kronecker_params(), false)), graph_(build_csr(edge_list_), 1) {}

  std::string store() const { return directory_.file("store"); }

  // The edge list as text lines, each id through `file_id`, after `header`.
  std::string write_text(const std::string& name, const std::string& header, std::uint64_t (*file_id)(VertexId)) const {
    const std::string path = directory_.file(name);
    std::ofstream file(path, std::ios::binary);
    file << header;
    for (const CompactEdge& edge : edge_list_.edges) file << file_id(edge.v0()) << ' ' << file_id(edge.v1()) << '\n';
    EXPECT_TRUE(file.good());
    return path;
  }

  // Searches the store from the reference's roots (mapped through `file_id`).
  void expect_same_searches(std::uint64_t (*file_id)(VertexId)) {
    const InputDescription input = read_input_description(store());
    EXPECT_EQ(input.edges, edge_list_.num_edges());
    const IdMap ids = read_id_map(store(), input);
    const PartitionedGraph stored = read_store(store(), input_store_request(store(), input));
    const PackedFileEdgeSource stored_edges((fs::path(store()) / kEdgeFileName).string(), input.vertices);
    const Validator validator(stored_edges);
    BfsEngine direct_engine(graph_, BfsOptions{});
    BfsEngine stored_engine(stored, BfsOptions{});
    const KroneckerParams params = kronecker_params();
    const std::vector<VertexId> roots = pick_bfs_roots(params.seed1, params.seed2, params.num_vertices(), 8,
                                                       [this](VertexId v) { return graph_.degree(v) > 0; });
    for (const VertexId root : roots) {
      SCOPED_TRACE("root " + std::to_string(root));
      std::vector<VertexId> direct_parent(static_cast<std::size_t>(edge_list_.num_vertices));
      direct_engine.run(root, direct_parent);
      std::vector<VertexId> stored_parent(static_cast<std::size_t>(input.vertices));
      const VertexId stored_root = ids.to_compact(file_id(root));
      stored_engine.run(stored_root, stored_parent);
      const ValidationReport report = validator.validate(stored_root, stored_parent);
      EXPECT_TRUE(report.ok()) << (report.failures.empty() ? "" : report.failures.front().message);
      EXPECT_EQ(report.nedge, count_traversed_edges(edge_list_, direct_parent));
      EXPECT_EQ(count_traversed_edges(stored_edges, stored_parent), report.nedge);
    }
  }

  testing::ScratchDirectory directory_;
  EdgeList edge_list_;
  PartitionedGraph graph_;
};

TEST_F(InputStoreRoundTrip, KroneckerEdgeListKeepsItsIdsAndItsNedge) {
  import_graph_file(write_text("kron.el", "", same_id), store(), ImportOptions{});
  EXPECT_TRUE(read_input_description(store()).identity_ids);
  expect_same_searches(same_id);
}

TEST_F(InputStoreRoundTrip, KroneckerAsSnapWithScatteredIdsIsRenumberedAndKeepsItsNedge) {
  ImportOptions options;
  options.partitions = 2;
  options.order = NeighborOrder::kByDegree;
  import_graph_file(write_text("kron.txt", "# Directed graph\n# scattered ids\n", scattered_id), store(), options);
  EXPECT_FALSE(read_input_description(store()).identity_ids);
  expect_same_searches(scattered_id);
}

}  // namespace
}  // namespace semibfs
