#include "report/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "report/markup.hpp"

namespace semibfs {
namespace {

constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1",
                                    "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac"};
constexpr double kCharacterWidth = 6.4;  // of the 11 px sans-serif labels, for layout
constexpr double kLegendRow = 16;
constexpr std::size_t kLongestLegendName = 64;
constexpr double kTitleWidthRatio = 1.2;  // bold 13 px against the 11 px labels

// A coordinate or length for an attribute, to a tenth of a pixel.
std::string px(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

double text_width(const std::string& text) { return static_cast<double>(text.size()) * kCharacterWidth; }

std::string shortened(const std::string& name) {
  return name.size() <= kLongestLegendName ? name : name.substr(0, kLongestLegendName - 3) + "...";
}

// The plot area inside the svg, the value axis, and the categories' bands.
struct Frame {
  double left = 0, right = 0, top = 0, bottom = 0;
  ValueAxis axis;
  std::size_t categories = 0;

  double band() const { return (right - left) / static_cast<double>(std::max<std::size_t>(categories, 1)); }
  double center(std::size_t category) const { return left + band() * (static_cast<double>(category) + 0.5); }
  double y_of_fraction(double fraction) const { return bottom - fraction * (bottom - top); }
};

ScaleChoice scale_of(const ChartSpec& spec) {
  if (spec.kind == ChartKind::kStackedBars && spec.scale == ScaleChoice::kAutomatic) return ScaleChoice::kLinear;
  return spec.scale;
}

// Every value the axis must cover: the stacks' sums for stacked bars, else each value; for bars,
// a little under the smallest, so that a logarithmic axis starts below it and its bar shows.
std::vector<double> covered_values(const ChartSpec& spec) {
  std::vector<double> values;
  double smallest = INFINITY;
  for (std::size_t category = 0; category < spec.categories.size(); ++category) {
    double stack = 0;
    for (const ChartSeries& series : spec.series) {
      const double value = category < series.values.size() ? series.values[category] : NAN;
      if (spec.kind != ChartKind::kStackedBars) values.push_back(value);
      if (std::isfinite(value)) stack += value;
    }
    if (spec.kind == ChartKind::kStackedBars) values.push_back(stack);
  }
  for (const double value : values) {
    if (value > 0 && value < smallest) smallest = value;
  }
  if (spec.kind != ChartKind::kLines && std::isfinite(smallest)) values.push_back(smallest * 0.99);
  return values;
}

std::string color_of(const ChartSpec& spec, std::size_t series) {
  return spec.series[series].color.empty() ? series_color(series) : spec.series[series].color;
}

bool has_legend(const ChartSpec& spec) { return spec.series.size() > 1; }

double legend_width(const ChartSpec& spec) {
  double widest = 0;
  for (const ChartSeries& series : spec.series) widest = std::max(widest, text_width(shortened(series.name)));
  return widest + 34;
}

// The title in one line, or two cut at the space nearest the middle when it is wider than the chart.
std::vector<std::string> title_lines(const ChartSpec& spec) {
  if (text_width(spec.title) * kTitleWidthRatio <= spec.width - 20) return {spec.title};
  std::size_t cut = std::string::npos;
  for (std::size_t space = spec.title.find(' '); space != std::string::npos; space = spec.title.find(' ', space + 1)) {
    const auto distance = [&](std::size_t at) { return std::abs(static_cast<double>(at) - spec.title.size() / 2.0); };
    if (cut == std::string::npos || distance(space) < distance(cut)) cut = space;
  }
  if (cut == std::string::npos) return {spec.title};
  return {spec.title.substr(0, cut), spec.title.substr(cut + 1)};
}

Frame frame_of(const ChartSpec& spec) {
  Frame frame;
  frame.axis = ValueAxis::fitting(covered_values(spec), spec.unit, scale_of(spec));
  frame.categories = spec.categories.size();
  double widest_tick = 0;
  for (const AxisTick& tick : frame.axis.ticks()) widest_tick = std::max(widest_tick, text_width(tick.label));
  frame.left = 30 + widest_tick + 8;
  frame.right = spec.width - (has_legend(spec) ? legend_width(spec) + 8 : 16);
  frame.top = 24 + 16 * static_cast<double>(title_lines(spec).size());
  frame.bottom = spec.height - 46;
  return frame;
}

std::string text_element(double x, double y, const std::string& text, const std::string& extra) {
  return "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\"" + extra + ">" + escape_markup(text) + "</text>\n";
}

std::string draw_title(const ChartSpec& spec) {
  std::string out = "<title>" + escape_markup(spec.title) + "</title>\n";
  const std::vector<std::string> lines = title_lines(spec);
  for (std::size_t line = 0; line < lines.size(); ++line) {
    out += text_element(spec.width / 2.0, 18 + 16 * static_cast<double>(line), lines[line],
                        " class=\"chart-title\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\"");
  }
  return out;
}

std::string draw_value_axis(const ChartSpec& spec, const Frame& frame) {
  std::string out = "<g class=\"axis value-axis\">\n";
  for (const AxisTick& tick : frame.axis.ticks()) {
    const double y = frame.y_of_fraction(frame.axis.fraction(tick.value));
    out += "<line x1=\"" + px(frame.left) + "\" x2=\"" + px(frame.right) + "\" y1=\"" + px(y) + "\" y2=\"" + px(y) +
           "\" stroke=\"#e3e3e3\"/>\n";
    out += text_element(frame.left - 6, y + 4, tick.label, " class=\"tick\" text-anchor=\"end\"");
  }
  out += "<line x1=\"" + px(frame.left) + "\" x2=\"" + px(frame.left) + "\" y1=\"" + px(frame.top) + "\" y2=\"" +
         px(frame.bottom) + "\" stroke=\"#333\"/>\n";
  const std::string title =
      spec.y_title + (frame.axis.scale() == AxisScale::kLogarithmic ? " (log scale)" : std::string());
  const double middle = (frame.top + frame.bottom) / 2;
  out += "<text class=\"axis-title\" transform=\"translate(14 " + px(middle) +
         ") rotate(-90)\" text-anchor=\"middle\">" + escape_markup(title) + "</text>\n";
  return out + "</g>\n";
}

// Every k-th category is labelled so that labels do not overlap.
std::size_t label_stride(const ChartSpec& spec, const Frame& frame) {
  double widest = 0;
  for (const std::string& label : spec.categories) widest = std::max(widest, text_width(label));
  const double needed = widest + 8;
  return std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(needed / std::max(frame.band(), 1.0))));
}

