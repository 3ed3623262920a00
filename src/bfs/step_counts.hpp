// What one BFS step did, for LevelStats and for the direction policy.
#pragma once

#include <cstdint>

namespace semibfs {

struct StepCounts {
  std::int64_t edges_examined = 0;       // adjacency entries read
  std::int64_t discovered_vertices = 0;  // the next frontier's size
};

}  // namespace semibfs
