#include "report/html_report.hpp"

#include "report/figure.hpp"
#include "report/markup.hpp"
#include "report/svg_chart.hpp"

namespace semibfs {
namespace {

// Adjacent string literals, not a raw string: the function length check reads no raw strings.
constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:24px;color:#222;background:#fafafa;max-width:1240px}"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ccc}"
    "h3{font-size:15px;margin:0 0 6px}h4{font-size:12px;margin:8px 0 2px;color:#555;text-transform:uppercase}"
    ".run{background:#fff;border:1px solid #ddd;border-radius:4px;padding:10px 14px;margin:10px 0}"
    "dl.settings{columns:4 260px;column-gap:24px;margin:0;font-size:12px}"
    "dl.settings div{break-inside:avoid;display:flex;gap:6px;padding:1px 0}"
    "dl.settings dt{color:#666;flex:0 0 auto}dl.settings dd{margin:0;overflow-wrap:anywhere}"
    "figure{background:#fff;border:1px solid #ddd;border-radius:4px;margin:14px 0;padding:10px 14px}"
    ".charts{display:flex;flex-wrap:wrap;gap:8px}svg.chart{background:#fff}"
    "figcaption{font-size:13px;color:#333;margin-top:6px;max-width:1180px}"
    "ul.notes{font-size:12px;color:#555;margin:6px 0 0;padding-left:18px}"
    "p.command{font-size:12px;margin:4px 0;overflow-wrap:anywhere}"
    "p.absent{font-size:13px;color:#555;background:#fff;border:1px dashed #bbb;padding:8px 14px;margin:10px 0}";

std::string settings_list(const std::string& heading, const std::vector<Setting>& settings) {
  std::string out = "<h4>" + escape_markup(heading) + "</h4>\n<dl class=\"settings\">\n";
  for (const auto& [name, value] : settings) {
    out += "<div><dt>" + escape_markup(name) + "</dt><dd>" + escape_markup(value) + "</dd></div>\n";
  }
  return out + "</dl>\n";
}

std::string run_header(const std::vector<RunFigures>& runs, std::size_t index) {
  const RunFigures& run = runs[index];
  std::string out = "<article class=\"run\" id=\"run-" + std::to_string(index + 1) + "\">\n<h3>" +
                    escape_markup(run_label(runs, index) + ": " + run.description) + "</h3>\n";
  if (!run.command_line.empty())
    out += "<p class=\"command\"><code>" + escape_markup(run.command_line) + "</code></p>\n";
  if (!run.program_version.empty())
    out += "<p class=\"version\">semibfs " + escape_markup(run.program_version) + "</p>\n";
  out += settings_list("Results", run.results);
  out += settings_list("Options", run.options);
  out += settings_list("Machine", run.machine);
  return out + "</article>\n";
}

std::string figure_element(const Figure& figure, int number) {
  std::string out = "<figure id=\"" + escape_markup(figure.id) + "\">\n<div class=\"charts\">\n";
  for (const ChartSpec& chart : figure.charts) out += render_svg_chart(chart);
  out += "</div>\n";
  if (!figure.notes.empty()) {
    out += "<ul class=\"notes\">\n";
    for (const std::string& note : figure.notes) out += "<li>" + escape_markup(note) + "</li>\n";
    out += "</ul>\n";
  }
  out += "<figcaption><strong>Figure " + std::to_string(number) + ". " + escape_markup(figure.heading) + ".</strong> " +
         escape_markup(figure.caption) + "</figcaption>\n";
  return out + "</figure>\n";
}

std::string absent_figure(const FigureOutcome& outcome) {
  return "<p class=\"absent\" id=\"" + escape_markup(outcome.id) +
         "-absent\">Left out: " + escape_markup(outcome.absent_because) + ".</p>\n";
}

std::string page_head(const std::vector<RunFigures>& runs) {
  const std::string title = "semibfs report: " + std::to_string(runs.size()) + (runs.size() == 1 ? " run" : " runs");
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape_markup(title) +
         "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" + escape_markup(title) + "</h1>\n";
}

}  // namespace

std::string render_html_report(const std::vector<RunFigures>& runs) {
  std::string out = page_head(runs);
  out +=
      "<p>Figures of the JSON reports of <code>semibfs run</code> and <code>semibfs bfs --roots</code> "
      "(<code>--json FILE</code>), one header per run below.</p>\n<h2>Runs</h2>\n";
  for (std::size_t index = 0; index < runs.size(); ++index) out += run_header(runs, index);
  out += "<h2>Figures</h2>\n";
  int number = 0;
  for (const FigureOutcome& outcome : report_figures(runs)) {
    out += outcome.figure ? figure_element(*outcome.figure, ++number) : absent_figure(outcome);
  }
  return out + "</body>\n</html>\n";
}

}  // namespace semibfs
