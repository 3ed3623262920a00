// The Graph500 benchmark across MPI ranks (Cui et al.): each rank generates its share of the edge
// list, kernel 1 across ranks (timed), the reference's roots, each searched by every rank
// together (kernel 2, timed: the slowest rank's time), its TEPS edges counted and validated
// across ranks (untimed). The report is the one-process report with num_mpi_processes, and the
// communication figures per level and per rank.
#pragma once

#include <ostream>

#include "mpi/communicator.hpp"
#include "graph500/graph500_report.hpp"
#include "graph500/run_options.hpp"

namespace semibfs {

// Collective. Progress goes to `log` (pass a discarding stream on ranks other than 0). Every rank
// returns the same report. A failed validation stops the searches and is reported, not thrown.
Graph500Report run_graph500_distributed(Communicator& comm, const Graph500Options& options, std::ostream& log);

}  // namespace semibfs
