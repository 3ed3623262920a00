// The Graph500 benchmark driver: generate, construct (kernel 1, timed), pick the roots, search
// each (kernel 2, timed), validate each (untimed), and gather what the reports print.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "graph500/official_output.hpp"
#include "graph500/search_inputs.hpp"
#include "bfs/bfs.hpp"
#include "gen/kronecker.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/graph_store.hpp"
#include "io/io_kind.hpp"
#include "io/io_stats.hpp"
#include "tiered/placement_plan.hpp"
#include "validate/validator.hpp"

namespace semibfs {

struct Graph500Options {
  KroneckerParams kronecker;
  int num_roots = 64;  // the specification's 64 searches
  int threads = 0;     // OpenMP threads; 0 keeps the OpenMP default (all cores)
  BfsOptions bfs;
  int partitions = 0;  // NETAL partitions; 0 means one per NUMA node
  NeighborOrder neighbor_order = NeighborOrder::kHubFirst;
  bool skip_validation = false;
  // When set: write the constructed graph there (an on-disk store), or with reuse_store read it
  // from there instead of constructing it (the edge list is still generated, for validation).
  std::string store_directory;
  bool reuse_store = false;
  // Semi-external memory: with a budget (bytes, 0 for none) the searches run on the store opened
  // with each list split between DRAM and disk as the placement planner decides.
  std::int64_t dram_budget_bytes = 0;
  std::optional<std::int64_t> forced_head_entries;  // --backward-head K
  IoKind io = IoKind::kAuto;
  // DRAM the caller holds through the searches besides what the run allocates (bfs: the id map);
  // the placement planner leaves it free.
  std::int64_t caller_bytes = 0;
};

// How a Kronecker graph's store records what it was made from.
std::string store_made_from(const KroneckerParams& kronecker);
// What a run asks of the store it reuses: how the graph was made, partitions, neighbour order.
StoreRequest store_request(const Graph500Options& options, int partitions);

struct RootResult {
  VertexId root = kUnreached;
  double bfs_seconds = 0;
  std::int64_t nedge = 0;
  double teps = 0;
  double validate_seconds = -1;  // -1 when validation was skipped
  std::vector<LevelStats> levels;
  IoSummary io;                   // tails read by this search (zero when all lists are in DRAM)
};

// Bytes of each large structure of a run, for the JSON report and the log.
struct MemoryFootprint {
  std::int64_t edge_list_bytes = 0;
  GraphBytes graph;
  std::int64_t bfs_status_bytes = 0;  // parent array, visited and frontier bitmaps, queues
  std::int64_t validator_bytes = 0;   // per-vertex arrays of one passing validation; 0 when skipped
  std::int64_t io_buffer_bytes = 0;   // the tail fetchers' arenas (semi-external runs)
};

struct Graph500Report {
  Graph500Options options;
  std::string graph;                // what was searched: a made-from line, "kronecker scale=..." or "file ..."
  int threads = 0;                  // the thread count that actually ran
  int partitions = 1;               // the partition count that actually ran
  bool graph_from_store = false;    // construction_seconds then is the time to read the store
  double store_write_seconds = -1;  // -1 when no store was written
  Graph500Results official;         // the figures of the official block
  std::vector<RootResult> roots;    // in the order searched
  bool validation_passed = true;
  std::string validation_failure;   // the first failure, naming the rule and the vertex
  MemoryFootprint memory;
  std::optional<PlacementPlan> plan;  // with a DRAM budget
  bool lists_on_disk = false;         // the searches read tails from the store
  std::string io_backend;             // "io_uring" or "pread" when they did
  IoStats io;                         // all searches' reads
};

// Validates one search and checks its TEPS edge count against the validator's, as the reference
// does; returns the first failure (naming the rule and the vertex), or an empty string.
std::string check_search(const Validator& validator, VertexId root, std::span<const VertexId> parent,
                         std::int64_t nedge);

// BFS status bytes per vertex of a search on `vertices` vertices: the parent array and what
// SearchState holds, for the planner (computed, nothing allocated).
std::int64_t bfs_status_bytes_per_vertex(std::int64_t vertices, int summary_bits);

// Rough upper bound of the memory a run needs, to refuse a SCALE that cannot fit before any work.
std::int64_t estimate_run_bytes(const Graph500Options& options);

// A budget too small for the BFS status of `vertices` vertices fails here, before any work (and
// a budget without a store directory).
void check_dram_budget(const Graph500Options& options, std::int64_t vertices);

// Kernel 2 over prepared inputs: with `warm_up`, an untimed search from the first root; then each
// root searched (timed), its TEPS edges counted and validated (untimed) unless validation is
// skipped. Fills report.roots, memory (but edge_list_bytes, the caller's), io, io_backend and
// validation; stops at the first failed validation. `parent` ends with the last search's tree.
void run_searches(const Graph500Options& options, const SearchInputs& graph, std::span<const VertexId> roots,
                  bool warm_up, std::vector<VertexId>& parent, Graph500Report& report, std::ostream& log);
// The official block's per-search figures from report.roots (scale and edgefactor are the caller's).
void fill_official_searches(Graph500Report& report);

// Runs the benchmark; progress and per-root lines go to `log`. A failed validation stops the
// searches (as the reference does) and is reported in the result, not thrown.
Graph500Report run_graph500(const Graph500Options& options, std::ostream& log);

}  // namespace semibfs
