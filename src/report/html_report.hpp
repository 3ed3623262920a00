// The page `semibfs report` writes: one self-contained HTML file (inline CSS and SVG, no script,
// nothing fetched) with a header per run (its results, options and machine) and then the figures
// of report_figures, each a <figure id="fig-..."> with its charts and a <figcaption>; a figure no
// run has data for is one line saying why.
#pragma once

#include <string>
#include <vector>

#include "report/run_figures.hpp"

namespace semibfs {

std::string render_html_report(const std::vector<RunFigures>& runs);

}  // namespace semibfs
