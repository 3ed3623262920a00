// Independent checkers for the analytics tests, sharing no code with src/query or src/analytics:
// the simple graph a store holds, made here from the edge list (self-loops dropped, duplicates
// merged, both directions of an undirected edge), PageRank by power iteration pushed along its
// out-edges, and components by union-find.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

#include "edges/edge_list.hpp"

namespace semibfs::testing {

// out[v]: v's out-neighbours (every neighbour when undirected), ascending, no repeats.
inline std::vector<std::vector<std::int64_t>> simple_out_lists(const EdgeList& edges, bool directed) {
  std::set<std::pair<std::int64_t, std::int64_t>> arcs;
  for (const CompactEdge& edge : edges.edges) {
    if (edge.v0() == edge.v1()) continue;
    arcs.emplace(edge.v0(), edge.v1());
    if (!directed) arcs.emplace(edge.v1(), edge.v0());
  }
  std::vector<std::vector<std::int64_t>> out(static_cast<std::size_t>(edges.num_vertices));
  for (const auto& [from, to] : arcs) out[static_cast<std::size_t>(from)].push_back(to);
  return out;
}

// The in-lists of the same graph.
inline std::vector<std::vector<std::int64_t>> simple_in_lists(const EdgeList& edges, bool directed) {
  const auto out = simple_out_lists(edges, directed);
  std::vector<std::vector<std::int64_t>> in(out.size());
  for (std::size_t from = 0; from < out.size(); ++from) {
    for (const std::int64_t to : out[from]) in[static_cast<std::size_t>(to)].push_back(static_cast<std::int64_t>(from));
  }
  return in;
}

// Power iteration until the L1 change is below 1e-15 (or 10,000 iterations): the rank a vertex
// without out-edges holds is spread over all vertices.
inline std::vector<double> reference_pagerank(const EdgeList& edges, bool directed, double damping,
                                              int iterations = 10000) {
  const auto out = simple_out_lists(edges, directed);
  const auto n = static_cast<double>(out.size());
  std::vector<double> rank(out.size(), 1.0 / n), next(out.size());
  for (int iteration = 0; iteration < iterations; ++iteration) {
    double spread = 0;
    for (std::size_t v = 0; v < out.size(); ++v) {
      if (out[v].empty()) spread += rank[v];
    }
    std::fill(next.begin(), next.end(), (1.0 - damping) / n + damping * spread / n);
    for (std::size_t v = 0; v < out.size(); ++v) {
      for (const std::int64_t w : out[v])
        next[static_cast<std::size_t>(w)] += damping * rank[v] / static_cast<double>(out[v].size());
    }
    double change = 0;
    for (std::size_t v = 0; v < out.size(); ++v) change += std::abs(next[v] - rank[v]);
    rank.swap(next);
    if (change < 1e-15) break;
  }
  return rank;
}

inline double l1_distance(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += std::abs(a[i] - b[i]);
  return a.size() == b.size() ? sum : INFINITY;
}

// The smallest id of each vertex's component, directions ignored (weakly connected).
inline std::vector<std::int64_t> reference_component_minimum(const EdgeList& edges) {
  std::vector<std::int64_t> parent(static_cast<std::size_t>(edges.num_vertices));
  std::iota(parent.begin(), parent.end(), std::int64_t{0});
  auto find = [&parent](std::int64_t v) {
    while (parent[static_cast<std::size_t>(v)] != v)
      v = parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
    return v;
  };
  for (const CompactEdge& edge : edges.edges) {
    const std::int64_t a = find(edge.v0()), b = find(edge.v1());
    parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);  // the smaller root stays the root
  }
  std::vector<std::int64_t> minimum(parent.size());
  for (std::size_t v = 0; v < parent.size(); ++v) minimum[v] = find(static_cast<std::int64_t>(v));
  return minimum;
}

}  // namespace semibfs::testing
