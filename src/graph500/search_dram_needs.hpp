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
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

struct SearchDramNeeds {
  std::int64_t program_bytes = 0;                // the program itself (DramBudget::program_bytes)
  std::int64_t bfs_status_bytes_per_vertex = 0;  // the parent array(s) and SearchState's arrays
  std::int64_t edge_chunk_bytes = 0;             // the edge source's buffers
  // Held through the searches for their validation: 0 when it is skipped, and under a budget, where
  // the searches' trees are kept until the last one (kept_searches.hpp) and validated afterwards.
  std::int64_t validator_bytes = 0;
  // Under a budget, what the validation after the last search holds besides the program, the edge
  // chunks and the caller's bytes: the validator of one search and one tree read back (a relabelled
  // store's old ids too). Part of the minimum; the searches hold none of it.
  std::int64_t validation_after_bytes = 0;
  // The tail fetchers, one per thread; a compressed list longer than a fetcher's arena is read
  // into a buffer of its own (its length known once the store is profiled).
  TailFetchOptions fetch;
  int fetchers = 0;
  std::int64_t longest_compressed_list_bytes = 0;
  std::int64_t caller_bytes = 0;                 // e.g. the id map of a store built from a file
  std::int64_t exchange_bytes = 0;               // across ranks: frontier copies, cache tables
  // Across ranks: the buffers of a round's pairs, each pair_bytes_for(budget), so they grow with
  // the budget and the minimum is where the budget covers them (smallest_budget_with_edge_chunks).
  int pair_buffers = 0;
  std::int64_t pair_bytes = 0;                   // what they hold under this run's budget
  // Across ranks: the largest rank's minimum, which every rank states and plans from, so that a
  // budget one rank states is not refused by another (0: this process's own).
  std::int64_t agreed_minimum_bytes = 0;
  std::int64_t reply_queue_bytes = 0;            // streaming queries: the workers' response queues
  // SSSP (SearchOptions::shortest_paths): its readers' tail buffers beyond the fetchers' arenas;
  // the chunk of the edge file's weights beside each edge chunk (a weight a chunk edge, which
  // grows with the budget as the chunks do); the bytes of a resident list entry with its weight.
  std::int64_t sssp_reader_bytes = 0;
  std::int64_t edge_weight_chunk_bytes = 0;
  std::int64_t weight_bytes_per_chunk_edge = 0;
  std::int64_t list_entry_bytes = sizeof(NeighborId);
  // Iwabuchi et al.'s placement (--placement forward-on-disk): the whole backward graph is part of the
  // minimum, and a forward index beside the backward one even where the store has none apart.
  bool forward_on_disk = false;
  // The first-neighbour array (4 bytes a vertex): the engine's; a graph for the streaming queries has
  // none (PlacementPlan::dense_heads), only the isolated bitmap.
  bool first_neighbors = true;
  // Lists placed for scans (tiered/scan_placement.hpp): plain lists, each whole in DRAM or on disk,
  // need no index of their split beside the offsets, only two numbers a stripe.
  bool scan_placement = false;
  // What the per-vertex bytes hold and what the work is, for the plan and the refusal.
  std::string status_description = "BFS status (parents, frontiers, bitmaps)";
  std::string work = "searching";

  // All but the BFS status, which the planner places itself (it scales with the vertices); the
  // program included, so that the plan covers the whole process.
  std::int64_t reserved_bytes() const;
  // What the tail fetchers hold.
  std::int64_t io_arena_bytes() const;
  // How the printed plan names the reserved bytes.
  std::string reserved_description() const;
};

// BFS status bytes per vertex of a search on `vertices` vertices: the parent array and what
// SearchState holds (computed, nothing allocated).
std::int64_t bfs_status_bytes_per_vertex(std::int64_t vertices, int summary_bits);

// What searches on `num_vertices` vertices with `threads` threads hold besides the graph, given
// the buffers of the edge source they validate against and the caller's bytes; the program's
// bytes come from options.budget. On a store relabelled by degree the BFS status holds more per
// vertex: the old ids (4 bytes) and the parents in the store's ids.
SearchDramNeeds search_dram_needs(std::int64_t num_vertices, const SearchOptions& options, int threads,
                                  std::int64_t edge_chunk_bytes, std::int64_t caller_bytes, bool relabelled = false);

// What the searches' minimum budget depends on besides their buffers, known before any array is
// read: the vertices, the partitions, and whether a forward graph is stored beside the backward
// one (more than one partition, or a directed graph).
struct SearchShape {
  std::int64_t vertices = 0;
  int partitions = 1;
  bool separate_forward = false;
  bool compressed_lists = false;  // compressed lists: a row index (compressed_row_index.hpp) instead of offsets
  // Compressed lists: at most this many entries in each graph (backward, and forward when separate),
  // which bounds their row indexes; or their bytes exactly, from a store's profile (-1: unknown).
  std::int64_t entries = 0;
  std::int64_t index_bytes = -1;
  // The backward lists' bytes, exact from a store's profile (-1: unknown, then bounded by the
  // entries when the lists are plain): part of the minimum of the forward-on-disk placement.
  std::int64_t backward_list_bytes = -1;
};

// The searches' one minimum budget: the program, the run's buffers (the edge chunks as that budget
// sizes them), the BFS status, the CSR offsets, the first neighbours and the index of the lists split
// between DRAM and disk, counted as if every vertex had a list (the planner's own minimum counts
// only those that do, so it never exceeds this one). Every budget from it up is planned;
// `needs.edge_chunk_bytes` is not used (the chunks are sized from the budget).
std::int64_t minimum_search_budget(const SearchShape& shape, const SearchDramNeeds& needs);
// The same for a store's profile (profile_of_store), as plan_search_placement states it.
std::int64_t minimum_search_budget(const GraphProfile& profile, const SearchDramNeeds& needs);

// Throws semibfs::Error, one line stating minimum_search_budget and what it holds, when
// options.budget is set and below it. `run` and `bfs` call it before any work; the plan calls it
// again, so that every refusal states the same number.
void check_search_budget(const SearchOptions& options, const SearchShape& shape, const SearchDramNeeds& needs);

// The bytes of a compressed store's row indexes as its searches hold them, read from the store
// (the forward copy of the forward-on-disk placement included): where a bound from the edges
// would state a larger minimum than `info` does for the same searches.
std::int64_t stored_index_bytes(const std::string& directory, const StoreRequest& request, PlacementMode placement);

// Whether options.budget holds the minimum that plan_search_placement states for `profile` and
// `needs`, and the refusal it makes of a budget below it (check_search_budget with the profile's
// shape).
bool fits_search_budget(const GraphProfile& profile, const SearchOptions& options, const SearchDramNeeds& needs);
void check_search_budget(const GraphProfile& profile, const SearchOptions& options, const SearchDramNeeds& needs);

// The placement of a store's arrays under options.budget, after `needs`; `profile` is the store's
// (profile_of_store with needs.bfs_status_bytes_per_vertex). A budget below minimum_search_budget
// is refused (check_search_budget), and the plan states that minimum.
PlacementPlan plan_search_placement(const GraphProfile& profile, const SearchOptions& options,
                                    const SearchDramNeeds& needs);

}  // namespace semibfs
