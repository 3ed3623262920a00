// `semibfs report RUN.json... -o FILE`: the figures of runs' JSON reports in one self-contained
// HTML page (report/html_report.hpp), written under a temporary name and renamed.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/option_table.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "report/html_report.hpp"
#include "session/output_paths.hpp"
#include "report/run_figures.hpp"

namespace semibfs::cli {
namespace {

struct ReportRequest {
  std::vector<std::string> runs;
  std::string output;
  bool help = false;
};

OptionTable report_options(ReportRequest& request) {
  OptionTable table(
      {"report RUN.json... -o FILE"},
      "Draws the figures of the JSON reports written by 'semibfs run --json' and 'semibfs bfs --roots N "
      "--json' into one HTML file that needs nothing else (inline SVG, no script, no network): every "
      "search's TEPS; TEPS against the DRAM budget across runs; time per level by direction; the frontier "
      "per level; reads from disk per level for runs under --dram-budget; traffic per level for runs "
      "under mpirun. A figure no given run has data for is left out with a line saying why.");
  table.positionals("RUN.json", "a run's JSON report; several runs are drawn side by side, in the order given",
                    [&request](const std::string& value) { request.runs.push_back(value); });
  table.value(
      "--output", "FILE", "the HTML file, '-' for stdout; written to a temporary name, then renamed",
      [&request](const std::string& value) { request.output = value; }, "-o");
  return table;
}

ReportRequest parse_report(Arguments& arguments) {
  ReportRequest request;
  if (!report_options(request).parse(arguments)) {
    request.help = true;
    return request;
  }
  if (request.runs.empty()) throw UsageError("give at least one RUN.json");
  if (request.output.empty()) throw UsageError("-o FILE is required ('-' for stdout)");
  std::vector<NamedPath> inputs;
  for (const std::string& run : request.runs) inputs.push_back({"RUN.json", run});
  check_outputs({{"-o", request.output}}, inputs);
  return request;
}

}  // namespace

int report_command(Arguments& arguments) {
  const ReportRequest request = parse_report(arguments);
  if (request.help) {
    ReportRequest unused;
    std::fputs(report_options(unused).help().c_str(), stdout);
    return 0;
  }
  std::vector<RunFigures> runs;
  for (const std::string& path : request.runs) runs.push_back(read_run_figures(path));
  write_output(request.output, render_html_report(runs));
  return 0;
}

}  // namespace semibfs::cli
