// A placement for scans (the streaming queries, ExtraV (Lee et al.) Sec. 5): in each stripe of consecutive
// vertices, the whole lists of its first vertices in DRAM and the rest of the stripe on disk in one
// piece. The searches' plan keeps the first K entries of every list, which suits a bottom-up
// step's probe but leaves a tail behind almost every list: a sequential query then reads each file
// nearly whole again, its heads with its tails, since tails a block apart share a read
// (docs/PERFORMANCE.md, "Under DRAM budgets", the hyperbolic graph). Stripes rather than one prefix of the vertices, so
// that every piece of a scan has reads in flight while the algorithm works on its resident lists.
#pragma once

#include <cstdint>
#include <vector>

#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

// Each stripe's cut (PlacementPlan::scan_cuts): the vertices of stripe s below cuts[s] keep their
// whole lists, backward and forward (every partition's), in DRAM, their bytes at most `share` of
// the stripe's lists' bytes, as the store's index gives them.
struct ScanCuts {
  std::vector<std::int64_t> cuts;
  std::int64_t kept_bytes = 0;  // what the lists below the cuts hold
};
ScanCuts scan_cuts(const StoreIndex& index, double share);

// Makes `plan`, which splits the lists, a scan's placement within the DRAM it gives the lists: its
// list structures become the stripes' lists in DRAM and those on disk.
void use_scan_placement(PlacementPlan& plan, const StoreIndex& index);

}  // namespace semibfs
