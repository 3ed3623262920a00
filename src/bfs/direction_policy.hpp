// Chooses the direction of each BFS step from what the previous steps measured: the alpha/beta
// rule on frontier sizes (Iwabuchi et al. Sec. III-C), Beamer's rule on edge counts
// (Beamer, Asanovic, Patterson, SC 2012, Sec. 4 and Fig. 6), or one direction throughout.
#pragma once

#include <cstdint>
#include <memory>

#include "bfs/bfs.hpp"

namespace semibfs {

// What a policy knows before step `level`, which expands the frontier into depth `level`.
struct FrontierFacts {
  int level = 1;
  std::int64_t num_vertices = 0;                // n
  std::int64_t previous_frontier_vertices = 0;  // n_f of the step before (0 before the first)
  std::int64_t frontier_vertices = 0;           // n_f
  std::int64_t frontier_edges = 0;              // m_f: sum of the frontier's degrees
  std::int64_t unexplored_edges = 0;            // m_u: sum of the unvisited vertices' degrees
  bool last_step_bottom_up = false;
  std::int64_t vertices_with_tails = 0;         // vertices whose list is partly on disk (0: all in DRAM)

  bool growing() const { return frontier_vertices > previous_frontier_vertices; }
  bool shrinking() const { return frontier_vertices < previous_frontier_vertices; }
};

// With tails on disk, a bottom-up step over a small frontier finds no parent in the resident
// entries of nearly every unvisited vertex that has a tail, and reads that tail; top-down reads
// only the frontier's tails. So the threshold policies go bottom-up only once the frontier holds
// at least 1/64 of the vertices with tails (Iwabuchi et al. Sec. VI-E: bottom-up's NVM reads are the
// tails); with a large K few vertices have tails and this rarely acts. 1/64 won a sweep of n/1024,
// 1/256 and 1/64 at SCALE 22 (docs/PERFORMANCE.md, "The tier guard").
inline bool tails_allow_bottom_up(const FrontierFacts& facts) {
  constexpr std::int64_t kTailsPerFrontierVertex = 64;
  return facts.frontier_vertices * kTailsPerFrontierVertex >= facts.vertices_with_tails;
}

class DirectionPolicy {
 public:
  virtual ~DirectionPolicy() = default;
  virtual bool next_step_bottom_up(const FrontierFacts& facts) const = 0;
};

class TopDownPolicy final : public DirectionPolicy {
 public:
  bool next_step_bottom_up(const FrontierFacts&) const override { return false; }
};

class BottomUpPolicy final : public DirectionPolicy {
 public:
  bool next_step_bottom_up(const FrontierFacts&) const override { return true; }
};

// Iwabuchi et al. Sec. III-C: start top-down; bottom-up once a growing frontier passes n / alpha; back
// to top-down once a shrinking frontier falls below n / beta.
class AlphaBetaPolicy final : public DirectionPolicy {
 public:
  AlphaBetaPolicy(double alpha, double beta) : alpha_(alpha), beta_(beta) {}

  bool next_step_bottom_up(const FrontierFacts& facts) const override {
    if (facts.level == 1) return false;  // "We first start BFS ... by using the top-down approach"
    const double frontier = static_cast<double>(facts.frontier_vertices);
    const double vertices = static_cast<double>(facts.num_vertices);
    if (!facts.last_step_bottom_up) return facts.growing() && frontier > vertices / alpha_ && tails_allow_bottom_up(facts);
    return !(facts.shrinking() && frontier < vertices / beta_) && tails_allow_bottom_up(facts);
  }

 private:
  double alpha_;
  double beta_;
};

// Beamer et al. Fig. 6: bottom-up once a growing frontier's edges m_f pass m_u / alpha (also
// from the root, as gapbs checks the root's degree); back to top-down once a shrinking frontier
// has fewer than n / beta vertices. "Growing" keeps the tail, where m_u is small, top-down.
class BeamerPolicy final : public DirectionPolicy {
 public:
  BeamerPolicy(double alpha, double beta) : alpha_(alpha), beta_(beta) {}

  bool next_step_bottom_up(const FrontierFacts& facts) const override {
    if (!facts.last_step_bottom_up) {
      const double unexplored = static_cast<double>(facts.unexplored_edges);
      return facts.growing() && static_cast<double>(facts.frontier_edges) > unexplored / alpha_ &&
             tails_allow_bottom_up(facts);
    }
    const double vertices = static_cast<double>(facts.num_vertices);
    return !(facts.shrinking() && static_cast<double>(facts.frontier_vertices) < vertices / beta_) &&
           tails_allow_bottom_up(facts);
  }

 private:
  double alpha_;
  double beta_;
};

// The policy the options name, with their alpha and beta (or the policy's defaults).
std::unique_ptr<DirectionPolicy> make_direction_policy(const BfsOptions& options);

}  // namespace semibfs
