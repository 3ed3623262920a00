#include "report/level_figures.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace semibfs {
namespace {

constexpr const char* kTopDownColor = "#4e79a7";
constexpr const char* kBottomUpColor = "#f28e2b";
constexpr int kNarrowChart = 390;  // three I/O charts side by side

// What one chart of one run shows; empty when the run has nothing for it (then `note` says why).
struct RunCharts {
  std::vector<ChartSpec> charts;
  std::string note;
};

// "#2 b21.json, search 17 of 64 (root 4242), the median TEPS".
std::string median_search_title(const std::vector<RunFigures>& runs, std::size_t index) {
  const RunFigures& run = runs[index];
  const std::size_t search = median_teps_search(run);
  return run_label(runs, index) + ", search " + std::to_string(search + 1) + " of " +
         std::to_string(run.searches.size()) + " (root " + std::to_string(run.searches[search].root) + ")";
}

std::vector<std::string> level_categories(const std::vector<LevelFigures>& levels) {
  std::vector<std::string> categories;
  for (const LevelFigures& level : levels) categories.push_back(std::to_string(level.level));
  return categories;
}

// A chart over the levels of one search.
ChartSpec level_chart(const std::string& title, const std::string& y_title, const std::vector<LevelFigures>& levels,
                      ChartKind kind, ValueUnit unit) {
  ChartSpec chart;
  chart.title = title;
  chart.x_title = "BFS level";
  chart.y_title = y_title;
  chart.categories = level_categories(levels);
  chart.kind = kind;
  chart.unit = unit;
  return chart;
}

std::vector<double> per_level(const std::vector<LevelFigures>& levels,
                              const std::function<double(const LevelFigures&)>& value) {
  std::vector<double> values;
  for (const LevelFigures& level : levels) values.push_back(value(level));
  return values;
}

// Runs every run through `chart_of`; the figure is absent when no run gave a chart.
FigureOutcome per_run_figure(const std::vector<RunFigures>& runs, Figure figure, const std::string& absent_because,
                             const std::function<RunCharts(std::size_t)>& chart_of) {
  for (std::size_t index = 0; index < runs.size(); ++index) {
    RunCharts charts = runs[index].searches.empty() ? RunCharts{{}, "no searches"} : chart_of(index);
    if (!charts.note.empty()) figure.notes.push_back(run_label(runs, index) + ": " + charts.note);
    for (ChartSpec& chart : charts.charts) figure.charts.push_back(std::move(chart));
  }
  if (figure.charts.empty()) return {figure.id, figure.heading, std::nullopt, absent_because};
  return {figure.id, figure.heading, std::move(figure), ""};
}

RunCharts level_time_chart(const std::vector<RunFigures>& runs, std::size_t index) {
  std::int64_t deepest = 0;
  for (const SearchFigures& search : runs[index].searches) {
    for (const LevelFigures& level : search.levels) deepest = std::max(deepest, level.level);
  }
  ChartSpec chart;
  chart.title = run_label(runs, index) + ": " + runs[index].description;
  chart.x_title = "BFS level";
  chart.y_title = "seconds, summed over " + std::to_string(runs[index].searches.size()) + " searches";
  chart.kind = ChartKind::kStackedBars;
  chart.unit = ValueUnit::kSeconds;
  ChartSeries top_down{"top-down", std::vector<double>(deepest, 0.0), kTopDownColor};
  ChartSeries bottom_up{"bottom-up", std::vector<double>(deepest, 0.0), kBottomUpColor};
  for (const SearchFigures& search : runs[index].searches) {
    for (const LevelFigures& level : search.levels) {
      if (level.level < 1 || !std::isfinite(level.seconds)) continue;
      (level.bottom_up ? bottom_up : top_down).values[level.level - 1] += level.seconds;
    }
  }
  for (std::int64_t level = 1; level <= deepest; ++level) chart.categories.push_back(std::to_string(level));
  chart.series = {std::move(top_down), std::move(bottom_up)};
  if (deepest == 0) return {{}, "no levels in its searches"};
  return {{std::move(chart)}, ""};
}

RunCharts frontier_chart(const std::vector<RunFigures>& runs, std::size_t index) {
  const SearchFigures& search = runs[index].searches[median_teps_search(runs[index])];
  if (search.levels.empty()) return {{}, "no levels in its median search"};
  ChartSpec chart = level_chart(median_search_title(runs, index), "frontier size", search.levels, ChartKind::kLines,
                                ValueUnit::kCount);
  chart.scale = ScaleChoice::kLogarithmic;
  chart.series = {
      {"frontier vertices", per_level(search.levels, [](const LevelFigures& l) { return l.frontier_vertices; }), ""},
      {"frontier edges", per_level(search.levels, [](const LevelFigures& l) { return l.frontier_edges; }), ""}};
  return {{std::move(chart)}, ""};
}

double read_figure(const LevelFigures& level, double LevelReads::*field, double none) {
  return level.reads ? (*level.reads).*field : none;
}

RunCharts io_charts(const std::vector<RunFigures>& runs, std::size_t index) {
  const SearchFigures& search = runs[index].searches[median_teps_search(runs[index])];
  const bool read = std::any_of(search.levels.begin(), search.levels.end(),
                                [](const LevelFigures& l) { return l.reads.has_value(); });
  if (!read)
    return {{},
            runs[index].lists_on_disk ? "its median search read nothing from disk"
                                      : "every list in DRAM, nothing read from disk"};
  const std::string title = median_search_title(runs, index);
  const auto chart = [&](const std::string& subtitle, const std::string& y_title, ChartKind kind, ValueUnit unit) {
    ChartSpec spec = level_chart(title + ": " + subtitle, y_title, search.levels, kind, unit);
    spec.width = kNarrowChart;
    return spec;
  };
  ChartSpec bytes = chart("bytes", "bytes read", ChartKind::kGroupedBars, ValueUnit::kBytes);
  bytes.series = {
      {"bytes", per_level(search.levels, [](const LevelFigures& l) { return read_figure(l, &LevelReads::bytes, 0); }),
       ""}};
  ChartSpec requests = chart("requests", "read requests", ChartKind::kGroupedBars, ValueUnit::kWhole);
  requests.series = {
      {"requests",
       per_level(search.levels, [](const LevelFigures& l) { return read_figure(l, &LevelReads::requests, 0); }),
       "#59a14f"}};
  ChartSpec latency = chart("latency", "read latency", ChartKind::kLines, ValueUnit::kSeconds);
  const std::pair<const char*, double LevelReads::*> percentiles[] = {{"p50", &LevelReads::latency_p50_seconds},
                                                                      {"p90", &LevelReads::latency_p90_seconds},
                                                                      {"p99", &LevelReads::latency_p99_seconds},
                                                                      {"max", &LevelReads::latency_max_seconds}};
  for (const auto& percentile : percentiles) {
    // Not a structured binding: clang 14 (make tsan, make fuzz) cannot capture one.
    double LevelReads::*const field = percentile.second;
    latency.series.push_back(
        {percentile.first,
         per_level(search.levels, [field](const LevelFigures& l) { return read_figure(l, field, NAN); }), ""});
  }
  return {{std::move(bytes), std::move(requests), std::move(latency)}, ""};
}

// The kinds of exchange in the levels, in the order they first appear.
std::vector<std::string> traffic_kinds(const std::vector<LevelFigures>& levels) {
  std::vector<std::string> kinds;
  for (const LevelFigures& level : levels) {
    for (const LevelTraffic& traffic : level.traffic.value_or(std::vector<LevelTraffic>{})) {
      if (std::find(kinds.begin(), kinds.end(), traffic.kind) == kinds.end()) kinds.push_back(traffic.kind);
    }
  }
  return kinds;
}

double traffic_figure(const LevelFigures& level, const std::string& kind, double LevelTraffic::*field) {
  for (const LevelTraffic& traffic : level.traffic.value_or(std::vector<LevelTraffic>{})) {
    if (traffic.kind == kind) return traffic.*field;
  }
  return 0;
}

RunCharts communication_charts(const std::vector<RunFigures>& runs, std::size_t index) {
  const SearchFigures& search = runs[index].searches[median_teps_search(runs[index])];
  const std::vector<std::string> kinds = traffic_kinds(search.levels);
  if (kinds.empty())
    return {{},
            runs[index].mpi_processes > 1 ? "no traffic recorded per level" : "one process, no traffic between ranks"};
  const std::string title = median_search_title(runs, index);
  const auto chart = [&](const std::string& subtitle, const std::string& y_title, ValueUnit unit,
                         double LevelTraffic::*field) {
    ChartSpec spec = level_chart(title + ": " + subtitle, y_title, search.levels, ChartKind::kStackedBars, unit);
    for (const std::string& kind : kinds) {
      spec.series.push_back(
          {kind, per_level(search.levels, [&](const LevelFigures& l) { return traffic_figure(l, kind, field); }), ""});
    }
    return spec;
  };
  return {{chart("bytes", "bytes sent, all ranks", ValueUnit::kBytes, &LevelTraffic::bytes),
           chart("messages", "messages, all ranks", ValueUnit::kWhole, &LevelTraffic::messages)},
          ""};
}

// "#2 b21.json, SSSP search 3 of 8 (root 4242)": the median SSSP TEPS one.
std::string median_sssp_search_title(const std::vector<RunFigures>& runs, std::size_t index, std::size_t search) {
  const std::vector<SearchFigures>& searches = runs[index].sssp->searches;
  return run_label(runs, index) + ", SSSP search " + std::to_string(search + 1) + " of " +
         std::to_string(searches.size()) + " (root " + std::to_string(searches[search].root) + ")";
}

std::vector<double> per_phase(const std::vector<BucketPhaseFigures>& phases,
                              const std::function<double(const BucketPhaseFigures&)>& value) {
  std::vector<double> values;
  for (const BucketPhaseFigures& phase : phases) values.push_back(value(phase));
  return values;
}

ChartSpec phase_chart(const std::string& title, const std::string& y_title,
                      const std::vector<BucketPhaseFigures>& phases, ChartKind kind, ValueUnit unit) {
  ChartSpec chart;
  chart.title = title;
  chart.x_title = "bucket phase (bucket emptied)";
  chart.y_title = y_title;
  for (const BucketPhaseFigures& phase : phases) chart.categories.push_back(std::to_string(phase.bucket));
  chart.kind = kind;
  chart.unit = unit;
  return chart;
}

RunCharts sssp_phase_charts(const std::vector<RunFigures>& runs, std::size_t index) {
  const RunFigures& run = runs[index];
  if (!run.sssp || run.sssp->searches.empty()) return {{}, "no SSSP searches (run without --sssp)"};
  const std::size_t median = median_teps_search(run.sssp->searches);
  const SearchFigures& search = run.sssp->searches[median];
  if (!search.has_bucket_phases) return {{}, "no bucket phases in its report (written before they were)"};
  if (search.bucket_phases.empty()) return {{}, "its median SSSP search emptied no bucket"};
  const std::string title = median_sssp_search_title(runs, index, median);
  const std::vector<BucketPhaseFigures>& phases = search.bucket_phases;
  ChartSpec edges =
      phase_chart(title + ": edges relaxed", "edges relaxed", phases, ChartKind::kStackedBars, ValueUnit::kWhole);
  edges.series = {
      {"light", per_phase(phases, [](const BucketPhaseFigures& p) { return p.light_edges; }), kTopDownColor},
      {"heavy", per_phase(phases, [](const BucketPhaseFigures& p) { return p.heavy_edges; }), kBottomUpColor}};
  RunCharts charts{{std::move(edges)}, ""};
  if (run.dram_budget_bytes > 0) {
    ChartSpec bytes =
        phase_chart(title + ": bytes read", "bytes read", phases, ChartKind::kGroupedBars, ValueUnit::kBytes);
    bytes.series = {{"bytes", per_phase(phases, [](const BucketPhaseFigures& p) { return p.bytes_read; }), "#59a14f"}};
    charts.charts.push_back(std::move(bytes));
  }
  return charts;
}

}  // namespace

