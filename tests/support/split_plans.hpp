// Placement plans made by hand for the tests of lists split between DRAM and disk, and the tail
// fetcher those tests shrink.
#pragma once

#include <cstdint>

#include "io/io_kind.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tail_fetcher.hpp"

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

// A fetcher through `io` with an arena of 8 blocks and requests of 2 (queue depth 4 when `shallow`):
// halves switched often, long tails split, long compressed lists read alone.
inline TailFetchOptions tiny_fetch_options(IoKind io, bool shallow = true) {
  TailFetchOptions fetch;
  fetch.io = io;
  fetch.arena_bytes = 8 * 4096;
  fetch.max_request_bytes = 2 * 4096;
  if (shallow) fetch.queue_depth = 4;
  return fetch;
}

}  // namespace semibfs::testing
