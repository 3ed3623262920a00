// Placement plans made by hand for the tests of lists split between DRAM and disk.
#pragma once

#include <cstdint>

#include "tiered/placement_plan.hpp"

namespace semibfs::testing {

// Keeps the first K entries of every backward list in DRAM (of a compressed store: the whole lists
// of degree <= K), and with a separate forward graph the forward lists of vertices of degree <= D
// or >= H (H = 0: no hub).
inline PlacementPlan split_plan(std::int64_t k, std::int64_t d = 0, std::int64_t h = 0) {
  PlacementPlan plan;
  plan.head_entries = k;
  plan.low_degree_limit = d;
  plan.hub_degree_limit = h;
  return plan;
}

// Every list whole in DRAM.
inline PlacementPlan everything_plan() {
  PlacementPlan plan;
  plan.fits_in_memory = true;
  return plan;
}

}  // namespace semibfs::testing
