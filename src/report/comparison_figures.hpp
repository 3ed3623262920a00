// The figures that set runs side by side: every search's TEPS (BFS, and SSSP for runs with --sssp),
// and the harmonic mean TEPS against the DRAM budget (issue 18).
#pragma once

#include <vector>

#include "report/figure.hpp"

namespace semibfs {

// fig-teps: one line of points per run, a point per search, in the order the roots were searched.
FigureOutcome teps_figure(const std::vector<RunFigures>& runs);

// fig-sssp-teps: the same for kernel 3's searches, a line per run made with --sssp; left out when
// no run has any.
FigureOutcome sssp_teps_figure(const std::vector<RunFigures>& runs);

// fig-validation: each run's validation seconds per BFS search (a search's share of its pass when
// validated in batches), the passes listed in its notes; left out when no run validated.
FigureOutcome validation_figure(const std::vector<RunFigures>& runs);

// fig-budget: bars of harmonic mean TEPS per DRAM budget ("in DRAM" last), a series per graph;
// left out unless two or more runs are given and one at least ran under a budget.
FigureOutcome budget_figure(const std::vector<RunFigures>& runs);

}  // namespace semibfs
