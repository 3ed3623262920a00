// The report's SVG charts: a title, two axis titles, one mark per drawable value in the right
// place, text escaped, a legend for several series.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>

#include "report/svg_chart.hpp"

namespace semibfs {
namespace {

std::size_t count_of(const std::string& text, const std::string& pattern) {
  std::size_t count = 0;
  for (std::size_t at = text.find(pattern); at != std::string::npos; at = text.find(pattern, at + 1)) ++count;
  return count;
}

// The attribute `name` of the mark of `series` at `category`, as a number.
double mark_attribute(const std::string& svg, int series, int category, const std::string& name) {
  const std::regex mark("<(rect|circle) class=\"mark\" data-series=\"" + std::to_string(series) +
                        "\" data-category=\"" + std::to_string(category) + "\"[^>]* " + name + "=\"([-0-9.]+)\"");
  std::smatch match;
  if (!std::regex_search(svg, match, mark)) return NAN;
  return std::stod(match[2]);
}

ChartSpec two_series(ChartKind kind) {
  ChartSpec spec;
  spec.title = "Time <per> level & \"direction\"";
  spec.x_title = "BFS level";
  spec.y_title = "seconds";
  spec.categories = {"1", "2", "3"};
  spec.series = {{"top-down", {0.5, 0, 1.5}, ""}, {"bottom-up", {0, 2, NAN}, ""}};
  spec.kind = kind;
  spec.unit = ValueUnit::kSeconds;
  return spec;
}

TEST(ReportSvgChart, HasATitleAxisTitlesAndALegend) {
  const std::string svg = render_svg_chart(two_series(ChartKind::kGroupedBars));
  EXPECT_EQ(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), 0u);
  EXPECT_NE(svg.find("<title>Time &lt;per&gt; level &amp; &quot;direction&quot;</title>"), std::string::npos);
  EXPECT_EQ(count_of(svg, "class=\"axis-title\""), 2u);
  EXPECT_NE(svg.find(">BFS level</text>"), std::string::npos);
  EXPECT_NE(svg.find(">seconds</text>"), std::string::npos);
  EXPECT_NE(svg.find("<g class=\"legend\">"), std::string::npos);
  EXPECT_NE(svg.find(">bottom-up</text>"), std::string::npos);
  EXPECT_EQ(svg.find("<title>Time <"), std::string::npos);  // nothing unescaped
  // Ticks in the unit of the values.
  EXPECT_NE(svg.find(">1 s</text>"), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(ReportSvgChart, GroupedBarsDrawEveryFiniteValue) {
  const std::string svg = render_svg_chart(two_series(ChartKind::kGroupedBars));
  // Five finite values (zeros included, as bars of no height), the NaN none.
  EXPECT_EQ(count_of(svg, "class=\"mark\""), 5u);
  EXPECT_TRUE(std::isnan(mark_attribute(svg, 1, 2, "x")));
  EXPECT_EQ(mark_attribute(svg, 0, 1, "height"), 0);
  // Taller values make taller bars, from the same baseline.
  EXPECT_GT(mark_attribute(svg, 1, 1, "height"), mark_attribute(svg, 0, 2, "height"));
  EXPECT_GT(mark_attribute(svg, 0, 2, "height"), mark_attribute(svg, 0, 0, "height"));
  EXPECT_DOUBLE_EQ(mark_attribute(svg, 1, 1, "y") + mark_attribute(svg, 1, 1, "height"),
                   mark_attribute(svg, 0, 0, "y") + mark_attribute(svg, 0, 0, "height"));
  // Category 2 has one bar, centred where category 0's two stand side by side.
  const double band = mark_attribute(svg, 0, 1, "x") - mark_attribute(svg, 0, 0, "x");
  EXPECT_NEAR(mark_attribute(svg, 0, 2, "x") + mark_attribute(svg, 0, 2, "width") / 2,
              mark_attribute(svg, 1, 0, "x") + band * 2, 0.2);
  EXPECT_NE(svg.find("<title>BFS level 2, bottom-up: 2 s</title>"), std::string::npos);
}

TEST(ReportSvgChart, StackedBarsSitOnEachOther) {
  ChartSpec spec = two_series(ChartKind::kStackedBars);
  spec.series[1].values = {1, 2, 0.5};
  const std::string svg = render_svg_chart(spec);
  EXPECT_EQ(count_of(svg, "class=\"mark\""), 6u);
  // The second series' bar starts where the first one's ends.
  EXPECT_NEAR(mark_attribute(svg, 1, 2, "y") + mark_attribute(svg, 1, 2, "height"), mark_attribute(svg, 0, 2, "y"),
              0.11);
  // The axis covers the tallest stack (1.5 + 0.5 = 2 s).
  EXPECT_NE(svg.find(">2 s</text>"), std::string::npos);
  EXPECT_EQ(svg.find("(log scale)"), std::string::npos);
}

TEST(ReportSvgChart, LogarithmicLinesSkipWhatTheyCannotShow) {
  ChartSpec spec;
  spec.title = "Frontier";
  spec.x_title = "BFS level";
  spec.y_title = "frontier size";
  spec.categories = {"1", "2", "3", "4"};
  spec.series = {{"vertices", {1, 30, 0, 4000}, ""}};
  spec.kind = ChartKind::kLines;
  spec.scale = ScaleChoice::kLogarithmic;
  const std::string svg = render_svg_chart(spec);
  EXPECT_EQ(count_of(svg, "<circle class=\"mark\""), 3u);  // the zero has no place on a log axis
  EXPECT_EQ(count_of(svg, "<polyline"), 1u);               // 1 and 30 joined; 4000 stands alone
  EXPECT_NE(svg.find(">frontier size (log scale)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1k</text>"), std::string::npos);
  EXPECT_EQ(svg.find("class=\"legend\""), std::string::npos);  // one series needs none
  // Larger values stand higher (SVG y grows downwards).
  const double y1 = mark_attribute(svg, 0, 0, "cy"), y30 = mark_attribute(svg, 0, 1, "cy");
  EXPECT_GT(y1, y30);
}

TEST(ReportSvgChart, ManyCategoriesAreLabelledSparselyAndLongTitlesWrap) {
  ChartSpec spec;
  spec.title = std::string(60, 'x') + " " + std::string(60, 'y');
  spec.x_title = "search";
  spec.y_title = "TEPS";
  for (int search = 1; search <= 64; ++search) {
    spec.categories.push_back(std::to_string(search));
    spec.series.resize(1);
    spec.series[0].values.push_back(search * 1e6);
  }
  spec.kind = ChartKind::kLines;
  spec.width = 400;
  const std::string svg = render_svg_chart(spec);
  EXPECT_EQ(count_of(svg, "class=\"mark\""), 64u);
  EXPECT_LT(count_of(svg, "class=\"tick\" text-anchor=\"middle\""), 32u);
  EXPECT_EQ(count_of(svg, "class=\"chart-title\""), 2u);
}

}  // namespace
}  // namespace semibfs
