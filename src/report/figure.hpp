// One figure of the report: its id in the page, a caption, its charts (one for the runs together,
// or one per run), and a line for each run it has nothing for; or, when no run has its data, the
// reason it is left out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report/run_figures.hpp"
#include "report/svg_chart.hpp"

namespace semibfs {

struct Figure {
  std::string id;       // "fig-teps": the page's anchor, and what tests look for
  std::string heading;  // "TEPS of every search"
  std::string caption;  // what is drawn and from which searches
  std::vector<ChartSpec> charts;
  std::vector<std::string> notes;  // "#1 dram.json: ..." for runs without the figure's data
};

// A figure drawn, or the one-line reason it is not.
struct FigureOutcome {
  std::string id;
  std::string heading;
  std::optional<Figure> figure;
  std::string absent_because;  // set when figure is empty
};

// "#2 b21.json": how charts and notes name run `index` of the report.
std::string run_label(const std::vector<RunFigures>& runs, std::size_t index);

// Every figure of the report, in page order: fig-teps, fig-sssp-teps, fig-validation, fig-budget
// (across runs), then per run fig-level-time, fig-frontier, fig-io, fig-communication and fig-sssp-phases.
std::vector<FigureOutcome> report_figures(const std::vector<RunFigures>& runs);

}  // namespace semibfs
