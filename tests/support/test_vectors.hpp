// Reads the Graph500 reference test vectors kept in tests/vectors/graph500 (README.md there says how they were made).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/sha256.hpp"
#include "edges/edge_list.hpp"

namespace semibfs::testing {

inline std::string test_vector_path(const std::string& file) {
  return std::string(SEMIBFS_TEST_VECTORS) + "/" + file;
}

// The SHA-256 listed in SHA256SUMS for e.g. ("kron-s16-ef16", "edges-int64le").
inline std::string expected_sha256(const std::string& graph, const std::string& kind) {
  std::ifstream sums(test_vector_path("SHA256SUMS"));
  if (!sums) throw std::runtime_error("missing " + test_vector_path("SHA256SUMS"));
  std::string name, what, hash;
  while (sums >> name >> what >> hash) {
    if (name == graph && what == kind) return hash;
  }
  throw std::runtime_error("no " + kind + " checksum for " + graph);
}

struct ReferenceRoot {
  std::int64_t root = 0;
  std::int64_t degree = 0;
  std::int64_t component_nonself_edges = 0;
};

inline std::vector<ReferenceRoot> reference_roots(int scale) {
  const std::string path = test_vector_path("kron-s" + std::to_string(scale) + "-ef16.roots.txt");
  std::ifstream file(path);
  if (!file) throw std::runtime_error("missing " + path);
  std::vector<ReferenceRoot> roots;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    ReferenceRoot root;
    fields >> root.root >> root.degree >> root.component_nonself_edges;
    roots.push_back(root);
  }
  return roots;
}

// SHA-256 of the edge list as little-endian int64 pairs, the layout of SHA256SUMS.
inline std::string int64_edges_sha256(const EdgeList& list) {
  Sha256 hash;
  for (const CompactEdge& edge : list.edges) {
    const std::int64_t pair[2] = {edge.v0(), edge.v1()};
    hash.update(pair, sizeof(pair));
  }
  return hash.finish_hex();
}

inline std::string weights_sha256(const EdgeList& list) {
  Sha256 hash;
  hash.update(list.weights.data(), list.weights.size() * sizeof(float));
  return hash.finish_hex();
}

// Degree of every vertex, self-loops not counted: the reference's "non-isolated" test for roots.
inline std::vector<std::int64_t> nonself_degrees(const EdgeList& list) {
  std::vector<std::int64_t> degree(static_cast<std::size_t>(list.num_vertices), 0);
  for (const CompactEdge& edge : list.edges) {
    if (edge.v0() == edge.v1()) continue;
    ++degree[edge.v0()];
    ++degree[edge.v1()];
  }
  return degree;
}

}  // namespace semibfs::testing
