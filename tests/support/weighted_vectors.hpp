// The weighted test graphs (tests/vectors/weighted) and what the SSSP store tests compare with:
// scipy's distances written once by make_vectors.py, and a store's edge file with its weights as an
// edge list (what reference_dijkstra.hpp reads).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "edges/edge_list.hpp"
#include "edges/packed_edge.hpp"
#include "session/store_sssp.hpp"
#include "support/command_runner.hpp"

namespace semibfs::testing {

inline std::string weighted_vector(const std::string& name) {
  return std::string(SEMIBFS_SOURCE_DIR) + "/tests/vectors/weighted/" + name;
}

// scipy's distances of a vector file: root -> (file id -> distance).
inline std::map<std::uint64_t, std::map<std::uint64_t, double>> golden_distances(const std::string& name) {
  std::ifstream file(weighted_vector(name));
  std::map<std::uint64_t, std::map<std::uint64_t, double>> golden;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::uint64_t root = 0, vertex = 0;
    std::string distance;
    fields >> root >> vertex >> distance;
    golden[root][vertex] = distance == "inf" ? INFINITY : std::stod(distance);
  }
  return golden;
}

// The store's edge file and its weights as an edge list in store ids.
inline EdgeList stored_edge_list(const std::string& store, std::int64_t vertices) {
  const std::string packed = read_text(std::filesystem::path(store) / "edges.packed48");
  const std::string weights = read_text(std::filesystem::path(store) / "edges.weights");
  EdgeList edge_list;
  edge_list.num_vertices = vertices;
  const std::size_t count = packed.size() / sizeof(PackedEdge);
  edge_list.weights.resize(count);
  std::memcpy(edge_list.weights.data(), weights.data(), std::min(weights.size(), count * sizeof(float)));
  for (std::size_t i = 0; i < count; ++i) {
    PackedEdge edge;
    std::memcpy(&edge, packed.data() + i * sizeof(PackedEdge), sizeof(PackedEdge));
    edge_list.edges.push_back(CompactEdge::make(edge.v0(), edge.v1()));
  }
  return edge_list;
}

// A search's distances each equal to `dijkstra`'s and within 1e-5 of scipy's `expected` (by file
// id; unreached where scipy's is infinite), validated; under a budget, with tails on disk.
inline void expect_store_distances(const StoreShortestPaths& paths, const std::vector<float>& dijkstra,
                                   const std::map<std::uint64_t, double>& expected, bool under_budget,
                                   const std::string& where) {
  ASSERT_EQ(paths.distance.size(), expected.size());
  for (std::size_t v = 0; v < paths.distance.size(); ++v) {
    const std::uint64_t file_id = paths.ids.to_file(static_cast<VertexId>(v));
    EXPECT_EQ(paths.distance[v], dijkstra[v]) << where << " vertex " << file_id;
    const double scipy = expected.at(file_id);
    if (std::isinf(scipy)) {
      EXPECT_TRUE(std::isinf(paths.distance[v])) << file_id;
      EXPECT_EQ(paths.parent[static_cast<std::int64_t>(v)], kUnreached) << file_id;
    } else {
      EXPECT_NEAR(paths.distance[v], scipy, 1e-5 * std::max(1.0, scipy)) << where << " " << file_id;
    }
  }
  EXPECT_TRUE(paths.report.validation_passed);
  if (under_budget) {
    ASSERT_TRUE(paths.report.plan);
    EXPECT_GT(paths.report.plan->disk_bytes(), 0);  // the tails really are on disk
  }
}

}  // namespace semibfs::testing
