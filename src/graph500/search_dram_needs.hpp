// What the searches hold in DRAM besides the graph: the BFS status, the edge file's chunk buffers
// (validation and the TEPS count), the validator, the tail fetchers' arenas and what the caller
// holds through them (bfs: the id map). `run`, `bfs` and `info` all plan with it, so `info
// --dram-budget` prints the plan the searches use.
#pragma once

#include <cstdint>
#include <string>

#include "graph500/run_options.hpp"
#include "store/graph_store.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

struct SearchDramNeeds {
  std::int64_t bfs_status_bytes_per_vertex = 0;  // the parent array and SearchState's arrays
  std::int64_t edge_chunk_bytes = 0;             // the edge source's buffers
  std::int64_t validator_bytes = 0;              // 0 when validation is skipped
  std::int64_t io_arena_bytes = 0;               // one tail fetcher arena per thread
  std::int64_t caller_bytes = 0;                 // e.g. the id map of a store built from a file

  // All but the BFS status, which the planner places itself (it scales with the vertices).
  std::int64_t reserved_bytes() const;
  // How the printed plan names the reserved bytes.
  std::string reserved_description() const;
};

// BFS status bytes per vertex of a search on `vertices` vertices: the parent array and what
// SearchState holds (computed, nothing allocated).
std::int64_t bfs_status_bytes_per_vertex(std::int64_t vertices, int summary_bits);

// What searches on `num_vertices` vertices with `threads` threads hold besides the graph, given
// the buffers of the edge source they validate against and the caller's bytes.
SearchDramNeeds search_dram_needs(std::int64_t num_vertices, const SearchOptions& options, int threads,
                                  std::int64_t edge_chunk_bytes, std::int64_t caller_bytes);

// The placement of a store's arrays under options.budget, after `needs`; `profile` is the store's
// (profile_of_store with needs.bfs_status_bytes_per_vertex).
PlacementPlan plan_search_placement(const GraphProfile& profile, const SearchOptions& options,
                                    const SearchDramNeeds& needs);

// A budget too small for the BFS status of `vertices` vertices fails here, before any work.
void check_budget_covers_status(const SearchOptions& options, std::int64_t vertices);

}  // namespace semibfs
