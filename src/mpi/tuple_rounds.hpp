// The edge pass of a validator across ranks (mpi/distributed_validator.hpp) in collective rounds:
// each rank reads its tuples from its own EdgeSource, which may come in any number of chunks; every
// chunk piece is one round, and a rank whose pass has ended joins empty rounds until an allreduce
// opening each round says that every pass has ended. A tuple outside the graph, or a source that
// throws, stops every rank's pass at the next round, and every rank throws.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"
#include "mpi/communicator.hpp"

namespace semibfs::rank_validation {

// One collective round over `piece` (empty once this rank's pass has ended).
using TupleRound = std::function<void(std::span<const CompactEdge> piece)>;

// Collective: this rank's tuples in pieces of `tuples_per_round` at most, each handed to `round`,
// as many rounds on every rank as the rank with the most pieces. Throws on every rank when a
// rank's tuple has an endpoint outside [0, num_vertices) or its source throws (that rank rethrows
// its own exception).
void pass_in_rounds(Communicator& comm, const EdgeSource& edges, std::int64_t num_vertices,
                    std::int64_t tuples_per_round, const TupleRound& round);

// Collective: a pass that only checks that every tuple's endpoints are vertices, throwing as
// pass_in_rounds does (for a validation that skips its edge pass).
void check_tuples_in_range(Communicator& comm, const EdgeSource& edges, std::int64_t num_vertices);

}  // namespace semibfs::rank_validation
