// Versions seen through the streaming queries (query/version_overlay.hpp): a store built from part
// of the edges, with the rest held as versions, replies with the lists of the graph of all edges
// (the simple graph made independently from the whole edge list) on every store layout, and
// PageRank and components over it equal the independent checkers' on all edges: a property test
// over random splits into a base and 1 to 4 versions.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "analytics/components.hpp"
#include "analytics/pagerank.hpp"
#include "query/streaming_graph.hpp"
#include "query/version_overlay.hpp"
#include "support/reference_analytics.hpp"
#include "support/store_cases.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

// A random split of `all`: the base (most edges), and the edges new to it, as add-edges keeps
// them (no self-loop, no edge the base or an earlier version holds).
struct Split {
  EdgeList base;
  std::vector<CompactEdge> added;
};

Split split_edges(const EdgeList& all, bool directed, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<CompactEdge> edges = all.edges;
  std::shuffle(edges.begin(), edges.end(), random);
  const auto base_count = static_cast<std::size_t>(edges.size() * (70 + random() % 25) / 100);
  Split split;
  split.base.num_vertices = all.num_vertices;
  split.base.edges.assign(edges.begin(), edges.begin() + static_cast<std::ptrdiff_t>(base_count));
  std::set<std::pair<std::uint32_t, std::uint32_t>> present;
  const auto key = [directed](const CompactEdge& e) {
    return directed ? std::pair(e.v0_id, e.v1_id) : std::pair(std::min(e.v0_id, e.v1_id), std::max(e.v0_id, e.v1_id));
  };
  for (const CompactEdge& edge : split.base.edges) present.insert(key(edge));
  for (std::size_t i = base_count; i < edges.size(); ++i) {
    if (edges[i].v0_id != edges[i].v1_id && present.insert(key(edges[i])).second) split.added.push_back(edges[i]);
  }
  return split;
}

std::vector<std::vector<std::int64_t>> sorted_replies(StreamingGraph& graph, ListSide side) {
  std::vector<std::vector<std::int64_t>> lists(static_cast<std::size_t>(graph.num_vertices()));
  StreamingQuery query;
  query.side = side;
  graph.stream(query, [&](VertexId vertex, std::span<const NeighborId> neighbours) {
    auto& list = lists[static_cast<std::size_t>(vertex)];
    list.assign(neighbours.begin(), neighbours.end());
    std::sort(list.begin(), list.end());
  });
  return lists;
}

TEST(VersionOverlay, RepliesAreTheListsOfAllEdgesOnEveryStore) {
  const EdgeList all = testing::make_skewed_random_edge_list(900, 6, 5);
  for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
    const bool directed = direction == GraphDirection::kDirected;
    const Split split = split_edges(all, directed, 11);
    ASSERT_GT(split.added.size(), 100u);
    testing::StoreCases stores(split.base);
    const VersionOverlay overlay(all.num_vertices, split.added, direction);
    for (const testing::StoreCase& c : testing::every_store_case(direction)) {
      SCOPED_TRACE(c.name());
      const TieredGraph tiered = stores.open(c);
      StreamingGraph graph(tiered);
      graph.add_versions(overlay);
      const auto in = testing::simple_in_lists(all, directed);
      EXPECT_EQ(sorted_replies(graph, ListSide::kIn), in);
      if (directed) {
        EXPECT_EQ(sorted_replies(graph, ListSide::kOut), testing::simple_out_lists(all, directed));
      }
      std::int64_t entries = 0;
      for (std::size_t v = 0; v < in.size(); ++v) {
        EXPECT_EQ(graph.degree(ListSide::kIn, static_cast<VertexId>(v)), static_cast<std::int64_t>(in[v].size()));
        entries += static_cast<std::int64_t>(in[v].size());
      }
      EXPECT_EQ(graph.num_entries(ListSide::kIn), entries);
    }
  }
}

// The property: over random splits into a base and its versions, PageRank and components of the
// versioned store are those of all edges at once.
TEST(VersionOverlay, AnalyticsOfRandomSplitsEqualThoseOfAllEdges) {
  for (const unsigned seed : {1u, 2u, 3u}) {
    const EdgeList all = testing::make_skewed_random_edge_list(600 + 100 * seed, 5, seed);
    for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
      const bool directed = direction == GraphDirection::kDirected;
      const Split split = split_edges(all, directed, seed * 7);
      testing::StoreCases stores(split.base);
      const VersionOverlay overlay(all.num_vertices, split.added, direction);
      const std::vector<double> expected = testing::reference_pagerank(all, directed, 0.85);
      const std::vector<std::int64_t> minimum = testing::reference_component_minimum(all);
      for (const testing::StoreCase& c :
           {testing::StoreCase{false, 2, direction, true}, testing::StoreCase{true, 1, direction, false}}) {
        SCOPED_TRACE(c.name() + ", seed " + std::to_string(seed));
        const TieredGraph tiered = stores.open(c);
        StreamingGraph graph(tiered);
        graph.add_versions(overlay);
        PageRankOptions options;
        options.tolerance = 1e-13;
        options.max_iterations = 1000;
        EXPECT_LT(testing::l1_distance(pagerank(graph, options).score, expected), 1e-9);
        const ComponentsResult components = connected_components(graph, {});
        for (std::size_t v = 0; v < minimum.size(); ++v) {
          ASSERT_EQ(static_cast<std::int64_t>(components.label[v]), minimum[v]) << "vertex " << v;
        }
      }
    }
  }
}

// The comparison can fail: without the versions, the base alone differs from all edges.
TEST(VersionOverlay, TheBaseAloneIsNotAllEdges) {
  const EdgeList all = testing::make_skewed_random_edge_list(600, 5, 1);
  const Split split = split_edges(all, false, 7);
  testing::StoreCases stores(split.base);
  const TieredGraph tiered = stores.open({false, 1, GraphDirection::kUndirected, false});
  StreamingGraph graph(tiered);
  EXPECT_NE(sorted_replies(graph, ListSide::kIn), testing::simple_in_lists(all, false));
  PageRankOptions options;
  options.tolerance = 1e-13;
  options.max_iterations = 1000;
  EXPECT_GT(testing::l1_distance(pagerank(graph, options).score, testing::reference_pagerank(all, false, 0.85)), 1e-9);
}

}  // namespace
}  // namespace semibfs
