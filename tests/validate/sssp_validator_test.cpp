// The SSSP rules catch each kind of wrong answer: a corrupted distance, a wrong parent, an input
// edge that shortens a distance, a bad root, a reached vertex left unreached. The good answers
// come from the plain Dijkstra of tests/support, their parents from the distances.
#include "validate/sssp_validator.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

// A shortest-path tree found from Dijkstra's distances: each vertex's parent is the first tuple
// endpoint whose distance plus the weight gives its own.
struct ShortestPaths {
  std::vector<float> distance;
  std::vector<std::int64_t> parent;
};

ShortestPaths shortest_paths(const EdgeList& edge_list, VertexId root) {
  ShortestPaths paths{testing::dijkstra_distances(edge_list, root),
                      std::vector<std::int64_t>(edge_list.num_vertices, kUnreached)};
  paths.parent[root] = root;
  for (std::int64_t e = 0; e < edge_list.num_edges(); ++e) {
    const VertexId u = edge_list.edges[e].v0(), v = edge_list.edges[e].v1();
    const float w = edge_list.weights[e];
    if (v != root && paths.parent[v] == kUnreached && paths.distance[u] + w == paths.distance[v]) paths.parent[v] = u;
    if (u != root && paths.parent[u] == kUnreached && paths.distance[v] + w == paths.distance[u]) paths.parent[u] = v;
  }
  return paths;
}

class SsspValidatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    KroneckerParams params;
    params.scale = 8;
    edge_list_ = generate_kronecker(params, true);
    root_ = edge_list_.edges[0].v0();
    paths_ = shortest_paths(edge_list_, root_);
  }
  ValidationReport check(const EdgeList& edge_list, const ShortestPaths& paths) const {
    const InMemoryEdgeSource edges(edge_list);
    return SsspValidator(edges, edge_list.weights).validate(root_, paths.distance, std::span<const std::int64_t>(paths.parent));
  }
  // A reached vertex other than the root, far from it.
  VertexId far_vertex() const {
    VertexId far = root_;
    for (VertexId v = 0; v < edge_list_.num_vertices; ++v) {
      if (std::isfinite(paths_.distance[v]) && paths_.distance[v] > paths_.distance[far]) far = v;
    }
    return far;
  }
  static int first_rule(const ValidationReport& report) { return report.ok() ? 0 : report.failures.front().rule; }

  EdgeList edge_list_;
  VertexId root_ = 0;
  ShortestPaths paths_;
};

TEST_F(SsspValidatorTest, AcceptsShortestPathsAndCountsTheComponentsEdges) {
  const ValidationReport report = check(edge_list_, paths_);
  EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.failures.front().message);
  std::int64_t both_reached = 0;
  for (const CompactEdge& edge : edge_list_.edges) {
    both_reached += edge.v0() != edge.v1() && std::isfinite(paths_.distance[edge.v0()]) &&
                    std::isfinite(paths_.distance[edge.v1()]);
  }
  EXPECT_EQ(report.nedge, both_reached);
}

TEST_F(SsspValidatorTest, CatchesACorruptedDistance) {
  ShortestPaths paths = paths_;
  paths.distance[far_vertex()] += 0.001F;
  const ValidationReport report = check(edge_list_, paths);
  EXPECT_FALSE(report.ok());
  paths = paths_;
  paths.distance[far_vertex()] -= 0.001F;  // too short: its parent edge no longer adds up
  EXPECT_EQ(first_rule(check(edge_list_, paths)), 2);
}

TEST_F(SsspValidatorTest, CatchesAWrongParent) {
  ShortestPaths paths = paths_;
  const VertexId far = far_vertex();
  paths.parent[far] = root_;  // not joined to the root with that weight
  EXPECT_EQ(first_rule(check(edge_list_, paths)), 2);
}

TEST_F(SsspValidatorTest, CatchesAnEdgeThatShortensADistance) {
  EdgeList with_shortcut = edge_list_;
  with_shortcut.edges.push_back(CompactEdge::make(root_, far_vertex()));
  with_shortcut.weights.push_back(0.0F);
  EXPECT_EQ(first_rule(check(with_shortcut, paths_)), 3);
}

TEST_F(SsspValidatorTest, CatchesABadRootAndAParentOutOfRange) {
  ShortestPaths paths = paths_;
  paths.distance[root_] = 0.5F;
  EXPECT_EQ(first_rule(check(edge_list_, paths)), 1);
  paths = paths_;
  paths.parent[far_vertex()] = edge_list_.num_vertices;
  EXPECT_EQ(first_rule(check(edge_list_, paths)), 1);
}

TEST_F(SsspValidatorTest, CatchesAReachedVertexLeftUnreached) {
  ShortestPaths paths = paths_;
  const VertexId far = far_vertex();
  paths.distance[far] = std::numeric_limits<float>::infinity();
  paths.parent[far] = kUnreached;
  EXPECT_EQ(first_rule(check(edge_list_, paths)), 4);
}

TEST_F(SsspValidatorTest, RefusesArraysOfTheWrongSize) {
  const InMemoryEdgeSource edges(edge_list_);
  const std::vector<float> short_weights(3);
  EXPECT_THROW(SsspValidator(edges, short_weights), Error);
  const SsspValidator validator(edges, edge_list_.weights);
  const std::vector<std::int32_t> parent(2);
  EXPECT_THROW(validator.validate(root_, paths_.distance, std::span<const std::int32_t>(parent)), Error);
}

}  // namespace
}  // namespace semibfs
