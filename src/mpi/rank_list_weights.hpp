// Kernel 1's SSSP weights across ranks (`run --sssp` under mpirun): each entry of a rank's lists
// gets the least weight of the input tuples joining its two vertices (a duplicate's larger weight is
// never on a shortest path), as one process's kernel 1 keeps them (graph/list_weights.hpp). Every
// rank sends each tuple of its share, with its weight, to the owners of its two endpoints, which
// keep the least in an index of their lists by neighbour (graph/least_weight_index.hpp).
#pragma once

#include <vector>

#include "edges/edge_list.hpp"
#include "mpi/communicator.hpp"
#include "mpi/rank_graph.hpp"

namespace semibfs {

// Collective. `share` is this rank's share of the input tuples, with their weights; the result is
// aligned with graph.lists.all_neighbors(). Throws semibfs::Error on every rank when a share has no
// weights or a tuple has no entry in its owner's lists (not the graph built from these tuples).
std::vector<float> make_rank_list_weights(Communicator& comm, const RankGraph& graph, const EdgeList& share);

}  // namespace semibfs