FigureOutcome level_time_figure(const std::vector<RunFigures>& runs) {
  Figure figure{"fig-level-time",
                "Time per level by direction",
                "Seconds spent at each BFS level, summed over every search of the run, stacked by the direction the "
                "searches took there: top-down (expanding the frontier) or bottom-up (unvisited vertices looking for a "
                "parent).",
                {},
                {}};
  return per_run_figure(runs, std::move(figure), "no time per level: no run holds a level",
                        [&](std::size_t index) { return level_time_chart(runs, index); });
}

FigureOutcome frontier_figure(const std::vector<RunFigures>& runs) {
  Figure figure{"fig-frontier",
                "Frontier per level",
                "Frontier vertices and frontier edges (the sum of their degrees) at each level of the run's search "
                "with the median TEPS, on a log scale.",
                {},
                {}};
  return per_run_figure(runs, std::move(figure), "no frontier per level: no run holds a level",
                        [&](std::size_t index) { return frontier_chart(runs, index); });
}

FigureOutcome io_figure(const std::vector<RunFigures>& runs) {
  Figure figure{
      "fig-io",
      "Reads from disk per level",
      "Reads of list tails from the store at each level of the run's median-TEPS search: bytes asked, "
      "requests, and the latency percentiles of the requests (p50, p90, p99, max). Levels without a read have "
      "no latency point.",
      {},
      {}};
  return per_run_figure(runs, std::move(figure),
                        "no reads from disk per level: no run read lists from disk in its median search (runs in "
                        "DRAM, or under a budget that held every list)",
                        [&](std::size_t index) { return io_charts(runs, index); });
}

