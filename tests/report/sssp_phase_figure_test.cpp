// fig-sssp-phases from a run's JSON with known bucket phases: the median SSSP search's phases drawn
// as light and heavy edges relaxed (and bytes read under a budget); a malformed phase is one error
// naming the field; a report without phases, or a run without --sssp, gets its line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report/json_reader.hpp"
#include "report/level_figures.hpp"
#include "report/run_figures.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

// A run report cut down to what run_figures reads: one BFS search, and three SSSP roots whose
// TEPS put root 12 in the middle; `phases` are root 12's bucket phases.
std::string report_text(const std::string& phases, std::int64_t budget = 1 << 20) {
  const std::string phase_list = phases.empty() ? "" : R"(, "bucket_phases": )" + phases;
  return R"({"program": "semibfs", "program_version": "0.1.0", "command_line": ["semibfs", "run", "--sssp"],
  "options": {"graph": "kronecker scale=8", "scale": 8, "vertices": 256, "compressed_lists": false,
              "dram_budget_bytes": )" + std::to_string(budget) + R"(, "threads": 2, "store": ""},
  "machine": {"hostname": "vm"}, "lists_on_disk": true, "validation_passed": true,
  "io": {"requests": 1, "bytes": 4096},
  "graph500": {"nbfs": 1, "num_mpi_processes": 1, "construction_seconds": 0.5, "time": {"median": 0.1},
               "teps": {"harmonic_mean": 1e6}},
  "roots": [{"root": 1, "seconds": 0.1, "teps": 1e6, "nedge": 10, "levels": []}],
  "sssp": {"delta": 0.5, "roots": [
    {"root": 11, "seconds": 0.1, "teps": 1e6, "nedge": 10, "bucket_phases": []},
    {"root": 12, "seconds": 0.1, "teps": 2e6, "nedge": 10)" +
         phase_list + R"(},
    {"root": 13, "seconds": 0.1, "teps": 3e6, "nedge": 10, "bucket_phases": []}]}})";
}

const std::string kTwoPhases = R"([
  {"bucket": 0, "rounds": 2, "edges_relaxed": 12, "light_edges": 10, "heavy_edges": 2, "distance_updates": 5,
   "bytes_read": 4096, "read_requests": 1},
  {"bucket": 3, "rounds": 1, "edges_relaxed": 7, "light_edges": 4, "heavy_edges": 3, "distance_updates": 2,
   "bytes_read": 0, "read_requests": 0}])";

std::vector<RunFigures> runs_of(const std::string& text) {
  return {run_figures_of(read_json(text, "sssp.json"), "sssp.json")};
}

TEST(SsspPhaseFigure, DrawsTheMedianSearchsPhasesLightHeavyAndBytes) {
  const FigureOutcome outcome = sssp_phase_figure(runs_of(report_text(kTwoPhases)));
  ASSERT_TRUE(outcome.figure.has_value()) << outcome.absent_because;
  EXPECT_EQ(outcome.id, "fig-sssp-phases");
  ASSERT_EQ(outcome.figure->charts.size(), 2u);
  const ChartSpec& edges = outcome.figure->charts[0];
  EXPECT_NE(edges.title.find("SSSP search 2 of 3 (root 12)"), std::string::npos) << edges.title;
  EXPECT_EQ(edges.categories, (std::vector<std::string>{"0", "3"}));
  ASSERT_EQ(edges.series.size(), 2u);
  EXPECT_EQ(edges.series[0].name, "light");
  EXPECT_EQ(edges.series[0].values, (std::vector<double>{10, 4}));
  EXPECT_EQ(edges.series[1].values, (std::vector<double>{2, 3}));
  const ChartSpec& bytes = outcome.figure->charts[1];
  EXPECT_EQ(bytes.series.at(0).values, (std::vector<double>{4096, 0}));
}

TEST(SsspPhaseFigure, WithoutABudgetOnlyTheEdgesAreDrawn) {
  const FigureOutcome outcome = sssp_phase_figure(runs_of(report_text(kTwoPhases, 0)));
  ASSERT_TRUE(outcome.figure.has_value());
  EXPECT_EQ(outcome.figure->charts.size(), 1u);
}

TEST(SsspPhaseFigure, AMalformedPhaseIsOneErrorNamingTheField) {
  std::string missing = kTwoPhases;
  missing.replace(missing.find(R"("light_edges": 4)"), 17, "");
  const std::string message = testing::error_of<Error>([&] { runs_of(report_text(missing)); });
  EXPECT_NE(message.find("sssp.roots[1].bucket_phases[1].light_edges"), std::string::npos) << message;
  std::string negative = kTwoPhases;
  negative.replace(negative.find(R"("heavy_edges": 2)"), 16, R"("heavy_edges": -2)");
  EXPECT_NE(testing::error_of<Error>([&] { runs_of(report_text(negative)); }).find("is negative"), std::string::npos);
  EXPECT_NE(testing::error_of<Error>([&] { runs_of(report_text(R"({"bucket": 0})")); }).find("bucket_phases"),
            std::string::npos);
}

TEST(SsspPhaseFigure, AReportWithoutPhasesOrSsspIsAbsentWithItsLine) {
  const FigureOutcome old = sssp_phase_figure(runs_of(report_text("")));
  EXPECT_FALSE(old.figure.has_value());
  EXPECT_NE(old.absent_because.find("no bucket phases"), std::string::npos);
  std::string bfs_only = report_text(kTwoPhases);
  bfs_only = bfs_only.substr(0, bfs_only.find(R"(,
  "sssp")")) +
             "}";
  const FigureOutcome none = sssp_phase_figure(runs_of(bfs_only));
  EXPECT_FALSE(none.figure.has_value());
}

}  // namespace
}  // namespace semibfs
