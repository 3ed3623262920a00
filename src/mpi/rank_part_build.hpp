// Kernel 1 across ranks within a DRAM budget per rank (`run --store DIR --dram-budget SIZE` under
// mpirun): the edge list offloaded to the disk and the graph built by reading it back (Iwabuchi et al.
// Sec. V-A), one part per rank. Every rank
//   1. generates its share of the edge list in chunks into its part's edge file (untimed, as
//      generation is);
//   2. reads that file back in chunks and sends each edge's two entries (row, neighbour) to their
//      rows' owners, one chunk per rank and round, appending what it receives to a scratch file;
//   3. builds its part from the scratch file with the external construction (external_build.hpp),
//      the other ranks' degrees gathered before its lists are ordered.
// No rank holds its share of the edges or its lists in DRAM: the part is then read back as
// `--reuse` reads it, under the same budget. With SSSP weights (`run --sssp`), step 1 writes the
// share's weights beside its edges (edges.weights, which validation reads), step 2 sends each
// entry's weight with it into a scratch file beside the entries, and step 3 keeps beside each list
// entry the least weight of the entries that join its two vertices (construction/list_weight_pass.hpp),
// as one process's store keeps them.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "construction/external_build.hpp"
#include "mpi/communicator.hpp"
#include "gen/kronecker.hpp"
#include "graph/neighbor_order.hpp"

namespace semibfs {

struct RankPartBuildStats {
  double generation_seconds = 0;    // step 1, the slowest rank's
  double construction_seconds = 0;  // steps 2 and 3, the slowest rank's: kernel 1
  std::int64_t exchange_rounds = 0;
  ExternalBuildStats lists;  // this rank's step 3
};

// Collective. `directory` is this rank's part (DIR/rank-K), created and locked by the caller and
// holding no store. `generation_bytes` and `construction_bytes` bound the buffers of step 1 and of
// steps 2 and 3; `weighted`: the part keeps the SSSP weights too. Throws semibfs::Error, leaving no part file behind, when a budget is too small,
// on any I/O failure, or when another rank's build failed (then every rank throws).
RankPartBuildStats build_rank_part_within_budget(Communicator& comm, const KroneckerParams& kronecker,
                                                 NeighborOrder order, const std::string& directory,
                                                 std::int64_t generation_bytes, std::int64_t construction_bytes,
                                                 bool weighted, std::ostream& log);

// Bytes per edge of a chunk that step 2 holds with `ranks` ranks: the chunk read (12), its entries
// by owner (16) and, at worst, every rank's entries for this one, received (16 per rank) and packed
// for the scratch file (24 per rank); weighted, each entry's weight beside it (4 read, 8 by owner,
// 8 per rank received).
std::int64_t rank_exchange_bytes_per_edge(int ranks, bool weighted);

}  // namespace semibfs
