// The Kronecker edge list written to a file in chunks, so that no SCALE needs the whole list in
// memory: the input of the external construction (external_build.hpp).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "gen/kronecker.hpp"

namespace semibfs {

struct EdgeFileStats {
  std::int64_t edges = 0;
  std::int64_t bytes = 0;
  std::int64_t chunk_edges = 0;
  std::int64_t peak_buffer_bytes = 0;  // the one chunk buffer
  double seconds = 0;
};

// The smallest budget write_kronecker_edge_file accepts: one chunk of 1024 edges.
std::int64_t minimum_edge_file_budget();

// Writes edges [0, m) in edge-index order in the reference's packed 12-byte layout (the packed48
// format of edges/edge_format.hpp), generating chunks of at most memory_budget_bytes (OpenMP-
// parallel within a chunk). The file is written under a temporary name and renamed when
// complete; on failure nothing is left at `path`. Progress lines go to `progress` when set.
EdgeFileStats write_kronecker_edge_file(const KroneckerParams& params, const std::string& path,
                                        std::int64_t memory_budget_bytes, std::ostream* progress = nullptr);

}  // namespace semibfs
