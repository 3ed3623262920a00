// What one BFS step did, for LevelStats and for the direction policy.
#pragma once

#include <cstdint>

#include "core/graph_direction.hpp"
#include "core/types.hpp"

namespace semibfs {

struct StepCounts {
  std::int64_t edges_examined = 0;       // adjacency entries read
  std::int64_t discovered_vertices = 0;  // the next frontier's size
  // Sum of the discovered vertices' backward-list lengths (in-degrees when directed): what m_u loses.
  std::int64_t discovered_edges = 0;
  // Sum of their out-degrees: the next m_f (the same sum when undirected).
  std::int64_t discovered_out_edges = 0;
  std::int64_t early_exits = 0;          // bottom-up: vertices that found a parent before their last neighbour
  // Entries read from tails fetched from disk (of compressed lists, those decoded): against the
  // bytes read, what each byte brought.
  std::int64_t tail_entries = 0;
};

// The counts of one thread's share added to the step's.
inline void add(StepCounts& total, const StepCounts& part) {
  total.edges_examined += part.edges_examined;
  total.discovered_vertices += part.discovered_vertices;
  total.discovered_edges += part.discovered_edges;
  total.discovered_out_edges += part.discovered_out_edges;
  total.early_exits += part.early_exits;
  total.tail_entries += part.tail_entries;
}

#pragma omp declare reduction(add_counts : StepCounts : add(omp_out, omp_in)) initializer(omp_priv = StepCounts{})

// Counts a vertex a step discovered. A directed graph's in-degrees need not be near its
// out-degrees: a Kronecker graph's tuples taken as directed gave an in-degree sum 30 times the
// out-degree sum on the third level, and the policy went bottom-up for levels that expanded a few
// hundred out-edges (docs/PERFORMANCE.md, "Directed stores").
template <typename Graph>
void count_discovered_edges(StepCounts& counts, const Graph& graph, VertexId vertex, std::int64_t backward_degree) {
  counts.discovered_edges += backward_degree;
  counts.discovered_out_edges +=
      graph.direction() == GraphDirection::kDirected ? graph.out_degree(vertex) : backward_degree;
}

}  // namespace semibfs
