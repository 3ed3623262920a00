// `semibfs report` end to end on real runs: a run in DRAM, two under DRAM budgets (one at the
// stated minimum, reading lists from disk) and, where MPI is built, one across 2 ranks. The page
// must be well formed, self-contained, hold every figure the runs have data for (and a line for
// each they do not), label every chart, and draw one mark per search or level of the JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <numeric>
#include <regex>
#include <string>
#include <vector>

#include "report/json_reader.hpp"
#include "support/command_runner.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using testing::write_text;

// One element of the page: its tag, its attribute text, and where its content lies.
struct Element {
  std::string name;
  std::string attributes;
  std::size_t content_begin = 0;
  std::size_t content_end = 0;
};

bool is_void(const std::string& name) { return name == "meta" || name == "br" || name == "hr" || name == "link"; }

// Every element of `html` in document order; `problem` says where the tags do not balance.
std::vector<Element> elements_of(const std::string& html, std::string& problem) {
  std::vector<Element> elements;
  std::vector<std::size_t> open;
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    const std::size_t end = html.find('>', at);
    if (end == std::string::npos) return problem = "a tag without '>' at " + std::to_string(at), elements;
    const std::string tag = html.substr(at + 1, end - at - 1);
    if (tag.starts_with("!")) continue;  // <!DOCTYPE html>
    if (tag.starts_with("/")) {
      if (open.empty() || elements[open.back()].name != tag.substr(1)) {
        return problem = "</" + tag.substr(1) + "> at " + std::to_string(at) + " closes nothing open", elements;
      }
      elements[open.back()].content_end = at;
      open.pop_back();
      continue;
    }
    const std::string name = tag.substr(0, tag.find_first_of(" /"));
    elements.push_back({name, tag.substr(name.size()), end + 1, end + 1});
    if (!tag.ends_with("/") && !is_void(name)) open.push_back(elements.size() - 1);
  }
  if (!open.empty()) problem = "<" + elements[open.back()].name + "> is never closed";
  return elements;
}

std::string attribute(const Element& element, const std::string& name) {
  std::smatch match;
  const std::regex pattern("\\s" + name + "=\"([^\"]*)\"");
  return std::regex_search(element.attributes, match, pattern) ? match[1].str() : "";
}

// The elements inside `outer` named `name` ("" for any).
std::vector<const Element*> inside(const std::vector<Element>& elements, const Element& outer,
                                   const std::string& name) {
  std::vector<const Element*> found;
  for (const Element& element : elements) {
    const bool within = element.content_begin > outer.content_begin && element.content_begin <= outer.content_end;
    if (within && (name.empty() || element.name == name)) found.push_back(&element);
  }
  return found;
}

// What the JSON of a run says the charts must show.
struct RunShape {
  std::size_t searches = 0;
  std::size_t deepest = 0;  // the most levels of a search
  std::vector<const JsonValue*> median_levels;
};

RunShape shape_of(const JsonValue& run) {
  RunShape shape;
  const JsonValue::Array& roots = run.find("roots")->as_array();
  shape.searches = roots.size();
  std::vector<std::size_t> order(roots.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return roots[a].find("teps")->as_number() < roots[b].find("teps")->as_number();
  });
  for (const JsonValue& root : roots) shape.deepest = std::max(shape.deepest, root.find("levels")->as_array().size());
  for (const JsonValue& level : roots[order[(order.size() - 1) / 2]].find("levels")->as_array()) {
    shape.median_levels.push_back(&level);
  }
  return shape;
}

// Marks of each series in `svg`: series index -> count.
std::map<int, std::size_t> marks_of(const std::vector<Element>& elements, const Element& svg) {
  std::map<int, std::size_t> marks;
  for (const Element* element : inside(elements, svg, "")) {
    if (attribute(*element, "class") == "mark") ++marks[std::stoi(attribute(*element, "data-series"))];
  }
  return marks;
}

