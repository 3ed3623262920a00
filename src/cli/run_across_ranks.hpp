// `semibfs run` under mpirun: the Graph500 run across the ranks (mpi/distributed_run.hpp).
#pragma once

#include <string>

#include "graph500/run_options.hpp"

namespace semibfs::cli {

// Every rank runs it; rank 0 alone logs, prints the official block and writes the JSON.
// Throws UsageError for what runs only in one process.
int run_across_ranks(const Graph500Options& options, const std::string& json_path);

}  // namespace semibfs::cli
