// Graph500 validation across ranks: the five rules of validate/validator.hpp (same numbers, same
// undirected reading), checked without gathering the parent array anywhere. Each rank holds its
// share of the input tuples and the parents of its own vertices; the values it needs for the
// endpoints of its tuples (parent, depth) are fetched from their owners. Shares no code with the
// distributed search (mpi/distributed_bfs.hpp, mpi/rank_graph.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "mpi/communicator.hpp"
#include "edges/edge_source.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

struct DistributedValidation {
  bool ok() const { return failure_count == 0; }
  // Non-self-loop input tuples with both endpoints reached, over all ranks, duplicates counted.
  std::int64_t nedge = 0;
  std::int64_t failure_count = 0;  // over all ranks
  int first_rule = 0;              // of the first failure (lowest rule, then lowest vertex); 0 when none
  std::string first_failure;       // its message, naming the rule and the vertex; the same on every rank
};

// Collective. `ranks` gives every rank's vertex range; `edges` is this rank's share of the input
// tuples (any share: the union over the ranks is the input; each rank's source may come in its own
// number of chunks); `own_parent` has one entry per own vertex (global parent ids, kUnreached where
// not reached). Reads `edges` once. Throws semibfs::Error, on every rank, when the root is not a
// vertex, own_parent has the wrong size, the layout has another rank count than comm, or a tuple
// names a vertex outside the graph; when a rank's source throws, that rank rethrows its exception
// and the others throw an Error quoting it.
// Tuples per collective round of the edge pass: the round's buffers grow with it, the rounds' count
// shrinks (distributed_validation_bytes). 2^16 keeps a round's buffers in the cache and below
// malloc's mmap threshold, so rounds reuse them: at SCALE 18 with 2 ranks a validation took 0.17-0.22
// s with rounds of 2^14 to 2^18 tuples and 0.31-0.35 s with 2^20.
inline constexpr std::int64_t kDefaultTuplesPerRound = std::int64_t{1} << 16;

DistributedValidation validate_distributed(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                                           VertexId root, std::span<const VertexId> own_parent,
                                           std::int64_t tuples_per_round = kDefaultTuplesPerRound);

// One search's tree as a rank holds it: its root and the parents of the rank's own vertices.
struct OwnTree {
  VertexId root = kUnreached;
  std::span<const VertexId> own_parent;
};

// The most trees one pass validates: a bit each in an own vertex's words of edge-pass evidence.
inline constexpr int kMaxTreesPerPass = 64;

// Collective: validate_distributed for each of `trees` (1 to kMaxTreesPerPass, the same count on
// every rank) in one set of rounds: the rule 1 checks, the depth rounds of all trees together, and
// one pass over `edges` whose requests carry every tree's (parent, depth) of each endpoint. Each
// tree's result is the one validate_distributed gives it alone: its failure count, first rule and
// message, and nedge. Throws as validate_distributed does (the first tree at fault named).
std::vector<DistributedValidation> validate_distributed_trees(Communicator& comm, const PartitionLayout& ranks,
                                                              const EdgeSource& edges, std::span<const OwnTree> trees,
                                                              std::int64_t tuples_per_round = kDefaultTuplesPerRound);

// An upper bound of the bytes validate_distributed_trees allocates for `trees` trees on a rank that
// owns `own_vertices` of `num_vertices` vertices among `ranks` ranks, in rounds of
// `tuples_per_round` tuples, for a DRAM budget to reserve: its per-vertex arrays, the request,
// reply and mark buffers of its rounds, and small per-rank bookkeeping. Not counted: the trees'
// parents (the caller's), the source's chunk buffers (EdgeSource::buffer_bytes()) and the MPI
// library's own buffers.
std::int64_t distributed_validation_bytes(std::int64_t own_vertices, std::int64_t num_vertices, int ranks,
                                          std::int64_t tuples_per_round = kDefaultTuplesPerRound, int trees = 1);

}  // namespace semibfs
