// Directed test graphs and their out- and in-neighbour lists for the directed validator tests, a
// tuple (u, v) being the edge u -> v only; the serial BFS of validation_fixtures.hpp runs on the
// out-lists. Written apart from the library on purpose: the tests must not trust the code they check.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "validation_fixtures.hpp"

namespace validate_test {

// Out-neighbour lists without self-loops; duplicates kept.
inline Adjacency out_adjacency_of(const EdgeList& edge_list) {
  Adjacency out(static_cast<std::size_t>(edge_list.num_vertices));
  for (const CompactEdge& edge : edge_list.edges) {
    if (edge.v0() != edge.v1()) out[edge.v0()].push_back(edge.v1());
  }
  return out;
}

// In-neighbour lists without self-loops; duplicates kept.
inline Adjacency in_adjacency_of(const EdgeList& edge_list) {
  Adjacency in(static_cast<std::size_t>(edge_list.num_vertices));
  for (const CompactEdge& edge : edge_list.edges) {
    if (edge.v0() != edge.v1()) in[edge.v1()].push_back(edge.v0());
  }
  return in;
}

// Non-self-loop tuples whose source is reached: nedge of a valid directed tree, where every such
// tuple's target is reached too.
inline std::int64_t tuples_from_reached_sources(const EdgeList& edge_list, const std::vector<VertexId>& parent) {
  std::int64_t count = 0;
  for (const CompactEdge& edge : edge_list.edges) count += edge.v0() != edge.v1() && parent[edge.v0()] != kUnreached;
  return count;
}

struct DirectedRandomGraph {
  EdgeList edge_list;
  VertexId root = 0;
  std::vector<VertexId> reachable;  // all reachable from the root, which is reachable.front()
  std::vector<VertexId> upstream;   // unreachable, with edges among themselves and into `reachable`
  std::vector<VertexId> isolated;   // no edges but self-loops
};

// `reachable`: a random out-tree from its first vertex, so all of it is reachable, plus skewed random
// edges inside it (forward, back to lower levels, within a level). `upstream`: random edges among
// themselves and into `reachable`, none out of `reachable`. Then self-loops and duplicates (never
// reversed: that would change the graph), shuffled.
inline DirectedRandomGraph directed_random_graph(int scale, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const VertexId num_vertices = VertexId{1} << scale;
  std::vector<VertexId> ids(static_cast<std::size_t>(num_vertices));
  for (VertexId v = 0; v < num_vertices; ++v) ids[v] = v;
  std::shuffle(ids.begin(), ids.end(), random);
  DirectedRandomGraph graph;
  const auto reachable_end = ids.begin() + num_vertices * 6 / 10;
  const auto upstream_end = ids.begin() + num_vertices * 19 / 20;
  graph.reachable.assign(ids.begin(), reachable_end);
  graph.upstream.assign(reachable_end, upstream_end);
  graph.isolated.assign(upstream_end, ids.end());
  graph.root = graph.reachable.front();

  const std::vector<VertexId>& reachable = graph.reachable;
  const std::vector<VertexId>& upstream = graph.upstream;
  std::vector<Tuple> tuples;
  for (std::size_t i = 1; i < reachable.size(); ++i) {
    tuples.emplace_back(reachable[std::uniform_int_distribution<std::size_t>(0, i - 1)(random)], reachable[i]);
  }
  for (std::size_t k = 0; k < 8 * reachable.size(); ++k) {
    tuples.emplace_back(reachable[skewed_index(reachable.size(), random)],
                        reachable[skewed_index(reachable.size(), random)]);
  }
  for (std::size_t k = 0; k < 4 * upstream.size(); ++k) {
    const VertexId source = upstream[std::uniform_int_distribution<std::size_t>(0, upstream.size() - 1)(random)];
    const bool into_reachable = random() % 2 == 0;
    const std::vector<VertexId>& targets = into_reachable ? reachable : upstream;
    tuples.emplace_back(source, targets[skewed_index(targets.size(), random)]);
  }
  for (std::size_t i = 0; i < ids.size(); i += 7) tuples.emplace_back(ids[i], ids[i]);
  const std::size_t original = tuples.size();
  for (std::size_t i = 0; i < original; i += 41) tuples.push_back(tuples[i]);
  std::shuffle(tuples.begin(), tuples.end(), random);
  graph.edge_list = edge_list_from(num_vertices, tuples);
  return graph;
}

}  // namespace validate_test
