// The official Graph500 output block, key for key and space for space as the reference v3 prints it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace semibfs {

struct Graph500Results {
  int scale = 0;
  std::int64_t edgefactor = 0;
  double generation_seconds = 0;
  int num_mpi_processes = 1;
  double construction_seconds = 0;
  std::vector<double> bfs_seconds;       // one per root
  std::vector<double> nedge;             // one per root
  std::vector<double> validate_seconds;  // one per root; -1 each when validation was skipped
  // Kernel 3 (`run --sssp`): one per root each, or empty; then its lines follow each BFS group.
  std::vector<double> sssp_seconds;
  std::vector<double> sssp_nedge;
  std::vector<double> sssp_validate_seconds;
};

std::string format_official_output(const Graph500Results& results);

}  // namespace semibfs
