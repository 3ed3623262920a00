// The placement planner of the semi-external-memory design (DESIGN.md, "Memory tiers"): turns a
// DRAM budget into which bytes of the graph stay in DRAM and which go to disk, greedily by value
// per byte, after Iwabuchi et al. (Sec. V and VI-C/E; Iwabuchi et al. (in Japanese) Sec. 4.3 and 5).
//
// `semibfs run --dram-budget` follows it: tiered/tiered_graph.hpp opens a store with the lists
// split as the plan says.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tiered/graph_profile.hpp"

namespace semibfs {

class JsonWriter;


// The thresholds that bound each greedy step; the defaults come from the papers (see the .cpp).
struct PlannerLimits {
  std::int64_t max_head_entries = 32;   // K of the backward-heads step (later steps may raise it)
  std::int64_t max_low_degree = 16;     // D of the low-degree forward step
  std::int64_t min_hub_degree = 1024;   // a hub's forward list fills at least one 4 KiB read
};

// Which placement decides the split: the planner's greedy steps, or Iwabuchi et al.'s fixed one.
enum class PlacementMode {
  kPlanned,
  // Iwabuchi et al. (Sec. V): the whole backward graph and the BFS status in DRAM, every
  // forward list on disk. Needs a forward graph apart from the backward one (make_forward_separate).
  kForwardOnDisk,
};

// "planned" or "forward-on-disk", as the command line and the JSON spell them.
std::string to_string(PlacementMode mode);

struct PlacementRequest {
  std::int64_t dram_budget_bytes = 0;
  PlacementMode mode = PlacementMode::kPlanned;
  // DRAM the run holds besides the graph and the BFS status (validator, I/O buffers), taken first.
  std::int64_t reserved_bytes = 0;
  // The one minimum budget (graph500/search_dram_needs.hpp, minimum_search_budget), which the plan
  // states and checks as given; 0: the bytes of the structures below, for a planner used alone.
  std::int64_t minimum_bytes = 0;
  std::string reserved_description = "run buffers (validator, I/O)";
  // What the per-vertex status is, for the printed plan (an algorithm's arrays instead of a BFS's).
  std::string status_description = "BFS status (parents, frontiers, bitmaps)";
  // Head entries K (>= 1) asked for; unset: the planner chooses K.
  std::optional<std::int64_t> head_entries;
  PlannerLimits limits;
  // False for a graph the streaming queries read: no first-neighbour array, only the isolated bitmap
  // (the plan's dense_heads).
  bool first_neighbors = true;
  // The plan becomes a scan's placement (use_scan_placement): plain lists then need no index of
  // their split, only their stripes' (TieredCsr::striped_index_bytes).
  bool scan_placement = false;
  // Past the heads' K, whole backward lists, shortest first, instead of a larger K (for SSSP, which
  // reads every list it expands whole: a short tail costs a device read per file for a few entries).
  bool whole_backward_lists = false;
};

// One structure of the plan and how many of its bytes live in each tier.
struct PlacedStructure {
  std::string name;  // JSON key: bfs_status, offsets, first_neighbors, backward_heads, ...
  std::string description;  // for the printed plan
  std::int64_t dram_bytes = 0;
  std::int64_t disk_bytes = 0;
  std::int64_t bytes() const { return dram_bytes + disk_bytes; }
};

struct PlacementPlan {
  std::int64_t dram_budget_bytes = 0;
  PlacementMode mode = PlacementMode::kPlanned;
  // reserved + BFS status + offsets + first neighbours + resident index (+ the whole backward graph
  // when the forward graph is on disk)
  std::int64_t minimum_bytes = 0;
  // K: the first K entries of every backward list are in DRAM (K = 1: the first-neighbour array only).
  std::int64_t head_entries = 1;
  bool head_entries_forced = false;
  // The backward lists of vertices of degree at most this are whole in DRAM, besides the first K
  // entries of the others (PlacementRequest::whole_backward_lists); 0: none.
  std::int64_t whole_backward_degree = 0;
  // D: the forward lists of vertices of degree 1..D are in DRAM (0: none).
  std::int64_t low_degree_limit = 0;
  // The forward lists of vertices of degree >= hub_degree_limit are in DRAM (0: no hub's list).
  std::int64_t hub_degree_limit = 0;
  std::int64_t hub_vertices = 0;
  bool fits_in_memory = false;  // nothing on disk
  // A scan's placement (the streaming queries, scan_placement.hpp), set once the store's index is
  // read: in each stripe of ResidencyRule::kScanStripeVertices, the whole lists of those below the stripe's
  // cut in DRAM, within the share of the stripe's bytes the plan gives the lists, and the others on
  // disk in one piece; K, D and the hubs then keep nothing. Empty: not a scan's placement.
  std::vector<std::int64_t> scan_cuts;
  // Whether open_tiered_graph builds the first-neighbour array: the streaming queries never probe a
  // head before a list, so a graph opened for them holds none (its isolated bitmap stays).
  bool first_neighbors = true;
  // The most the pass that reads the resident lists (open_tiered_graph) may hold in read buffers:
  // DRAM the plan holds for later (the searches' I/O arenas) and lends to it; 0: the reader's default.
  std::int64_t read_buffer_bytes = 0;
  // In the order the planner fills them: reserved, bfs_status, offsets, first_neighbors,
  // resident_index (only when lists are split), backward_heads, forward_low_degree, forward_hubs,
  // backward_tails, forward_rest.
  std::vector<PlacedStructure> structures;

  std::int64_t dram_bytes() const;
  std::int64_t disk_bytes() const;
  const PlacedStructure& structure(const std::string& name) const;  // throws semibfs::Error if absent
};

// The plan for `profile` under `request`. Throws semibfs::Error with one line when the budget is
// below minimum_bytes (naming the minimum) or a forced K does not fit.
PlacementPlan plan_placement(const GraphProfile& profile, const PlacementRequest& request);

// One header line (budget, K, D, hubs), one line per structure (DRAM and disk bytes), a total.
void print_plan(std::ostream& out, const PlacementPlan& plan);
// The plan as one JSON object (the caller has written its key, if any).
void write_json(JsonWriter& writer, const PlacementPlan& plan);

}  // namespace semibfs