std::string draw_category_axis(const ChartSpec& spec, const Frame& frame) {
  std::string out = "<g class=\"axis category-axis\">\n";
  const double baseline = frame.y_of_fraction(frame.axis.baseline_fraction());
  out += "<line x1=\"" + px(frame.left) + "\" x2=\"" + px(frame.right) + "\" y1=\"" + px(baseline) + "\" y2=\"" +
         px(baseline) + "\" stroke=\"#333\"/>\n";
  const std::size_t stride = label_stride(spec, frame);
  for (std::size_t category = 0; category < spec.categories.size(); category += stride) {
    const double x = frame.center(category);
    out += "<line x1=\"" + px(x) + "\" x2=\"" + px(x) + "\" y1=\"" + px(frame.bottom) + "\" y2=\"" +
           px(frame.bottom + 4) + "\" stroke=\"#333\"/>\n";
    out += text_element(x, frame.bottom + 16, spec.categories[category], " class=\"tick\" text-anchor=\"middle\"");
  }
  out += text_element((frame.left + frame.right) / 2, spec.height - 10, spec.x_title,
                      " class=\"axis-title\" text-anchor=\"middle\"");
  return out + "</g>\n";
}

std::string mark_title(const ChartSpec& spec, std::size_t series, std::size_t category, double value) {
  return "<title>" +
         escape_markup(spec.x_title + " " + spec.categories[category] + ", " + spec.series[series].name + ": " +
                       format_value(value, spec.unit)) +
         "</title>";
}

std::string mark_attributes(std::size_t series, std::size_t category) {
  return " class=\"mark\" data-series=\"" + std::to_string(series) + "\" data-category=\"" + std::to_string(category) +
         "\"";
}

std::string bar(const ChartSpec& spec, std::size_t series, std::size_t category, double value, double x, double width,
                double y_low, double y_high) {
  return "<rect" + mark_attributes(series, category) + " x=\"" + px(x) + "\" y=\"" + px(std::min(y_low, y_high)) +
         "\" width=\"" + px(width) + "\" height=\"" + px(std::abs(y_low - y_high)) + "\" fill=\"" +
         escape_markup(color_of(spec, series)) + "\">" + mark_title(spec, series, category, value) + "</rect>\n";
}

double value_at(const ChartSpec& spec, std::size_t series, std::size_t category) {
  const std::vector<double>& values = spec.series[series].values;
  return category < values.size() ? values[category] : NAN;
}

// Per category, the place of each series' bar among the bars drawn there (-1: none), so that a
// category's bars stand together, centred, whichever series have a value there.
std::vector<std::vector<int>> bar_places(const ChartSpec& spec, const Frame& frame, int& most) {
  std::vector<std::vector<int>> places(spec.categories.size(), std::vector<int>(spec.series.size(), -1));
  most = 1;
  for (std::size_t category = 0; category < spec.categories.size(); ++category) {
    int drawn = 0;
    for (std::size_t series = 0; series < spec.series.size(); ++series) {
      if (!std::isnan(frame.axis.fraction(value_at(spec, series, category)))) places[category][series] = drawn++;
    }
    places[category].push_back(drawn);  // the count, last
    most = std::max(most, drawn);
  }
  return places;
}

