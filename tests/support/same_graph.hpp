// Whether two partitioned graphs are the same: every list in the same order, the heads, the
// isolated vertices and every forward list.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include "graph/partitioned_graph.hpp"

namespace semibfs::testing {

inline void expect_same_graph(const PartitionedGraph& a, const PartitionedGraph& b) {
  ASSERT_EQ(a.num_vertices(), b.num_vertices());
  ASSERT_EQ(a.num_partitions(), b.num_partitions());
  EXPECT_EQ(a.num_adjacencies(), b.num_adjacencies());
  for (VertexId vertex = 0; vertex < a.num_vertices(); ++vertex) {
    const auto left = a.neighbors(vertex);
    const auto right = b.neighbors(vertex);
    ASSERT_TRUE(std::equal(left.begin(), left.end(), right.begin(), right.end())) << "vertex " << vertex;
    EXPECT_EQ(a.first_neighbor(vertex), b.first_neighbor(vertex));
    EXPECT_EQ(a.isolated().test(vertex), b.isolated().test(vertex));
    for (int k = 0; k < a.num_partitions(); ++k) {
      const auto f = a.forward(k).neighbors(vertex);
      const auto g = b.forward(k).neighbors(vertex);
      ASSERT_TRUE(std::equal(f.begin(), f.end(), g.begin(), g.end())) << "vertex " << vertex << " partition " << k;
    }
  }
}

}  // namespace semibfs::testing
