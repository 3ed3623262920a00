// What a run or a series of searches reports: the options it ran with, the graph, the official
// figures, each search, validation, memory and the placement under a DRAM budget.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/communication_figures.hpp"
#include "graph500/official_output.hpp"
#include "graph500/run_options.hpp"
#include "io/io_stats.hpp"
#include "sssp/delta_stepping.hpp"
#include "sssp/sssp_options.hpp"
#include "tiered/placement_plan.hpp"

namespace semibfs {

// An SSSP search's exchanges across ranks (mpi/distributed_sssp.hpp), summed over the ranks.
struct SsspExchange {
  std::int64_t updates_sent = 0;  // (vertex, distance, parent) updates for other ranks' vertices
  std::int64_t bytes = 0;
  std::int64_t messages = 0;
};

// One SSSP search beyond its time: what delta-stepping did, and the distances it found.
struct SsspFigures {
  SsspStats stats;
  std::int64_t reached = 0;   // vertices with a distance, the root included
  double distance_sum = 0;    // of the reached vertices' distances
  float max_distance = 0;
  std::optional<SsspExchange> exchange;  // across MPI ranks only
};

struct RootResult {
  std::uint64_t root = 0;  // as the input file writes it (a Kronecker graph's ids are its own)
  double bfs_seconds = 0;  // the search's time, BFS or SSSP
  std::int64_t nedge = 0;
  double teps = 0;
  double validate_seconds = -1;  // -1 when validation was skipped
  std::vector<LevelStats> levels;
  IoSummary io;  // tails read by this search (zero when all lists are in DRAM)
  std::vector<LevelCommunication> communication;  // one per level across MPI ranks; empty in one process
  std::optional<SsspFigures> sssp;  // an SSSP search's (no levels then)
};

// Bytes of each large structure of a run, for the JSON report and the log.
struct MemoryFootprint {
  std::int64_t edge_list_bytes = 0;
  GraphBytes graph;
  std::int64_t bfs_status_bytes = 0;  // parent array, visited and frontier bitmaps, queues
  std::int64_t validator_bytes = 0;   // per-vertex arrays of one passing validation; 0 when skipped
  std::int64_t io_buffer_bytes = 0;   // the tail fetchers' arenas (semi-external runs)
};

// One pass of validation that checked several searches together (validate/search_batch.hpp); each
// of those searches' validate_seconds is its share of it.
struct ValidationPass {
  std::string kernel;           // "BFS" or "SSSP"
  std::int64_t first = 0;       // the index of its first search in the kernel's list
  std::int64_t searches = 0;
  double seconds = 0;           // the whole pass, the searches' tree levels included
};

struct Graph500Report {
  std::string graph;  // what was searched: a made-from line, "kronecker scale=..." or "file ..."
  std::int64_t vertices = 0;                 // the graph's real size
  std::int64_t input_edges = 0;              // edges generated or read, duplicates included
  std::optional<KroneckerParams> kronecker;  // what a run generated; none for a store built from a file
  RootDraw draw;                             // the seeds and number of roots asked for
  std::string roots_note;  // why fewer roots were searched than asked for; empty when all were
  SearchOptions search;
  std::string store_directory;      // empty when no store was written or read
  NeighborOrder neighbor_order = NeighborOrder::kHubFirst;
  bool compressed_lists = false;    // the store's lists are compressed (--compress)
  int threads = 0;                  // the thread count that actually ran
  int partitions = 1;               // the partition count that actually ran
  bool graph_from_store = false;    // construction_seconds then is the time to read the store
  double store_write_seconds = -1;  // -1 when no store was written
  double edge_file_check_seconds = -1;  // -1 when no edge file of a store was checked
  Graph500Results official;         // the figures of the official block
  std::vector<RootResult> roots;    // in the order searched
  std::vector<RootResult> sssp_roots;  // the SSSP searches (`run --sssp`), after the BFS ones
  std::optional<SsspOptions> sssp;     // what they ran with
  bool sssp_pruned = false;            // by the pruned kernel (sssp/push_pull_stepping.hpp)
  bool validation_passed = true;
  std::vector<ValidationPass> validation_passes;  // empty when each search was validated alone
  std::string validation_failure;   // the first failure, naming the rule and the vertex
  // Validated from a store's lists: the bytes it read (lists, the kept trees whole for their levels and
  // again beside the lists, the tuples once);
  // -1 otherwise.
  std::int64_t validation_bytes_read = -1;
  std::string validation_source = "edges";  // "edges" (the tuples) or "store lists"
  MemoryFootprint memory;
  std::optional<PlacementPlan> plan;  // with a DRAM budget
  bool lists_on_disk = false;         // the searches read tails from the store
  std::string io_backend;             // "io_uring" or "pread" when they did
  IoStats io;                         // all searches' reads
  std::optional<DistributedFigures> distributed;  // a run across MPI ranks
};

}  // namespace semibfs
