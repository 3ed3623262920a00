// The reference's TEPS numerator (src/validate.c: nedge_traversed) counted across ranks, apart
// from the validator so that the driver can check one against the other.
#pragma once

#include <cstdint>
#include <span>

#include "core/types.hpp"
#include "mpi/communicator.hpp"
#include "edges/edge_source.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

// Collective: tuples of every rank's share, not self-loops, with both endpoints reached (every
// rank's reached vertices allgathered). Counted over all ranks, in one pass over this rank's
// source. When a rank's source throws, that rank rethrows its exception and the others throw
// semibfs::Error quoting it. The tuples' endpoints must be vertices (the validator checks them).
std::int64_t count_traversed_edges_across(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                                          std::span<const VertexId> own_parent);

}  // namespace semibfs
