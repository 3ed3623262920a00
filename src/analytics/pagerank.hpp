// PageRank by pull (Page et al. 1999; ExtraV Fig. 4 (c)-(d)): each iteration a sequential query of
// the in-lists; a vertex's next score is (1 - d) / n plus d times the scores its in-neighbours
// share out (score / out-degree), plus d times the score of the vertices without out-edges spread
// evenly (as NetworkX does), until the L1 change falls below the tolerance.
#pragma once

#include <cstdint>
#include <vector>

#include "analytics/kernel_description.hpp"
#include "query/kernel.hpp"

namespace semibfs {

struct PageRankOptions {
  int max_iterations = 100;
  double damping = 0.85;
  // Stop once sum_v |score'(v) - score(v)| is below this.
  double tolerance = 1e-9;
};

struct PageRankResult {
  std::vector<double> score;  // sums to 1
  int iterations = 0;
  double last_change = 0;  // L1 change of the last iteration
  std::vector<IterationFigures> figures;
};

PageRankResult pagerank(StreamingGraph& graph, const PageRankOptions& options, const IterationObserver& observe = {});

// DRAM per vertex: its score's share per out-edge, and the iteration's change of its score as a float.
inline constexpr std::int64_t kPageRankBytesPerVertex = 8 + 4;

inline constexpr int kMaxPageRankIterations = 1 << 20;

// `semibfs pagerank` and Python's Store.pagerank: the scores per vertex, "vertex score" lines.
const KernelDescription& pagerank_kernel();

}  // namespace semibfs
