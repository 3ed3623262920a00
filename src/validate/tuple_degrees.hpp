// What the validation from lists grouped by vertex (list_stream_batch.hpp) takes from the tuples
// themselves: at each vertex, the tuples that are not self-loops, repeats counted. The lists hold
// each pair once; the TEPS numerator counts every tuple (rule 2's nedge), so it comes from these.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "edges/compact_edge.hpp"
#include "edges/edge_source.hpp"
#include "edges/endpoint_range.hpp"

namespace semibfs {

// Throws semibfs::Error naming the first tuple of `chunk` (edge indexes from `first_index`) with
// an endpoint outside [0, num_vertices). OpenMP-parallel.
void check_chunk_endpoints(std::span<const CompactEdge> chunk, std::int64_t first_index, std::int64_t num_vertices);

// degrees[v]: the tuples (u, v) or (v, u) with u != v, repeats counted, in one parallel pass that
// also checks every endpoint (as above). Throws when a vertex has 2^32 such tuples or more.
std::vector<std::uint32_t> tuple_degrees(const EdgeSource& edges);

}  // namespace semibfs
