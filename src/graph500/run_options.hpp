// The options of the benchmark driver, one type per concern: how searches run (run and bfs), which
// store holds the graph and how it is laid out, how roots are drawn, and the Kronecker graph of a
// run. Each command takes only the types it needs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bfs/bfs.hpp"
#include "gen/kronecker.hpp"
#include "graph/neighbor_order.hpp"
#include "graph500/dram_budget.hpp"
#include "graph500/rank_options.hpp"
#include "io/io_kind.hpp"
#include "sssp/sssp_options.hpp"
#include "tiered/placement_plan.hpp"

namespace semibfs {

// How the searches run: direction policy, threads, DRAM budget and K, I/O path, validation.
struct SearchOptions {
  BfsOptions bfs;
  int threads = 0;  // OpenMP threads; 0 keeps the OpenMP default (all cores)
  // With a budget the searches run on the store opened with each list split between DRAM and
  // disk as the placement planner decides.
  DramBudget budget;
  std::optional<std::int64_t> head_entries;  // K forced: the first K entries of every list in DRAM
  PlacementMode placement = PlacementMode::kPlanned;  // the planner's split, or Iwabuchi et al.'s
  IoKind io = IoKind::kAuto;
  bool skip_validation = false;
  // SSSP searches the same graph after BFS (`run --sssp`, `sssp`): a budget's plan then counts a
  // weight beside every resident entry, SSSP's arrays and its edge-weight chunks.
  bool shortest_paths = false;
};

// The store a run writes or reads, and the layout of the graph in it.
struct StoreOptions {
  std::string directory;  // empty: no store
  bool reuse = false;     // read the graph from the store instead of constructing it
  int partitions = 0;     // NETAL partitions; 0 means one per NUMA node
  NeighborOrder neighbor_order = NeighborOrder::kHubFirst;
  // Compressed lists (compress/list_codec.hpp), in id order; searched where they lie, decoded in place.
  bool compressed_lists = false;
  // Vertices numbered by descending degree in the store (construction/degree_relabel.hpp).
  bool relabel = false;
};

// How the roots are drawn: the reference's draw with these seeds (a run's are its generator's).
struct RootDraw {
  int num_roots = 64;  // the specification's 64 searches
  std::uint64_t seed1 = 2;
  std::uint64_t seed2 = 3;
};

// `semibfs run`: a Kronecker graph generated, constructed (or read from a store) and searched.
struct Graph500Options {
  KroneckerParams kronecker;
  int num_roots = 64;
  SearchOptions search;
  StoreOptions store;
  RankOptions ranks;  // under mpirun
  // Kernel 3 after the BFS searches (`--sssp`), in DRAM: the edge weights generated and kept.
  std::optional<SsspOptions> sssp;
};

}  // namespace semibfs
