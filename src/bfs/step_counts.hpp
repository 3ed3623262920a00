// What one BFS step did, for LevelStats and for the direction policy.
#pragma once

#include <cstdint>

namespace semibfs {

struct StepCounts {
  std::int64_t edges_examined = 0;       // adjacency entries read
  std::int64_t discovered_vertices = 0;  // the next frontier's size
  // Sum of the discovered vertices' backward-list lengths: what m_u loses, and the next m_f of an
  // undirected graph (a directed one's, its out-degrees, is counted apart: bfs_engine.cpp).
  std::int64_t discovered_edges = 0;
  std::int64_t early_exits = 0;          // bottom-up: vertices that found a parent before their last neighbour
};

}  // namespace semibfs
