// A chart as one inline <svg> element: a title, a value axis (chart_axis.hpp) with ticks, grid
// lines and an axis title, a category axis with labels and an axis title, the marks, and a legend
// when there are several series. Bars grouped or stacked, or lines with markers.
#pragma once

#include <string>
#include <vector>

#include "report/chart_axis.hpp"

namespace semibfs {

enum class ChartKind { kGroupedBars, kStackedBars, kLines };

struct ChartSeries {
  std::string name;
  std::vector<double> values;  // one per category; NaN where the series has none
  std::string color;           // empty: the palette's colour for its place
};

struct ChartSpec {
  std::string title;
  std::string x_title;  // the categories' axis, e.g. "BFS level"
  std::string y_title;  // the values' axis, e.g. "seconds"
  std::vector<std::string> categories;
  std::vector<ChartSeries> series;
  ChartKind kind = ChartKind::kGroupedBars;
  ValueUnit unit = ValueUnit::kCount;
  ScaleChoice scale = ScaleChoice::kAutomatic;  // stacked bars stay linear unless told otherwise
  int width = 600;
  int height = 330;
};

// The chart as an <svg> element. Every drawn value is one element of class "mark" with
// data-series and data-category (their indexes) and a <title> stating it; a value the axis cannot
// show (NaN, or not positive on a logarithmic axis) draws nothing. The axis titles are
// <text class="axis-title">; "(log scale)" is added to the value axis's title when it is one.
std::string render_svg_chart(const ChartSpec& spec);

// The palette's colour for series `index` (ten colours, then again).
std::string series_color(std::size_t index);

}  // namespace semibfs
