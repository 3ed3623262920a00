// The external construction of a directed graph (out-edge BFS) against a store written here from
// lists computed with sets: in-lists as the backward graph, ordered by the in-degrees of their
// entries, and out-lists split among the partitions as the forward graph, in id order, even with
// one partition. Byte for byte, for every partition count and order, under a budget that forces
// several ranges.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "support/test_graphs.hpp"
#include "gen/kronecker.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partitioned_graph.hpp"
#include "support/pattern_file.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "construction/external_build.hpp"
#include "store/graph_store.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::ScratchDirectory;

constexpr const char* kMadeFrom = "directed test graph";
constexpr NeighborOrder kOrders[] = {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree};

std::string contents(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Rows `rows` of `lists` as a CSR graph (each list copied as it is).
CsrGraph csr_of(const std::vector<std::vector<NeighborId>>& lists, VertexId first, std::int64_t rows) {
  std::vector<std::int64_t> offsets{0};
  std::vector<NeighborId> neighbors;
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::vector<NeighborId>& list = lists[static_cast<std::size_t>(first + row)];
    neighbors.insert(neighbors.end(), list.begin(), list.end());
    offsets.push_back(static_cast<std::int64_t>(neighbors.size()));
  }
  return CsrGraph(rows, std::move(offsets), std::move(neighbors));
}

// The directed graph the store must hold, from sets of the edge list's tuples.
PartitionedGraph expected_graph(const EdgeList& edge_list, int partitions, NeighborOrder order) {
  const auto n = static_cast<std::size_t>(edge_list.num_vertices);
  std::vector<std::set<NeighborId>> in(n), out(n);
  for (const CompactEdge& edge : edge_list.edges) {
    if (edge.v0() == edge.v1()) continue;
    out[edge.v0()].insert(static_cast<NeighborId>(edge.v1()));
    in[edge.v1()].insert(static_cast<NeighborId>(edge.v0()));
  }
  std::vector<std::uint32_t> in_degrees(n);
  std::vector<std::vector<NeighborId>> in_lists(n);
  for (std::size_t v = 0; v < n; ++v) {
    in_degrees[v] = static_cast<std::uint32_t>(in[v].size());
    in_lists[v].assign(in[v].begin(), in[v].end());
  }
  for (std::vector<NeighborId>& list : in_lists) {
    std::vector<std::uint64_t> keys(list.size());
    order_list(list, order, in_degrees, keys);
  }
  const PartitionLayout layout(edge_list.num_vertices, partitions);
  std::vector<CsrGraph> backward, forward;
  for (int k = 0; k < partitions; ++k) {
    backward.push_back(csr_of(in_lists, layout.range(k).begin, layout.range(k).size()));
    std::vector<std::vector<NeighborId>> out_lists(n);
    for (std::size_t v = 0; v < n; ++v) {
      for (const NeighborId w : out[v]) {
        if (layout.range(k).contains(w)) out_lists[v].push_back(w);
      }
    }
    forward.push_back(csr_of(out_lists, 0, edge_list.num_vertices));
  }
  return PartitionedGraph(order, std::move(backward), std::move(forward), GraphDirection::kDirected);
}

void write_packed_edges(const std::string& path, const EdgeList& edge_list) {
  std::vector<PackedEdge> packed;
  for (const CompactEdge& edge : edge_list.edges) packed.push_back(PackedEdge::make(edge.v0(), edge.v1()));
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(packed.data()), static_cast<std::streamsize>(packed.size() * 12));
}

class ExternalBuildDirectedTest : public ::testing::Test {
 protected:
  std::string make_directory(const std::string& name) {
    const std::string path = directory_.file(name);
    fs::remove_all(path);
    fs::create_directory(path);
    return path;
  }

