// `semibfs run` as one typed call: a Kronecker graph generated, constructed (or read from a store)
// and searched under Graph500Options, the options' combinations checked here for every front end
// (the command line and Python's run_graph500 fill the same options).
#pragma once

#include <ostream>

#include "graph500/graph500_report.hpp"
#include "graph500/run_options.hpp"

namespace semibfs {

// Throws UsageError, before any work, for a value out of range or a combination the run cannot
// take; `under_mpirun`: the ranks of a distributed run will run it, each with its part of a store.
void check_benchmark_options(const Graph500Options& options, bool under_mpirun);

// The run in this process, the options checked: the machine's memory checked against the graph,
// the store locked (for writing when the run builds it), progress and per-root lines to `log`.
Graph500Report run_benchmark(const Graph500Options& options, std::ostream& log);

}  // namespace semibfs
