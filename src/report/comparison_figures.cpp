#include "report/comparison_figures.hpp"

#include <algorithm>
#include <cmath>

#include "core/byte_size.hpp"

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

// One line per run with searches of the kind `searches_of` picks (a run with none gets none), a point
// per search in root order; no categories when no run has any.
template <typename Searches>
ChartSpec per_search_teps_chart(const std::vector<RunFigures>& runs, const std::string& title, Searches searches_of) {
  ChartSpec chart = wide_chart(title, "search (in root order)", "TEPS", ChartKind::kLines);
  std::size_t most = 0;
  for (std::size_t index = 0; index < runs.size(); ++index) {
    const std::vector<SearchFigures>* searches = searches_of(runs[index]);
    if (searches == nullptr) continue;
    ChartSeries series{run_label(runs, index) + ": " + runs[index].description, {}, ""};
    for (const SearchFigures& search : *searches) series.values.push_back(search.teps);
    most = std::max(most, series.values.size());
    chart.series.push_back(std::move(series));
  }
  for (std::size_t search = 1; search <= most; ++search) chart.categories.push_back(std::to_string(search));
  return chart;
}

}  // namespace

FigureOutcome teps_figure(const std::vector<RunFigures>& runs) {
  const std::string heading = "TEPS of every search";
  ChartSpec chart = per_search_teps_chart(runs, "TEPS per search", [](const RunFigures& run) { return &run.searches; });
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
  ChartSpec chart = per_search_teps_chart(runs, "SSSP TEPS per search", [](const RunFigures& run) {
    return run.sssp ? &run.sssp->searches : nullptr;
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
