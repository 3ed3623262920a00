// Chooses the direction of each BFS step: forced by the option, or by the alpha/beta rule on
// frontier sizes (alpha/beta switching, Iwabuchi et al. Sec. III-C).
#pragma once

#include <cstdint>

#include "bfs/bfs.hpp"

namespace semibfs {

class DirectionPolicy {
 public:
  DirectionPolicy(const BfsOptions& options, std::int64_t num_vertices)
      : direction_(options.direction),
        grow_threshold_(static_cast<double>(num_vertices) / options.alpha),
        shrink_threshold_(static_cast<double>(num_vertices) / options.beta) {}

  // The paper starts from the root top-down; only the forced bottom-up mode does otherwise.
  bool first_step_bottom_up() const { return direction_ == Direction::kBottomUp; }

  // previous = n_frontier(i-1), current = n_frontier(i): the frontier this step expands.
  bool next_step_bottom_up(bool was_bottom_up, std::int64_t previous, std::int64_t current) const {
    if (direction_ != Direction::kHybrid) return direction_ == Direction::kBottomUp;
    if (!was_bottom_up) return previous < current && static_cast<double>(current) > grow_threshold_;
    const bool shrunk_enough = previous > current && static_cast<double>(current) < shrink_threshold_;
    return !shrunk_enough;
  }

 private:
  Direction direction_;
  double grow_threshold_;    // n_all / alpha
  double shrink_threshold_;  // n_all / beta
};

}  // namespace semibfs
