// The SSSP kernel's check in its tests (tests/sssp/): from each root, distances equal to the plain
// Dijkstra (reference_dijkstra.hpp) and a tree that passes the independent validator, over the lists
// in DRAM or tiered alike.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <utility>
#include <vector>

#include "edges/edge_source.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "graph/partitioned_graph.hpp"
#include "sssp/delta_stepping.hpp"
#include "sssp/distance_label.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/test_graphs.hpp"
#include "validate/sssp_validator.hpp"

namespace semibfs::testing {

// A reader's list (weighted_lists.hpp) as (neighbour, weight) pairs, in the list's order.
using WeightedList = std::vector<std::pair<NeighborId, float>>;
template <typename Reader>
WeightedList list_of(Reader& reader, VertexId vertex) {
  WeightedList list;
  const std::int64_t degree = reader.for_each(vertex, [&](NeighborId neighbor, float weight) {
    list.emplace_back(neighbor, weight);
  });
  EXPECT_EQ(degree, std::ssize(list));
  return list;
}

// A search's bucket phases: one per bucket emptied, in ascending buckets, their counts summing to
// the search's; and every reached vertex's bucket among them (each is expanded in its bucket).
inline void expect_consistent_phases(const SsspStats& stats, std::span<const float> distance, double delta) {
  ASSERT_EQ(std::ssize(stats.phases), stats.buckets);
  SsspBucketPhase sum;
  std::vector<bool> emptied;
  for (std::size_t i = 0; i < stats.phases.size(); ++i) {
    const SsspBucketPhase& phase = stats.phases[i];
    if (i > 0) {
      EXPECT_GT(phase.bucket, stats.phases[i - 1].bucket);
    }
    EXPECT_GT(phase.rounds, 0);
    EXPECT_LE(phase.light_edges, phase.edges_relaxed);
    emptied.resize(std::max(emptied.size(), static_cast<std::size_t>(phase.bucket) + 1));
    emptied[static_cast<std::size_t>(phase.bucket)] = true;
    sum.rounds += phase.rounds;
    add_phase_counts(sum, phase);
  }
  EXPECT_EQ(sum.rounds, stats.rounds);
  EXPECT_EQ(sum.edges_relaxed, stats.edges_relaxed);
  EXPECT_EQ(sum.light_edges, stats.light_edges);
  EXPECT_EQ(sum.distance_updates, stats.distance_updates);
  EXPECT_EQ(sum.bytes_read, stats.bytes_read);
  EXPECT_EQ(sum.read_requests, stats.read_requests);
  for (const float d : distance) {
    if (std::isinf(d)) continue;
    const std::size_t bucket = bucket_of(d, delta);
    EXPECT_TRUE(bucket < emptied.size() && emptied[bucket]) << "distance " << d << " in no phase's bucket";
  }
}

// The stats of each search, in the roots' order; `kernel` a DeltaStepping or a PushPullStepping.
template <typename Kernel>
std::vector<SsspStats> expect_dijkstra_distances(Kernel& kernel, const EdgeList& edge_list,
                                                 std::span<const VertexId> roots) {
  const InMemoryEdgeSource edges(edge_list);
  const SsspValidator validator(edges, edge_list.weights);
  std::vector<float> distance(edge_list.num_vertices);
  std::vector<std::int64_t> parent(edge_list.num_vertices);
  std::vector<SsspStats> stats;
  for (const VertexId root : roots) {
    stats.push_back(kernel.run(root, distance, parent));
    EXPECT_EQ(distance, dijkstra_distances(edge_list, root)) << "root " << root;
    expect_consistent_phases(stats.back(), distance, *kernel.options().delta);
    const ValidationReport report = validator.validate(root, distance, std::span<const std::int64_t>(parent));
    EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.failures.front().message);
  }
  return stats;
}

// Two components, 0-1 (0.5), 1-2 (0.25) and 3-4 (0.1): searched from 1 by `search(graph, weights,
// root, distance, parent)` (a kernel made over them), 3 and 4 get no distance nor parent.
template <typename Search>
void expect_unreached_have_no_distance_nor_parent(Search search) {
  EdgeList edge_list = make_edge_list(5, {{0, 1}, {1, 2}, {3, 4}});
  edge_list.weights = {0.5F, 0.25F, 0.1F};
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kById);
  const ListWeights weights(graph, edge_list);
  std::vector<float> distance(5);
  std::vector<std::int32_t> parent(5);
  search(graph, weights, VertexId{1}, std::span<float>(distance), std::span<std::int32_t>(parent));
  EXPECT_EQ(distance[0], 0.5F);
  EXPECT_EQ(distance[2], 0.25F);
  EXPECT_EQ(parent[1], 1);
  EXPECT_EQ(parent[0], 1);
  EXPECT_TRUE(std::isinf(distance[3]));
  EXPECT_EQ(parent[4], kUnreached);
}

}  // namespace semibfs::testing