std::string draw_grouped_bars(const ChartSpec& spec, const Frame& frame) {
  std::string out;
  int most = 1;
  const std::vector<std::vector<int>> places = bar_places(spec, frame, most);
  const double width = frame.band() * 0.8 / most;
  const double baseline = frame.y_of_fraction(frame.axis.baseline_fraction());
  for (std::size_t series = 0; series < spec.series.size(); ++series) {
    out += "<g class=\"series\" data-name=\"" + escape_markup(spec.series[series].name) + "\">\n";
    for (std::size_t category = 0; category < spec.categories.size(); ++category) {
      const int place = places[category][series];
      if (place < 0) continue;
      const double value = value_at(spec, series, category);
      const double x = frame.center(category) - width * places[category].back() / 2 + width * place;
      out += bar(spec, series, category, value, x, width, baseline, frame.y_of_fraction(frame.axis.fraction(value)));
    }
    out += "</g>\n";
  }
  return out;
}

std::string draw_stacked_bars(const ChartSpec& spec, const Frame& frame) {
  std::string out;
  const double width = frame.band() * 0.7;
  std::vector<double> stacks(spec.categories.size(), 0.0);
  for (std::size_t series = 0; series < spec.series.size(); ++series) {
    out += "<g class=\"series\" data-name=\"" + escape_markup(spec.series[series].name) + "\">\n";
    for (std::size_t category = 0; category < spec.categories.size(); ++category) {
      const double value = value_at(spec, series, category);
      const double low = frame.axis.fraction(stacks[category]);
      const double high = frame.axis.fraction(stacks[category] + value);
      if (std::isnan(high) || std::isnan(low)) continue;
      stacks[category] += value;
      const double x = frame.center(category) - width / 2;
      out += bar(spec, series, category, value, x, width, frame.y_of_fraction(low), frame.y_of_fraction(high));
    }
    out += "</g>\n";
  }
  return out;
}

// A polyline through each run of consecutive drawable values, and a marker on every one.
std::string draw_lines(const ChartSpec& spec, const Frame& frame) {
  std::string out;
  const double radius = spec.categories.size() > 40 ? 2.2 : 3.2;
  for (std::size_t series = 0; series < spec.series.size(); ++series) {
    const std::string color = escape_markup(color_of(spec, series));
    std::string markers, points;
    std::string lines;
    for (std::size_t category = 0; category <= spec.categories.size(); ++category) {
      const double value = category < spec.categories.size() ? value_at(spec, series, category) : NAN;
      const double fraction = frame.axis.fraction(value);
      if (std::isnan(fraction)) {
        if (points.find(' ') != std::string::npos) {
          lines +=
              "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + color + "\" stroke-width=\"1.5\"/>\n";
        }
        points.clear();
        continue;
      }
      const double x = frame.center(category), y = frame.y_of_fraction(fraction);
      if (!points.empty()) points += ' ';
      points += px(x) + "," + px(y);
      markers += "<circle" + mark_attributes(series, category) + " cx=\"" + px(x) + "\" cy=\"" + px(y) + "\" r=\"" +
                 px(radius) + "\" fill=\"" + color + "\">" + mark_title(spec, series, category, value) + "</circle>\n";
    }
    out += "<g class=\"series\" data-name=\"" + escape_markup(spec.series[series].name) + "\">\n" + lines + markers +
           "</g>\n";
  }
  return out;
}

std::string draw_legend(const ChartSpec& spec, const Frame& frame) {
  if (!has_legend(spec)) return "";
  std::string out = "<g class=\"legend\">\n";
  const double x = frame.right + 14;
  for (std::size_t series = 0; series < spec.series.size(); ++series) {
    const double y = frame.top + kLegendRow * static_cast<double>(series);
    out += "<rect x=\"" + px(x) + "\" y=\"" + px(y) + "\" width=\"11\" height=\"11\" fill=\"" +
           escape_markup(color_of(spec, series)) + "\"/>\n";
    out += text_element(x + 16, y + 10, shortened(spec.series[series].name), "");
  }
  return out + "</g>\n";
}

std::string draw_marks(const ChartSpec& spec, const Frame& frame) {
  switch (spec.kind) {
    case ChartKind::kGroupedBars: return draw_grouped_bars(spec, frame);
    case ChartKind::kStackedBars: return draw_stacked_bars(spec, frame);
    case ChartKind::kLines: break;
  }
  return draw_lines(spec, frame);
}

}  // namespace

std::string render_svg_chart(const ChartSpec& spec) {
  const Frame frame = frame_of(spec);
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"" + std::to_string(spec.width) +
                    "\" height=\"" + std::to_string(spec.height) + "\" viewBox=\"0 0 " + std::to_string(spec.width) +
                    " " + std::to_string(spec.height) +
                    "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n";
  out += draw_title(spec);
  out += draw_value_axis(spec, frame);
  out += draw_marks(spec, frame);
  out += draw_category_axis(spec, frame);
  out += draw_legend(spec, frame);
  return out + "</svg>\n";
}

std::string series_color(std::size_t index) { return kPalette[index % std::size(kPalette)]; }

}  // namespace semibfs