const Element* figure(const std::vector<Element>& elements, const std::string& id) {
  for (const Element& element : elements) {
    if (element.name == "figure" && attribute(element, "id") == id) return &element;
  }
  return nullptr;
}

bool log_scale(const std::string& html, const Element& svg) {
  const std::size_t title = html.find("(log scale)</text>", svg.content_begin);
  return title != std::string::npos && title < svg.content_end;
}

std::size_t levels_where(const RunShape& shape, bool (*keep)(const JsonValue& level)) {
  return static_cast<std::size_t>(std::count_if(shape.median_levels.begin(), shape.median_levels.end(),
                                                [&](const JsonValue* level) { return keep(*level); }));
}

// fig-io: three charts (bytes, requests, latency) per run that read lists in its median search,
// a bar per level (levels without reads have none on a log scale), a latency point per level read.
void check_reads_figure(const std::string& html, const std::vector<Element>& elements,
                        const std::vector<JsonValue>& runs) {
  const Element* reads = figure(elements, "fig-io");
  ASSERT_NE(reads, nullptr);
  const std::vector<const Element*> charts = inside(elements, *reads, "svg");
  std::size_t chart = 0, runs_read = 0;
  for (const JsonValue& run : runs) {
    const RunShape shape = shape_of(run);
    const std::size_t levels_read = levels_where(shape, [](const JsonValue& l) { return l.find("io") != nullptr; });
    if (levels_read == 0) continue;
    ++runs_read;
    ASSERT_LE(chart + 3, charts.size());
    for (int quantity = 0; quantity < 2; ++quantity, ++chart) {
      const std::size_t expected = log_scale(html, *charts[chart]) ? levels_read : shape.median_levels.size();
      EXPECT_EQ(marks_of(elements, *charts[chart]).at(0), expected) << "chart " << chart;
    }
    for (const auto& [series, count] : marks_of(elements, *charts[chart++])) EXPECT_EQ(count, levels_read) << series;
  }
  EXPECT_GE(runs_read, 1u);  // the run at the stated minimum reads
  EXPECT_EQ(chart, charts.size());
  EXPECT_EQ(inside(elements, *reads, "li").size(), runs.size() - runs_read);  // a line for each other run
}

// fig-communication: bytes and messages stacked by kind, a bar per level of the median search.
void check_communication_figure(const std::vector<Element>& elements, const JsonValue& mpi_run) {
  const Element* communication = figure(elements, "fig-communication");
  ASSERT_NE(communication, nullptr);
  const std::vector<const Element*> charts = inside(elements, *communication, "svg");
  ASSERT_EQ(charts.size(), 2u);
  const RunShape shape = shape_of(mpi_run);
  for (const Element* chart : charts) {
    const std::map<int, std::size_t> marks = marks_of(elements, *chart);
    EXPECT_FALSE(marks.empty());
    for (const auto& [series, count] : marks) EXPECT_EQ(count, shape.median_levels.size()) << series;
  }
}

class ReportCliTest : public testing::CommandTest {
 protected:
  std::string path(const std::string& name) const { return (directory_ / name).string(); }

  void make_run(const std::string& arguments, const std::string& name, const std::string& launcher = "") {
    const CommandResult result = run(arguments + " --json " + path(name), launcher);
    ASSERT_EQ(result.exit_code, 0) << arguments << "\n" << result.err;
  }
};

