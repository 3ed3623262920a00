// The per-level figures, one chart (or a row of them) per run: time per level by direction,
// the frontier, reads from disk (tiered runs) and traffic between ranks (MPI runs); and, per bucket
// phase of SSSP searches (runs with --sssp), the edges relaxed and the bytes read.
#pragma once

#include <vector>

#include "report/figure.hpp"

namespace semibfs {

// fig-level-time: seconds per level summed over every search, stacked top-down and bottom-up.
FigureOutcome level_time_figure(const std::vector<RunFigures>& runs);

// fig-frontier: frontier vertices and edges per level of the median-TEPS search, log scale.
FigureOutcome frontier_figure(const std::vector<RunFigures>& runs);

// fig-io: bytes, requests and latency per level of the median-TEPS search, for runs that read
// lists from disk in it.
FigureOutcome io_figure(const std::vector<RunFigures>& runs);

// fig-communication: bytes and messages per level by kind of exchange, summed over the ranks, of
// the median-TEPS search, for runs across MPI ranks.
FigureOutcome communication_figure(const std::vector<RunFigures>& runs);

// fig-sssp-phases: edges relaxed per bucket phase, stacked light and heavy, of the SSSP search with
// the median SSSP TEPS, and beside it the bytes read per phase for runs with a DRAM budget.
FigureOutcome sssp_phase_figure(const std::vector<RunFigures>& runs);

}  // namespace semibfs
