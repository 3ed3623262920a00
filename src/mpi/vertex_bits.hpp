// One bit per vertex, each rank knowing only its own vertices' bits, made whole on every rank
// (reached vertices for the TEPS count, vertices with an edge for the root draw).
#pragma once

#include "core/bitmap.hpp"
#include "mpi/communicator.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

// Collective: own_bits has one bit per own vertex; ranks split on 64-vertex words, so own words
// are whole and are allgathered as they are.
Bitmap gather_vertex_bits(Communicator& comm, const PartitionLayout& ranks, const Bitmap& own_bits, TrafficKind kind);

}  // namespace semibfs
