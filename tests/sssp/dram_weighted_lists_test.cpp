// DramWeightedLists's reader gives each vertex's backward list and its weights as the graph and the
// weights hold them, whether prepare() named the vertex (the lists asked for ahead), named others,
// or was not called, over one partition and several.
#include "sssp/weighted_lists.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

using Entries = std::vector<std::pair<NeighborId, float>>;

Entries expected_entries(const PartitionedGraph& graph, const ListWeights& weights, VertexId vertex) {
  const ListWeightsView view(graph, weights);
  const auto neighbors = graph.neighbors(vertex);
  const auto list_weights = view.of(graph, vertex);
  Entries entries;
  for (std::size_t k = 0; k < neighbors.size(); ++k) entries.emplace_back(neighbors[k], list_weights[k]);
  return entries;
}

Entries read_entries(DramWeightedLists::Reader& reader, VertexId vertex) {
  Entries entries;
  const std::int64_t count = reader.for_each(vertex, [&](NeighborId neighbor, float weight) {
    entries.emplace_back(neighbor, weight);
  });
  EXPECT_EQ(count, static_cast<std::int64_t>(entries.size()));
  return entries;
}

TEST(DramWeightedLists, ReaderGivesEachListAndItsWeightsPreparedOrNot) {
  EdgeList edge_list = testing::make_skewed_random_edge_list(500, 6, 3);
  testing::add_random_weights(edge_list, 5);
  for (const int partitions : {1, 3}) {
    SCOPED_TRACE("partitions " + std::to_string(partitions));
    const PartitionedGraph graph(build_csr(edge_list), partitions, NeighborOrder::kById);
    const ListWeights weights(graph, edge_list);
    const DramWeightedLists lists(graph, ListWeightsView(graph, weights));
    DramWeightedLists::Reader reader(lists);
    // Not prepared, then prepared in a scattered order across partitions (more than the look-ahead),
    // then others than those prepared.
    EXPECT_EQ(read_entries(reader, 499), expected_entries(graph, weights, 499));
    std::vector<NeighborId> block;
    for (NeighborId v = 0; v < 500; v += 37) block.push_back((v * 7) % 500);
    reader.prepare(block);
    for (const NeighborId vertex : block) EXPECT_EQ(read_entries(reader, vertex), expected_entries(graph, weights, vertex));
    reader.prepare(std::span(block).first(3));
    for (const VertexId vertex : {VertexId{1}, VertexId{250}, VertexId{498}}) {
      EXPECT_EQ(read_entries(reader, vertex), expected_entries(graph, weights, vertex));
    }
  }
}

}  // namespace
}  // namespace semibfs
