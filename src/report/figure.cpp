#include "report/figure.hpp"

#include <filesystem>

#include "report/comparison_figures.hpp"
#include "report/level_figures.hpp"

namespace semibfs {

std::string run_label(const std::vector<RunFigures>& runs, std::size_t index) {
  std::string label = "#";  // appended, not "#" + string: GCC 12 warns falsely (-Wrestrict) on that
  label += std::to_string(index + 1) + " " + std::filesystem::path(runs[index].source).filename().string();
  return label;
}

std::vector<FigureOutcome> report_figures(const std::vector<RunFigures>& runs) {
  return {teps_figure(runs),   sssp_teps_figure(runs),     validation_figure(runs),
          budget_figure(runs), level_time_figure(runs),    frontier_figure(runs),
          io_figure(runs),     communication_figure(runs), sssp_phase_figure(runs)};
}

}  // namespace semibfs