  void expect_directed_store(const EdgeList& edge_list, int partitions, NeighborOrder order) {
    SCOPED_TRACE(std::to_string(partitions) + " partitions, order " + to_string(order));
    const std::string edge_file = directory_.file("edges");
    write_packed_edges(edge_file, edge_list);
    const std::string expected = make_directory("expected");
    const std::string external = make_directory("external");
    const PartitionedGraph graph = expected_graph(edge_list, partitions, order);
    ASSERT_TRUE(graph.has_separate_forward());
    write_store(expected, graph, kMadeFrom);
    // A third of what one direction's raw lists take: several ranges in each phase.
    const std::int64_t budget = minimum_external_build_budget(edge_list.num_vertices, partitions, GraphDirection::kDirected) +
                                edge_list.num_edges() * 4 / 3;
    ExternalBuildOptions options{budget, partitions, order, kMadeFrom, nullptr};
    options.direction = GraphDirection::kDirected;
    const ExternalBuildStats stats = build_store_from_edge_file(edge_file, edge_list.num_vertices, external, options);
    EXPECT_LE(stats.peak_buffer_bytes, budget);
    EXPECT_GE(stats.collect_ranges, 2);
    EXPECT_EQ(stats.adjacencies, graph.num_adjacencies());
    for (const auto& entry : fs::directory_iterator(expected)) {
      const std::string name = entry.path().filename().string();
      EXPECT_TRUE(contents(entry.path()) == contents(fs::path(external) / name)) << name << " differs";
    }
    EXPECT_NE(contents(fs::path(external) / kManifestName).find("direction directed\n"), std::string::npos);
    EXPECT_TRUE(fs::exists(fs::path(external) / store_array_name(0, "forward", "neighbors")));

    // Read back: the directed request matches; an undirected one is refused.
    StoreRequest request{kMadeFrom, partitions, order, GraphDirection::kDirected};
    const PartitionedGraph read = read_store(external, request);
    EXPECT_EQ(read.direction(), GraphDirection::kDirected);
    for (VertexId v = 0; v < edge_list.num_vertices; ++v) {
      ASSERT_EQ(read.degree(v), graph.degree(v)) << "vertex " << v;
      ASSERT_EQ(read.out_degree(v), graph.out_degree(v)) << "vertex " << v;
    }
    request.direction = GraphDirection::kUndirected;
    EXPECT_THROW(read_store(external, request), Error);
  }

  ScratchDirectory directory_;
};

TEST_F(ExternalBuildDirectedTest, KroneckerTuplesAsDirectedEdgesForEveryPartitionCountAndOrder) {
  KroneckerParams params;
  params.scale = 10;
  const EdgeList edge_list = generate_kronecker(params, false);
  for (const int partitions : {1, 2, 3}) {
    for (const NeighborOrder order : kOrders) expect_directed_store(edge_list, partitions, order);
  }
}

// A hub with most edges, many duplicates and reverse pairs, a vertex count that is not whole
// words and an empty last partition.
TEST_F(ExternalBuildDirectedTest, SkewedGraphWithAnEmptyPartition) {
  const EdgeList edge_list = testing::make_skewed_random_edge_list(300, 200, 11);
  for (const NeighborOrder order : kOrders) expect_directed_store(edge_list, 4, order);
}

// In- and out-lists really differ: a directed path 0 -> 1 -> 2 has in-list {1} at 2 and no out-list there.
TEST_F(ExternalBuildDirectedTest, InListsAndOutListsAreApart) {
  EdgeList edge_list;
  edge_list.num_vertices = 3;
  edge_list.edges = {CompactEdge::make_checked(0, 1), CompactEdge::make_checked(1, 2)};
  const std::string edge_file = directory_.file("edges");
  write_packed_edges(edge_file, edge_list);
  const std::string store = make_directory("store");
  ExternalBuildOptions options{std::int64_t{1} << 20, 1, NeighborOrder::kById, kMadeFrom, nullptr};
  options.direction = GraphDirection::kDirected;
  build_store_from_edge_file(edge_file, 3, store, options);
  const PartitionedGraph graph = read_store(store, {kMadeFrom, 1, NeighborOrder::kById, GraphDirection::kDirected});
  EXPECT_EQ(graph.num_adjacencies(), 2);
  EXPECT_EQ(std::vector<NeighborId>(graph.backward(0).neighbors(2).begin(), graph.backward(0).neighbors(2).end()),
            std::vector<NeighborId>{1});
  EXPECT_EQ(graph.forward(0).degree(2), 0);
  EXPECT_EQ(graph.backward(0).degree(0), 0);
  EXPECT_EQ(graph.out_degree(0), 1);
  EXPECT_TRUE(graph.isolated().test(0));  // no in-edge: no search but one from 0 reaches it
  EXPECT_FALSE(graph.isolated().test(2));
}

TEST(PartitionedGraphDirected, NeedsItsOwnForwardGraphEvenWithOnePartition) {
  std::vector<CsrGraph> backward;
  backward.emplace_back(2, std::vector<std::int64_t>{0, 0, 1}, std::vector<NeighborId>{0});
  EXPECT_THROW(PartitionedGraph(NeighborOrder::kById, std::move(backward), {}, GraphDirection::kDirected), Error);
}

}  // namespace
}  // namespace semibfs
