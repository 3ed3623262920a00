// The bar's text as pure functions: the share done, rates in their units, time left, the width it
// is clipped to, unknown totals, and the final line.
#include "core/progress_bar_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace semibfs {
namespace {

ProgressFigures figures(ProgressUnit unit, std::int64_t done, std::int64_t total, double seconds,
                        std::string label = "generation") {
  return ProgressFigures{std::move(label), unit, done, total, seconds};
}

TEST(ProgressBarText, PercentBarRateAndTimeLeft) {
  // 45 000 of 100 000 edges in a second: 55 000 left take 1.2 s, shown as 2 s; 40 cells at most.
  const std::string line = progress_bar_line(figures(ProgressUnit::kEdges, 45000, 100000, 1.0), 120);
  EXPECT_EQ(line, "generation: [" + std::string(18, '#') + std::string(22, '.') + "] 45%, 45 k edges/s, 2 s left");
}

TEST(ProgressBarText, FewThingsAreCounted) {
  const std::string line = progress_bar_line(figures(ProgressUnit::kSearches, 17, 64, 20.0, "searches"), 100);
  EXPECT_NE(line.find("] 17/64, 0.85 searches/s, 56 s left"), std::string::npos) << line;
  EXPECT_EQ(line.rfind("searches: [", 0), 0u) << line;
}

TEST(ProgressBarText, EmptyAndFullBars) {
  const std::string empty = progress_bar_line(figures(ProgressUnit::kEdges, 0, 1 << 20, 0.5), 80);
  EXPECT_NE(empty.find("[........"), std::string::npos) << empty;
  EXPECT_NE(empty.find("] 0%"), std::string::npos) << empty;
  EXPECT_EQ(empty.find("edges/s"), std::string::npos) << "no rate before anything is done: " << empty;
  const std::string full = progress_bar_line(figures(ProgressUnit::kEdges, 1 << 20, 1 << 20, 0.5), 80);
  EXPECT_NE(full.find("########] 100%, 2.1 M edges/s"), std::string::npos) << full;
  EXPECT_EQ(full.find("left"), std::string::npos) << full;
}

TEST(ProgressBarText, RateUnits) {
  EXPECT_EQ(format_per_second(ProgressUnit::kEdges, 12.3e6), "12.3 M edges/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kEdges, 1.07e9), "1.07 G edges/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kVertices, 850), "850 vertices/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kSearches, 0.8), "0.8 searches/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kIterations, 2), "2 iterations/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kBytes, 45.0 * 1024 * 1024), "45.0 MiB/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kBytes, 1.5 * 1024 * 1024 * 1024), "1.5 GiB/s");
  EXPECT_EQ(format_per_second(ProgressUnit::kBytes, 512), "512 B/s");
  EXPECT_EQ(format_amount(ProgressUnit::kEdges, 999.7), "1 k edges");  // rounding moves to the next prefix
}

TEST(ProgressBarText, TimeLeftAndElapsed) {
  EXPECT_EQ(format_time_left(0), "0 s");
  EXPECT_EQ(format_time_left(2.1), "3 s");
  EXPECT_EQ(format_time_left(125), "2 min 05 s");
  EXPECT_EQ(format_time_left(3725), "1 h 02 min");
  EXPECT_EQ(format_time_left(1e9), "over 99 h");
  EXPECT_EQ(format_elapsed(1.23), "1.2 s");
  EXPECT_EQ(format_elapsed(125), "2 min 05 s");
}

TEST(ProgressBarText, ClippedToTheTerminal) {
  const ProgressFigures edges =
      figures(ProgressUnit::kEdges, 450000, 1000000, 1.0, "external build: counting endpoints");
  for (const int columns : {120, 80, 60, 40, 20, 5, 1}) {
    const std::string line = progress_bar_line(edges, columns);
    EXPECT_LE(static_cast<int>(line.size()), std::max(columns - 1, 1)) << columns << ": " << line;
  }
  EXPECT_NE(progress_bar_line(edges, 120).find("[" + std::string(18, '#') + std::string(22, '.') + "]"),
            std::string::npos);
  EXPECT_NE(progress_bar_line(edges, 80).find("[###.....] 45%"), std::string::npos) << "8 cells left";
  // The bar keeps its width while the figures after it change, as long as they fit their room.
  ProgressFigures later = edges;
  later.done = 900000;
  later.seconds = 100;
  EXPECT_EQ(progress_bar_line(later, 80).find(']'), progress_bar_line(edges, 80).find(']'));
  // Too narrow for a bar of 8 cells: the figures without it, cut at the edge.
  const std::string narrow = progress_bar_line(edges, 60);
  EXPECT_EQ(narrow.find('['), std::string::npos) << narrow;
  EXPECT_EQ(narrow, "external build: counting endpoints: 45%, 450 k edges/s, 2 s");
}

TEST(ProgressBarText, UnknownTotalShowsCountAndRate) {
  const std::string line = progress_bar_line(figures(ProgressUnit::kBytes, 12 << 20, 0, 2.0, "build: reading"), 80);
  EXPECT_EQ(line, "build: reading: 12.0 MiB, 6.0 MiB/s");
  EXPECT_EQ(progress_bar_line(figures(ProgressUnit::kIterations, 3, 0, 1.5, "pagerank"), 80),
            "pagerank: 3 iterations, 2 iterations/s");
  EXPECT_EQ(progress_bar_line(figures(ProgressUnit::kNone, 0, 0, 3.21, "construction"), 80), "construction: 3.2 s");
}

TEST(ProgressBarText, FinalLineStatesTotalAndTime) {
  EXPECT_EQ(progress_final_line(figures(ProgressUnit::kEdges, 1048576, 1048576, 1.2)),
            "generation: 1048576 edges in 1.2 s, 874 k edges/s");
  EXPECT_EQ(progress_final_line(figures(ProgressUnit::kSearches, 17, 64, 20.0, "searches")),
            "searches: 17 of 64 searches in 20.0 s, 0.85 searches/s");
  EXPECT_EQ(progress_final_line(figures(ProgressUnit::kBytes, 3 << 20, 0, 0.0, "build: reading")),
            "build: reading: 3.0 MiB in 0.0 s");
  EXPECT_EQ(progress_final_line(figures(ProgressUnit::kNone, 0, 0, 15.24, "construction")),
            "construction: done in 15.2 s");
}

}  // namespace
}  // namespace semibfs
