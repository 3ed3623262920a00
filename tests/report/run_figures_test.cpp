// A run's JSON report read back into figures: settings, searches and levels with their reads and
// traffic; a document that is not a run report is one error naming the file and the field.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "report/json_reader.hpp"
#include "report/run_figures.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

using testing::error_of;

// A report as graph500/json_report.cpp writes one, cut down to what run_figures reads (and a bit
// more): three searches, the second with reads and traffic.
std::string report_text(const std::string& second_level = R"("seconds": 0.25)") {
  return R"({"program": "semibfs", "program_version": "0.1.0",
  "command_line": ["semibfs", "run", "--scale", "12", "--json", "my run's.json", ""],
  "options": {"graph": "kronecker scale=12", "scale": 12, "vertices": 4096, "compressed_lists": false,
              "dram_budget_bytes": 20971520, "threads": 2, "store": "", "alpha": null},
  "machine": {"hostname": "vm<1>", "peak_rss_bytes": 1048576},
  "lists_on_disk": true, "validation_passed": true, "io": {"requests": 12, "bytes": 49152},
  "graph500": {"nbfs": 3, "num_mpi_processes": 2, "construction_seconds": 0.5,
               "time": {"median": 0.01}, "teps": {"harmonic_mean": 2e6}},
  "roots": [
    {"root": 7, "seconds": 0.1, "teps": 3e6, "nedge": 100, "levels": [
      {"level": 1, "direction": "top-down", "frontier_vertices": 1, "frontier_edges": 5, "seconds": 0.5}]},
    {"root": 8, "seconds": 0.1, "teps": 1e6, "nedge": 100, "levels": [
      {"level": 1, "direction": "top-down", "frontier_vertices": 1, "frontier_edges": 5, "seconds": 0.5,
       "io": {"requests": 2, "bytes": 8192, "latency_us": {"p50": 100, "p90": 200, "p99": 300, "max": 400}},
       "communication": {"traffic": {"pairs": {"bytes": 64, "messages": 2, "seconds": 0}}}},
      {"level": 2, "direction": "bottom-up", "frontier_vertices": 5, "frontier_edges": 50, )" +
         second_level + R"(}]},
    {"root": 9, "seconds": 0.1, "teps": null, "nedge": 100, "levels": []}]})";
}

RunFigures figures_of(const std::string& text) { return run_figures_of(read_json(text, "run.json"), "run.json"); }

TEST(ReportRunFigures, ReadsSettingsSearchesAndLevels) {
  const RunFigures run = figures_of(report_text());
  EXPECT_EQ(run.source, "run.json");
  EXPECT_EQ(run.graph, "SCALE 12, 2 ranks");
  EXPECT_EQ(run.description, "SCALE 12, 2 ranks, DRAM budget 20.00 MiB per rank");
  EXPECT_EQ(run.dram_budget_bytes, 20971520);
  EXPECT_TRUE(run.lists_on_disk);
  EXPECT_EQ(run.mpi_processes, 2);
  EXPECT_DOUBLE_EQ(*run.harmonic_mean_teps, 2e6);
  ASSERT_EQ(run.searches.size(), 3u);
  const SearchFigures& second = run.searches[1];
  EXPECT_EQ(second.root, 8);
  ASSERT_EQ(second.levels.size(), 2u);
  EXPECT_TRUE(second.levels[1].bottom_up);
  EXPECT_DOUBLE_EQ(second.levels[1].frontier_edges, 50);
  ASSERT_TRUE(second.levels[0].reads.has_value());
  EXPECT_DOUBLE_EQ(second.levels[0].reads->bytes, 8192);
  EXPECT_DOUBLE_EQ(second.levels[0].reads->latency_p99_seconds, 300e-6);
  EXPECT_FALSE(second.levels[1].reads.has_value());
  ASSERT_TRUE(second.levels[0].traffic.has_value());
  EXPECT_EQ(second.levels[0].traffic->at(0).kind, "pairs");
  EXPECT_DOUBLE_EQ(second.levels[0].traffic->at(0).messages, 2);
  EXPECT_TRUE(std::isnan(run.searches[2].teps));  // null: a non-finite TEPS
  // Settings: every scalar, sizes and seconds in units, empty and null as '-'.
  const auto setting = [](const std::vector<Setting>& settings, const std::string& name) {
    for (const auto& [key, value] : settings) {
      if (key == name) return value;
    }
    return std::string("(none)");
  };
  EXPECT_EQ(setting(run.options, "dram budget bytes"), "20.00 MiB");
  EXPECT_EQ(setting(run.options, "store"), "-");
  EXPECT_EQ(setting(run.options, "alpha"), "-");
  EXPECT_EQ(setting(run.options, "compressed lists"), "no");
  EXPECT_EQ(setting(run.machine, "hostname"), "vm<1>");  // escaped by the page, not here
  EXPECT_EQ(setting(run.results, "reads"), "12 requests, 48.00 KiB");
  EXPECT_EQ(setting(run.results, "construction"), "500 ms");
  // The command line as a shell takes it back: quoted words, an empty one kept.
  EXPECT_EQ(run.command_line, R"(semibfs run --scale 12 --json 'my run'\''s.json' '')");
  EXPECT_EQ(run.program_version, "0.1.0");
}

TEST(ReportRunFigures, TheMedianSearchIsTheLowerMiddleByTeps) {
  RunFigures run = figures_of(report_text());
  // TEPS 3e6, 1e6, NaN: NaN sorts last, so the middle of three is 3e6.
  EXPECT_EQ(median_teps_search(run), 0u);
  run.searches.pop_back();  // 3e6, 1e6: the lower middle is 1e6
  EXPECT_EQ(median_teps_search(run), 1u);
  run.searches.clear();
  EXPECT_NE(error_of([&] { median_teps_search(run); }).find("no searches"), std::string::npos);
}

TEST(ReportRunFigures, OtherDocumentsAreOneErrorNamingTheField) {
  EXPECT_EQ(error_of([] { figures_of(report_text(R"("seconds": "slow")")); }),
            "run.json: not a semibfs run report (from semibfs run or bfs --json): roots[1].levels[1].seconds: "
            "expected a number, found a string");
  EXPECT_EQ(error_of([] { figures_of(report_text(R"("secs": 1)")); }),
            "run.json: not a semibfs run report (from semibfs run or bfs --json): roots[1].levels[1].seconds: missing");
  EXPECT_NE(
      error_of([] { figures_of(report_text(R"("seconds": 1, "direction": "sideways")")); }).find("a key not already"),
      std::string::npos);  // a repeated key is the reader's error
  EXPECT_NE(error_of([] { figures_of("{}"); }).find("no \"program\": \"semibfs\""), std::string::npos);
  EXPECT_NE(error_of([] { figures_of("[]"); }).find("the document: expected an object, found an array"),
            std::string::npos);
}

}  // namespace
}  // namespace semibfs
