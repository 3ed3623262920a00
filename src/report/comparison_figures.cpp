#include "report/comparison_figures.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/byte_size.hpp"
#include "report/chart_axis.hpp"

namespace semibfs {
namespace {

constexpr int kWideChart = 1180;

FigureOutcome absent(std::string id, std::string heading, std::string reason) {
  return {std::move(id), std::move(heading), std::nullopt, std::move(reason)};
}

ChartSpec wide_chart(const std::string& title, const std::string& x_title, const std::string& y_title, ChartKind kind) {
  ChartSpec chart;
  chart.title = title;
  chart.x_title = x_title;
  chart.y_title = y_title;
  chart.kind = kind;
  chart.width = kWideChart;
  chart.height = 360;
  return chart;
}

// The budgets of the runs, ascending, then "in DRAM" for runs without one.
std::vector<std::int64_t> budget_categories(const std::vector<RunFigures>& runs) {
  std::vector<std::int64_t> budgets;
  for (const RunFigures& run : runs) {
    if (run.harmonic_mean_teps) budgets.push_back(std::max<std::int64_t>(run.dram_budget_bytes, 0));
  }
  std::sort(budgets.begin(), budgets.end(),
            [](std::int64_t a, std::int64_t b) { return (a == 0 ? INT64_MAX : a) < (b == 0 ? INT64_MAX : b); });
  budgets.erase(std::unique(budgets.begin(), budgets.end()), budgets.end());
  return budgets;
}

// A series per graph; a run whose graph already has a bar at its budget (a repeat) starts another.
std::vector<ChartSeries> budget_series(const std::vector<RunFigures>& runs, const std::vector<std::int64_t>& budgets) {
  std::vector<ChartSeries> series;
  std::vector<std::string> keys;
  for (const RunFigures& run : runs) {
    if (!run.harmonic_mean_teps) continue;
    const std::size_t category =
        std::find(budgets.begin(), budgets.end(), std::max<std::int64_t>(run.dram_budget_bytes, 0)) - budgets.begin();
    std::size_t index = 0;
    while (index < series.size() && (keys[index] != run.graph_key || !std::isnan(series[index].values[category]))) {
      ++index;
    }
    if (index == series.size()) {
      const auto repeats = std::count(keys.begin(), keys.end(), run.graph_key);
      series.push_back({run.graph + (repeats > 0 ? " (" + std::to_string(repeats + 1) + ")" : ""),
                        std::vector<double>(budgets.size(), NAN), ""});
      keys.push_back(run.graph_key);
    }
    series[index].values[category] = *run.harmonic_mean_teps;
  }
  return series;
}

// One line per run for which `values_of` gives a value per search (a run it gives none has no line),
// a point per search in root order; no categories when no run has any.
template <typename Values>
ChartSpec per_search_chart(const std::vector<RunFigures>& runs, const std::string& title, const std::string& y_title,
                           Values values_of) {
  ChartSpec chart = wide_chart(title, "search (in root order)", y_title, ChartKind::kLines);
  std::size_t most = 0;
  for (std::size_t index = 0; index < runs.size(); ++index) {
    std::optional<std::vector<double>> values = values_of(runs[index]);
    if (!values) continue;
    most = std::max(most, values->size());
    chart.series.push_back({run_label(runs, index) + ": " + runs[index].description, std::move(*values), ""});
  }
  for (std::size_t search = 1; search <= most; ++search) chart.categories.push_back(std::to_string(search));
  return chart;
}

std::vector<double> teps_of(const std::vector<SearchFigures>& searches) {
  std::vector<double> teps;
  for (const SearchFigures& search : searches) teps.push_back(search.teps);
  return teps;
}

// "#1 run.json: BFS searches 1 to 64 validated in one pass, 1.61 s": each run's passes, for the notes.
std::vector<std::string> validation_pass_notes(const std::vector<RunFigures>& runs) {
  std::vector<std::string> notes;
  for (std::size_t index = 0; index < runs.size(); ++index) {
    for (const ValidationPassFigures& pass : runs[index].validation_passes) {
      notes.push_back(run_label(runs, index) + ": " + pass.kernel + " searches " + std::to_string(pass.first + 1) +
                      " to " + std::to_string(pass.first + pass.searches) + " validated in one pass, " +
                      format_value(pass.seconds, ValueUnit::kSeconds));
    }
  }
  return notes;
}

}  // namespace

FigureOutcome teps_figure(const std::vector<RunFigures>& runs) {
  const std::string heading = "TEPS of every search";
  ChartSpec chart = per_search_chart(runs, "TEPS per search", "TEPS", [](const RunFigures& run) {
    return std::optional(teps_of(run.searches));
  });
  if (chart.categories.empty()) return absent("fig-teps", heading, "no TEPS per search: no run holds a search");
  Figure figure{"fig-teps",
                heading,
                "The TEPS of every search (input edges of the searched component over the search's seconds), in the "
                "order the roots were searched; one line per run. Each run's harmonic mean is in its header.",
                {std::move(chart)},
                {}};
  return {figure.id, heading, std::move(figure), ""};
}

FigureOutcome sssp_teps_figure(const std::vector<RunFigures>& runs) {
  const std::string heading = "TEPS of every shortest-path search";
  ChartSpec chart = per_search_chart(runs, "SSSP TEPS per search", "TEPS", [](const RunFigures& run) {
    return run.sssp ? std::optional(teps_of(run.sssp->searches)) : std::nullopt;
  });
  if (chart.categories.empty()) {
    return absent("fig-sssp-teps", heading, "no SSSP TEPS per search: no run searched shortest paths (run --sssp)");
  }
  Figure figure{"fig-sssp-teps",
                heading,
                "Kernel 3: the TEPS of every SSSP search (delta-stepping; input edges of the searched component over "
                "the search's seconds, as Graph500 counts them for SSSP), in the order the roots were searched; one "
                "line per run that ran --sssp. Each run's SSSP harmonic mean and delta are in its header.",
                {std::move(chart)},
                {}};
  for (std::size_t index = 0; index < runs.size(); ++index) {
    if (!runs[index].sssp) figure.notes.push_back(run_label(runs, index) + ": no SSSP searches (run without --sssp)");
  }
  return {figure.id, heading, std::move(figure), ""};
}

FigureOutcome validation_figure(const std::vector<RunFigures>& runs) {
  const std::string heading = "Validation time of every search";
  ChartSpec chart = per_search_chart(runs, "Validation seconds per search", "seconds", [](const RunFigures& run) {
    std::vector<double> seconds;
    for (const SearchFigures& search : run.searches) seconds.push_back(search.validate_seconds);
    const bool validated = std::any_of(seconds.begin(), seconds.end(), [](double value) { return value > 0; });
    return validated ? std::optional(std::move(seconds)) : std::nullopt;
  });
  if (chart.categories.empty()) {
    return absent("fig-validation", heading, "no validation times: no run validated its searches (--skip-validation)");
  }
  Figure figure{"fig-validation",
                heading,
                "The seconds each BFS search's validation took, in root order, one line per run that validated. "
                "Searches validated together in one pass over the edges (docs/VALIDATION.md) each count their "
                "own tree walk and an equal share of the pass; the passes are listed below.",
                {std::move(chart)},
                validation_pass_notes(runs)};
  return {figure.id, heading, std::move(figure), ""};
}

FigureOutcome budget_figure(const std::vector<RunFigures>& runs) {
  const std::string heading = "TEPS against DRAM budget";
  const auto budgeted = std::count_if(runs.begin(), runs.end(), [](const RunFigures& run) {
    return run.dram_budget_bytes > 0 && run.harmonic_mean_teps;
  });
  if (runs.size() < 2 || budgeted == 0) {
    return absent("fig-budget", heading,
                  "no TEPS against DRAM budget: it needs two or more runs, one at least under --dram-budget (given: " +
                      std::to_string(runs.size()) + " run(s), " + std::to_string(budgeted) + " with a budget)");
  }
  const std::vector<std::int64_t> budgets = budget_categories(runs);
  ChartSpec chart = wide_chart("Harmonic mean TEPS against DRAM budget", "DRAM budget", "harmonic mean TEPS",
                               ChartKind::kGroupedBars);
  chart.series = budget_series(runs, budgets);
  for (const std::int64_t budget : budgets) chart.categories.push_back(budget > 0 ? format_bytes(budget) : "in DRAM");
  Figure figure{"fig-budget",
                heading,
                "The harmonic mean TEPS of each run against its --dram-budget (per rank under mpirun); runs without "
                "a budget are 'in DRAM'. One bar per run, a colour per graph.",
                {std::move(chart)},
                {}};
  for (std::size_t index = 0; index < runs.size(); ++index) {
    if (runs[index].dram_budget_bytes > 0 && !runs[index].lists_on_disk) {
      figure.notes.push_back(run_label(runs, index) +
                             ": its budget held every list in DRAM, nothing was read from disk");
    }
  }
  return {figure.id, heading, std::move(figure), ""};
}

}  // namespace semibfs
