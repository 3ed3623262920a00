// Hybrid (direction-optimizing) BFS: top-down over a frontier queue, bottom-up over frontier
// bitmaps, switched by the alpha/beta rule on frontier size (Iwabuchi et al., seed 000 Sec. III-C).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

enum class Direction { kHybrid, kTopDown, kBottomUp };

std::string to_string(Direction direction);
// Parses "hybrid", "top-down" or "bottom-up"; throws UsageError otherwise.
Direction parse_direction(const std::string& text);

struct BfsOptions {
  Direction direction = Direction::kHybrid;
  // Top-down -> bottom-up when the frontier grows past n_all / alpha; back when it shrinks
  // below n_all / beta. Best DRAM-only setting of seed 000 Sec. V-C (Fig. 7): alpha 1e4, beta 10 alpha.
  double alpha = 1e4;
  double beta = 1e5;
};

// One BFS level as the JSON report shows it.
struct LevelStats {
  int level = 0;                        // depth of the vertices this step discovered
  bool bottom_up = false;
  std::int64_t frontier_vertices = 0;   // vertices in the frontier the step expanded
  std::int64_t edges_examined = 0;      // adjacency entries read by the step
  std::int64_t discovered_vertices = 0; // vertices the step added
  double seconds = 0.0;
};

// Holds the frontier buffers for one graph so that repeated searches allocate nothing.
class BfsEngine {
 public:
  BfsEngine(const CsrGraph& graph, BfsOptions options);
  ~BfsEngine();
  BfsEngine(const BfsEngine&) = delete;
  BfsEngine& operator=(const BfsEngine&) = delete;

  // Kernel 2: fills parent (size num_vertices): parent[root] = root, unreached = kUnreached.
  // Returns the per-level trace. OpenMP-parallel.
  std::vector<LevelStats> run(VertexId root, std::span<VertexId> parent);

 private:
  struct Buffers;  // frontier queues and bitmaps, sized for graph_ once (bfs_engine.cpp)
  const CsrGraph& graph_;
  BfsOptions options_;
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace semibfs
