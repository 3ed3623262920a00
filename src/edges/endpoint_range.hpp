// Where a chunk of tuples first leaves the graph's vertices: the one check of the validators' edge
// passes (validate/tuple_degrees.hpp in one process, mpi/tuple_rounds.hpp across ranks).
#pragma once

#include <cstdint>
#include <span>

#include "edges/compact_edge.hpp"

namespace semibfs {

// The index in `chunk` of its first tuple with an endpoint outside [0, num_vertices), or its size
// when there is none. OpenMP-parallel.
std::int64_t first_out_of_range(std::span<const CompactEdge> chunk, std::int64_t num_vertices);

}  // namespace semibfs