// The page has no reference outside itself: no script, no link, no address but the SVG namespace.
void expect_self_contained(const std::string& html) {
  std::string rest = html;
  for (std::size_t at; (at = rest.find("http://www.w3.org/2000/svg")) != std::string::npos;) rest.erase(at, 26);
  EXPECT_EQ(rest.find("http://"), std::string::npos);
  EXPECT_EQ(rest.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
}

// Every chart has a title and two axis titles with text; every figure a caption.
void expect_labelled(const std::string& html, const std::vector<Element>& elements) {
  std::size_t charts = 0;
  for (const Element& element : elements) {
    if (element.name == "figure") {
      EXPECT_EQ(inside(elements, element, "figcaption").size(), 1u) << attribute(element, "id");
    }
    if (element.name != "svg") continue;
    ++charts;
    const std::vector<const Element*> titles = inside(elements, element, "title");
    ASSERT_FALSE(titles.empty());
    EXPECT_GT(titles.front()->content_end, titles.front()->content_begin);  // the chart's own title first
    std::size_t axis_titles = 0;
    for (const Element* text : inside(elements, element, "text")) {
      if (attribute(*text, "class") != "axis-title") continue;
      ++axis_titles;
      EXPECT_GT(text->content_end, text->content_begin) << html.substr(text->content_begin, 80);
    }
    EXPECT_EQ(axis_titles, 2u) << html.substr(titles.front()->content_begin, 80);
  }
  EXPECT_GT(charts, 0u);
}

TEST_F(ReportCliTest, DrawsEveryFigureOfRealRunsWithAMarkPerSearchAndLevel) {
  const std::string store = path("store");
  std::filesystem::create_directories(store);
  make_run("run --scale 10 --roots 4", "dram.json");
  const std::string minimum = stated_minimum_budget("run --scale 12 --roots 4 --store " + store);
  ASSERT_FALSE(minimum.empty());
  make_run("run --scale 12 --roots 4 --store " + store + minimum, "tight.json");
  make_run("run --scale 12 --roots 4 --store " + store + " --reuse --dram-budget 64MiB", "roomy.json");
  std::vector<std::string> names = {"dram.json", "tight.json", "roomy.json"};
#ifdef SEMIBFS_HAVE_MPI
  make_run("run --scale 10 --roots 4", "mpi.json",
           std::string(SEMIBFS_MPIEXEC) + " --oversubscribe --allow-run-as-root -x ASAN_OPTIONS=detect_leaks=0 -np 2 ");
  names.push_back("mpi.json");
#endif
  std::string arguments = "report";
  std::vector<JsonValue> runs;
  for (const std::string& name : names) {
    arguments += " " + path(name);
    runs.push_back(read_json(read_text(path(name)), name));
  }
  const CommandResult result = run(arguments + " -o " + path("report.html"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const std::string html = read_text(path("report.html"));
  std::string problem;
  const std::vector<Element> elements = elements_of(html, problem);
  ASSERT_EQ(problem, "");
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n"));
  expect_self_contained(html);
  expect_labelled(html, elements);
  // Each run's command line under its heading, as the JSON recorded it (the test runs the binary).
  for (const JsonValue& run_json : runs) {
    const JsonValue* words = run_json.find("command_line");
    ASSERT_NE(words, nullptr);
    ASSERT_GE(words->as_array().size(), 2u);
    EXPECT_TRUE(words->as_array()[0].as_string().ends_with("semibfs"));
    EXPECT_EQ(words->as_array()[1].as_string(), "run");
  }
  EXPECT_NE(html.find("<p class=\"command\"><code>"), std::string::npos);
  // The version of the semibfs that wrote each report, as `semibfs --version` prints it.
  const std::string version = version_of_program();
  for (const JsonValue& run_json : runs) {
    ASSERT_NE(run_json.find("program_version"), nullptr);
    EXPECT_EQ(run_json.find("program_version")->as_string(), version);
  }
  EXPECT_NE(html.find("<p class=\"version\">semibfs " + version + "</p>"), std::string::npos);
  EXPECT_NE(html.find(" run --scale 12 --roots 4 --store "), std::string::npos);

  // Figure 1: a line per run, a point per search.
  const Element* teps = figure(elements, "fig-teps");
  ASSERT_NE(teps, nullptr);
  ASSERT_EQ(inside(elements, *teps, "svg").size(), 1u);
  const std::map<int, std::size_t> teps_marks = marks_of(elements, *inside(elements, *teps, "svg")[0]);
  for (std::size_t index = 0; index < runs.size(); ++index) {
    EXPECT_EQ(teps_marks.at(static_cast<int>(index)), shape_of(runs[index]).searches) << names[index];
  }
  // Figure 2: a bar per run.
  const Element* budget = figure(elements, "fig-budget");
  ASSERT_NE(budget, nullptr);
  std::size_t budget_bars = 0;
  for (const auto& [series, count] : marks_of(elements, *inside(elements, *budget, "svg")[0])) budget_bars += count;
  EXPECT_EQ(budget_bars, runs.size());
  // Per-level figures: a chart per run, a mark per level (both directions stacked at every level).
  const Element* level_time = figure(elements, "fig-level-time");
  const Element* frontier = figure(elements, "fig-frontier");
  ASSERT_NE(level_time, nullptr);
  ASSERT_NE(frontier, nullptr);
  ASSERT_EQ(inside(elements, *level_time, "svg").size(), runs.size());
  ASSERT_EQ(inside(elements, *frontier, "svg").size(), runs.size());
  for (std::size_t index = 0; index < runs.size(); ++index) {
    const RunShape shape = shape_of(runs[index]);
    const std::map<int, std::size_t> time_marks = marks_of(elements, *inside(elements, *level_time, "svg")[index]);
    EXPECT_EQ(time_marks.at(0), shape.deepest) << names[index];
    EXPECT_EQ(time_marks.at(1), shape.deepest) << names[index];
    const std::map<int, std::size_t> frontier_marks = marks_of(elements, *inside(elements, *frontier, "svg")[index]);
    EXPECT_EQ(frontier_marks.at(0), shape.median_levels.size()) << names[index];
    EXPECT_EQ(frontier_marks.at(1), shape.median_levels.size()) << names[index];
  }
  check_reads_figure(html, elements, runs);
#ifdef SEMIBFS_HAVE_MPI
  check_communication_figure(elements, runs.back());
#else
  EXPECT_NE(html.find("id=\"fig-communication-absent\""), std::string::npos);
#endif
}

// A run in DRAM alone: the figures across runs, of reads and of traffic are each one line saying why
// they are left out, not empty charts.
TEST_F(ReportCliTest, LeavesOutWhatNoRunHasWithALine) {
  make_run("run --scale 8 --roots 2", "dram.json");
  const CommandResult result = run("report " + path("dram.json") + " -o " + path("report.html"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = read_text(path("report.html"));
  std::string problem;
  const std::vector<Element> elements = elements_of(html, problem);
  ASSERT_EQ(problem, "");
  expect_self_contained(html);
  expect_labelled(html, elements);
  for (const char* present : {"fig-teps", "fig-level-time", "fig-frontier"}) {
    EXPECT_NE(figure(elements, present), nullptr) << present;
  }
  for (const char* absent : {"fig-sssp-teps", "fig-budget", "fig-io", "fig-communication"}) {
    EXPECT_EQ(figure(elements, absent), nullptr) << absent;
    const std::size_t note = html.find("<p class=\"absent\" id=\"" + std::string(absent) + "-absent\">Left out: ");
    ASSERT_NE(note, std::string::npos) << absent;
    EXPECT_EQ(html.find('\n', note), html.find("</p>", note) + 4) << "one line";
  }
}

// A run with --sssp beside one without: kernel 3's figure has a line for the SSSP run alone, a point
// per SSSP search, a note for the other run, and the SSSP run's header states its SSSP results.
TEST_F(ReportCliTest, DrawsTheShortestPathSearchesOfRunsWithThem) {
  make_run("run --scale 8 --roots 3 --sssp --delta 0.05", "sssp.json");
  make_run("run --scale 8 --roots 2", "bfs.json");
  const CommandResult result = run("report " + path("sssp.json") + " " + path("bfs.json") + " -o " + path("r.html"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = read_text(path("r.html"));
  std::string problem;
  const std::vector<Element> elements = elements_of(html, problem);
  ASSERT_EQ(problem, "");
  expect_labelled(html, elements);
  const Element* sssp = figure(elements, "fig-sssp-teps");
  ASSERT_NE(sssp, nullptr);
  ASSERT_EQ(inside(elements, *sssp, "svg").size(), 1u);
  const std::map<int, std::size_t> marks = marks_of(elements, *inside(elements, *sssp, "svg")[0]);
  ASSERT_EQ(marks.size(), 1u);
  EXPECT_EQ(marks.at(0), 3u);
  EXPECT_NE(html.find("#2 bfs.json: no SSSP searches (run without --sssp)"), std::string::npos);
  EXPECT_NE(html.find("<dt>SSSP harmonic mean TEPS</dt>"), std::string::npos);
  EXPECT_NE(html.find("<dt>SSSP delta</dt><dd>0.05</dd>"), std::string::npos);
  EXPECT_NE(html.find("<dt>SSSP searches</dt><dd>3</dd>"), std::string::npos);
}

// Each search's validation time, a run validated in one pass (its pass named in a note) beside one
// that skipped validation (no line).
TEST_F(ReportCliTest, DrawsEachSearchsValidationAndItsPass) {
  make_run("run --scale 8 --roots 5", "validated.json");
  make_run("run --scale 8 --roots 2 --skip-validation", "skipped.json");
  const CommandResult result =
      run("report " + path("validated.json") + " " + path("skipped.json") + " -o " + path("r.html"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = read_text(path("r.html"));
  std::string problem;
  const std::vector<Element> elements = elements_of(html, problem);
  ASSERT_EQ(problem, "");
  const Element* validation = figure(elements, "fig-validation");
  ASSERT_NE(validation, nullptr);
  ASSERT_EQ(inside(elements, *validation, "svg").size(), 1u);
  const std::map<int, std::size_t> marks = marks_of(elements, *inside(elements, *validation, "svg")[0]);
  ASSERT_EQ(marks.size(), 1u);
  EXPECT_EQ(marks.at(0), 5u);
  EXPECT_NE(html.find("#1 validated.json: BFS searches 1 to 5 validated in one pass, "), std::string::npos);

  const CommandResult skipped = run("report " + path("skipped.json") + " -o " + path("s.html"));
  ASSERT_EQ(skipped.exit_code, 0) << skipped.err;
  EXPECT_NE(read_text(path("s.html")).find("id=\"fig-validation-absent\""), std::string::npos);
}

// A corrupt, foreign or missing input is one line and exit 1, and the output is not written (an
// older one is kept); a bad command line is one line and exit 2.
TEST_F(ReportCliTest, BadInputIsOneLineAndNoOutput) {
  make_run("run --scale 8 --roots 2", "good.json");
  const std::string good = read_text(path("good.json"));
  write_text(path("truncated.json"), good.substr(0, good.size() / 2));
  write_text(path("foreign.json"), "{\"program\": \"other\"}");
  write_text(path("report.html"), "older");
  const std::string output = " -o " + path("report.html");
  expect_one_line_errors({{"report " + path("good.json") + " " + path("truncated.json") + output, 1},
                          {"report " + path("foreign.json") + output, 1},
                          {"report " + path("missing.json") + output, 1},
                          {"report " + path("store") + output, 1},
                          {"report" + output, 2},
                          {"report " + path("good.json"), 2},
                          {"report " + path("good.json") + " --colour red" + output, 2}});
  EXPECT_EQ(read_text(path("report.html")), "older");
  const CommandResult truncated = run("report " + path("truncated.json") + output);
  EXPECT_EQ(truncated.err.find("semibfs report: " + path("truncated.json") + ": not valid JSON at byte "), 0u)
      << truncated.err;
  const CommandResult foreign = run("report " + path("foreign.json") + output);
  EXPECT_NE(foreign.err.find("not a semibfs run report"), std::string::npos) << foreign.err;
  std::filesystem::create_directories(path("store"));
  EXPECT_NE(run("report " + path("store") + output).err.find("is a directory"), std::string::npos);
  EXPECT_EQ(files_in_directory().size(), 5u);  // nothing left beside the inputs and the older output
}

}  // namespace
}  // namespace semibfs
