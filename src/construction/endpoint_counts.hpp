// The first pass of a construction over a packed edge file: how many list entries each vertex
// will have, before duplicates are dropped. The external construction sizes its ranges by it; the
// relabelling by degree (degree_relabel.hpp) orders the vertices by it.
#pragma once

#include <cstdint>
#include <span>

#include "construction/range_lists.hpp"
#include "core/progress_log.hpp"
#include "store/edge_file_seal.hpp"
#include "edges/packed_edge_file.hpp"

namespace semibfs {

// degrees[v] = the endpoints at v of edges that are not self-loops (duplicates counted), of the
// `ends` whose lists are built; the file read through `chunk`, in parallel within each chunk, and
// its bytes fed to `seal` when given. Throws semibfs::Error naming the edge whose id lies outside
// the vertices (degrees.size() of them), or when a vertex reaches 2^32 endpoints.
void count_endpoints(const PackedEdgeFile& edges, std::span<PackedEdge> chunk, std::span<std::uint32_t> degrees,
                     ListEnds ends, ProgressLog& log, EdgeFileSeal* seal = nullptr);

}  // namespace semibfs
