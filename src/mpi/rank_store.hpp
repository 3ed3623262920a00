// A store written across MPI ranks (`run --store DIR` under mpirun): each rank writes its part,
// DIR/rank-K, a store of its own (manifest.rank_part) that holds the lists of its vertex range
// and its share of the input edges, and a later run with the same rank count reads it back
// (`--reuse`), whole or, under `--dram-budget`, split between DRAM and the part's files as one
// process splits a store's lists: ranks, partitions and tiers are one idea at three levels.
#pragma once

#include <memory>
#include <string>

#include "mpi/communicator.hpp"
#include "mpi/rank_graph.hpp"
#include "edges/edge_list.hpp"
#include "gen/kronecker.hpp"
#include "store/graph_store.hpp"
#include "store/store_lock.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

// DIR/rank-K.
std::string rank_store_directory(const std::string& store, int rank);

// What this rank's part must have been made from: the Kronecker graph, the order and the rank.
StoreRequest rank_store_request(const KroneckerParams& kronecker, NeighborOrder order, const Communicator& comm);

// This rank's part, created (DIR/rank-K made where missing) and locked for writing; throws
// semibfs::Error naming the directory when it already holds a store or cannot be made.
std::unique_ptr<StoreLock> create_rank_store(const std::string& store, int rank);

// Writes the rank's lists and its share of the input edges into its part (locked by the caller);
// with SSSP, `list_weights` beside graph.lists' entries and the share's weights too.
void write_rank_store(const std::string& directory, const RankGraph& graph, const EdgeList& share,
                      const StoreRequest& request, std::span<const float> list_weights = {});

// Collective: opens every rank's part with its lists split by `plan` (all in DRAM when it fits,
// then held in graph.lists as kernel 1 holds them),
// then checks across the ranks that the parts agree: together they hold every pair both ways and
// the adjacencies add up. A damaged part is a semibfs::Error naming it on the rank that holds it;
// a disagreement between parts is one on every rank.
RankGraph open_rank_store(Communicator& comm, StoreIndex index, const PlacementPlan& plan);

// A plan that keeps every list in DRAM, for a part read without a budget.
PlacementPlan everything_in_dram();

}  // namespace semibfs
