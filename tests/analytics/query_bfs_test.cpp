// BFS through the streaming queries: on every store layout, with the neighbour filter applied by
// the storage side or by the kernel, the levels of a serial BFS over the simple graph made
// independently from the edge list, and every parent one level up along an edge.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <vector>

#include "analytics/query_bfs.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "support/reference_analytics.hpp"
#include "support/store_cases.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

std::vector<std::int64_t> serial_levels(const std::vector<std::vector<std::int64_t>>& out, std::int64_t root) {
  std::vector<std::int64_t> level(out.size(), -1);
  std::deque<std::int64_t> queue{root};
  level[static_cast<std::size_t>(root)] = 0;
  while (!queue.empty()) {
    const std::int64_t v = queue.front();
    queue.pop_front();
    for (const std::int64_t w : out[static_cast<std::size_t>(v)]) {
      if (level[static_cast<std::size_t>(w)] < 0) {
        level[static_cast<std::size_t>(w)] = level[static_cast<std::size_t>(v)] + 1;
        queue.push_back(w);
      }
    }
  }
  return level;
}

TEST(QueryBfs, LevelsAreTheSerialBfsOnEveryStoreWithTheFilterOnEitherSide) {
  KroneckerParams params;
  params.scale = 11;
  const EdgeList edges = generate_kronecker(params, false);
  testing::StoreCases stores(edges);
  for (const testing::StoreCase& c : testing::every_store_case()) {
    const bool directed = c.direction == GraphDirection::kDirected;
    const auto out = testing::simple_out_lists(edges, directed);
    const TieredGraph tiered = stores.open(c);
    StreamingGraph graph(tiered);
    for (const VertexId root : {VertexId{0}, VertexId{77}, VertexId{1500}}) {
      if (out[static_cast<std::size_t>(root)].empty()) continue;
      const std::vector<std::int64_t> expected = serial_levels(out, root);
      for (const bool storage_side : {true, false}) {
        SCOPED_TRACE(c.name() + ", root " + std::to_string(root) + (storage_side ? ", storage-side filter" : ""));
        const QueryBfsResult result = bfs_through_queries(graph, root, storage_side);
        ASSERT_EQ(result.level, expected);
        bool bottom_up = false;
        for (const IterationFigures& step : result.figures) {
          if (step.kind != QueryKind::kSequential) continue;
          bottom_up = true;
          if (storage_side) {
            EXPECT_LT(step.query.entries_handed_over, step.query.entries_decoded);
          } else {
            EXPECT_EQ(step.query.entries_handed_over, step.query.entries_decoded);
          }
        }
        // (A Kronecker graph taken as directed reaches few vertices: its frontiers stay small.)
        if (!directed) {
          EXPECT_TRUE(bottom_up) << "no bottom-up step ran";
        }
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
          const VertexId parent = result.parent[static_cast<std::size_t>(v)];
          if (v == root || expected[static_cast<std::size_t>(v)] < 0) continue;
          ASSERT_EQ(expected[static_cast<std::size_t>(parent)], expected[static_cast<std::size_t>(v)] - 1) << v;
          const auto& from = out[static_cast<std::size_t>(parent)];
          ASSERT_TRUE(std::binary_search(from.begin(), from.end(), v)) << parent << " -> " << v << " is no edge";
        }
      }
    }
  }
}

TEST(QueryBfs, ARootOutsideTheGraphIsAnError) {
  testing::StoreCases stores(testing::make_edge_list(4, {{0, 1}, {1, 2}}));
  const TieredGraph tiered = stores.open({false, 1, GraphDirection::kUndirected, false});
  StreamingGraph graph(tiered);
  EXPECT_THROW(bfs_through_queries(graph, 4), Error);
  EXPECT_THROW(bfs_through_queries(graph, -1), Error);
}

}  // namespace
}  // namespace semibfs