FigureOutcome communication_figure(const std::vector<RunFigures>& runs) {
  Figure figure{"fig-communication",
                "Communication per level",
                "Traffic between MPI ranks at each level of the run's median-TEPS search, summed over the ranks and "
                "stacked by kind of exchange (bitmap and summary allgathers, top-down pairs, control, cache requests): "
                "bytes sent and messages.",
                {},
                {}};
  return per_run_figure(runs, std::move(figure), "no communication per level: no run ran across MPI ranks",
                        [&](std::size_t index) { return communication_charts(runs, index); });
}

FigureOutcome sssp_phase_figure(const std::vector<RunFigures>& runs) {
  Figure figure{"fig-sssp-phases",
                "SSSP bucket phases",
                "Edges relaxed in each bucket phase of delta-stepping (one phase per bucket emptied, in that order), "
                "stacked light (lighter than delta) and heavy, of the run's SSSP search with the median SSSP TEPS; "
                "beside it, for runs with a DRAM budget, the bytes of list tails and their weights read from the "
                "store in each phase.",
                {},
                {}};
  return per_run_figure(runs, std::move(figure),
                        "no bucket phases: no run searched shortest paths (run --sssp) with a report that holds them",
                        [&](std::size_t index) { return sssp_phase_charts(runs, index); });
}

}  // namespace semibfs
