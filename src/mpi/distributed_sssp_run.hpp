// Kernel 3 of a run across ranks (`mpirun -np R semibfs run --sssp`): the BFS roots searched again
// by delta-stepping across ranks (mpi/distributed_sssp.hpp), each timed alone (the slowest rank's
// time), its TEPS edges counted as one process counts them and validated across ranks by the SSSP
// rules (mpi/distributed_sssp_validator.hpp), through the one driver (SearchSession::search_with).
#pragma once

#include <span>

#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"
#include "graph500/search_session.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_sssp_validator.hpp"
#include "mpi/rank_graph.hpp"
#include "sssp/sssp_options.hpp"
#include "sssp/weighted_lists.hpp"

namespace semibfs {

// A rank's weighted graph and its weighted share of the input tuples.
struct RankSsspInputs {
  const RankGraph& graph;
  std::span<const float> list_weights;  // beside graph.lists' entries in DRAM (mpi/rank_list_weights.hpp)
  const TieredWeightedLists* tiered;    // or, set, the lists tiered under a budget, with their weights
  WeightedShareSource& share;           // with its weights, for validation
  const EdgeSource& edges;              // the same tuples, for the TEPS count
};

// Collective. With a warm-up search from the first root (untimed), then every root; the results go
// to session.report().sssp_roots, the options to report().sssp. `exchange_bytes` bounds the updates a
// rank sends in one exchange (DistributedDeltaStepping; 0: a phase's all at once).
void search_shortest_paths_across(Communicator& comm, SearchSession& session, const RankSsspInputs& inputs,
                                  std::span<const VertexId> roots, const SsspOptions& options,
                                  std::int64_t exchange_bytes = 0);

}  // namespace semibfs
