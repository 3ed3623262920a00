// The SSSP kernel's check in its tests (tests/sssp/): from each root, distances equal to the plain
// Dijkstra (reference_dijkstra.hpp) and a tree that passes the independent validator, over the lists
// in DRAM or tiered alike.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <utility>
#include <vector>

#include "edges/edge_source.hpp"
#include "sssp/delta_stepping.hpp"
#include "support/reference_dijkstra.hpp"
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

// The stats of each search, in the roots' order.
inline std::vector<SsspStats> expect_dijkstra_distances(DeltaStepping& kernel, const EdgeList& edge_list,
                                                        std::span<const VertexId> roots) {
  const InMemoryEdgeSource edges(edge_list);
  const SsspValidator validator(edges, edge_list.weights);
  std::vector<float> distance(edge_list.num_vertices);
  std::vector<std::int64_t> parent(edge_list.num_vertices);
  std::vector<SsspStats> stats;
  for (const VertexId root : roots) {
    stats.push_back(kernel.run(root, distance, parent));
    EXPECT_EQ(distance, dijkstra_distances(edge_list, root)) << "root " << root;
    const ValidationReport report = validator.validate(root, distance, std::span<const std::int64_t>(parent));
    EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.failures.front().message);
  }
  return stats;
}

}  // namespace semibfs::testing
