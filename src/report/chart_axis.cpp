#include "report/chart_axis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>

namespace semibfs {
namespace {

constexpr int kLinearIntervals = 5;
constexpr int kMostLogTicks = 8;

struct UnitPrefix {
  double divisor;
  const char* suffix;
};

constexpr UnitPrefix kCountPrefixes[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}};
constexpr UnitPrefix kBytePrefixes[] = {{0x1p50, " PiB"}, {0x1p40, " TiB"}, {0x1p30, " GiB"},
                                        {0x1p20, " MiB"}, {0x1p10, " KiB"}, {1, " B"}};
constexpr UnitPrefix kSecondPrefixes[] = {{1, " s"}, {1e-3, " ms"}, {1e-6, " µs"}, {1e-9, " ns"}};

std::span<const UnitPrefix> prefixes_of(ValueUnit unit) {
  switch (unit) {
    case ValueUnit::kBytes: return kBytePrefixes;
    case ValueUnit::kSeconds: return kSecondPrefixes;
    case ValueUnit::kCount:
    case ValueUnit::kWhole: break;
  }
  return kCountPrefixes;
}

// The largest prefix at or below |magnitude| (the smallest one for smaller values and for zero).
UnitPrefix prefix_for(double magnitude, ValueUnit unit) {
  const std::span<const UnitPrefix> prefixes = prefixes_of(unit);
  for (const UnitPrefix& prefix : prefixes) {
    if (std::abs(magnitude) >= prefix.divisor) return prefix;
  }
  return prefixes.back();
}

// `number` with `decimals` digits after the point, trailing zeros (and a bare point) dropped.
std::string fixed(double number, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 12), number);
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text == "-0" ? "0" : text;
}

// Decimals that show a multiple of `step` exactly (step is 1, 2 or 5 times a power of ten).
int decimals_for_step(double step) { return std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9))); }

std::vector<AxisTick> linear_ticks(double low, double high, double step, ValueUnit unit) {
  const UnitPrefix prefix = prefix_for(std::max(std::abs(low), std::abs(high)), unit);
  const int decimals = decimals_for_step(step / prefix.divisor);
  std::vector<AxisTick> ticks;
  const auto count = static_cast<long>(std::llround((high - low) / step));
  for (long index = 0; index <= count; ++index) {
    const double value = low + static_cast<double>(index) * step;
    const std::string label =
        std::abs(value) < step / 2 ? "0" : fixed(value / prefix.divisor, decimals) + prefix.suffix;
    ticks.push_back({value, label});
  }
  return ticks;
}

// Powers of 2 for bytes (4 KiB, 1 MiB), of 10 otherwise.
double log_base(ValueUnit unit) { return unit == ValueUnit::kBytes ? 2.0 : 10.0; }

// Exponent steps between log ticks such that at most kMostLogTicks fit [low, high] exponents.
int log_exponent_step(double low_exponent, double high_exponent, ValueUnit unit) {
  const std::vector<int> steps =
      unit == ValueUnit::kBytes ? std::vector<int>{1, 2, 5, 10, 20, 30} : std::vector<int>{1, 2, 3, 5, 10};
  for (const int step : steps) {
    if ((high_exponent - low_exponent) / step + 1 <= kMostLogTicks) return step;
  }
  return steps.back();
}

}  // namespace

double nice_step(double span, int intervals) {
  if (!(span > 0) || intervals < 1) return 1;
  const double raw = span / intervals;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double fraction = raw / power;
  const double nice = fraction <= 1 + 1e-9 ? 1 : fraction <= 2 + 1e-9 ? 2 : fraction <= 5 + 1e-9 ? 5 : 10;
  return nice * power;
}

ValueAxis ValueAxis::linear(double low, double high, ValueUnit unit) {
  low = std::min(low, 0.0);
  if (!(high > low)) high = low + 1;
  const double divisor = prefix_for(std::max(std::abs(low), std::abs(high)), unit).divisor;
  double step = nice_step((high - low) / divisor, kLinearIntervals) * divisor;
  if (unit == ValueUnit::kWhole) step = std::max(step, 1.0);
  ValueAxis axis;
  axis.low_ = std::floor(low / step + 1e-9) * step;
  axis.high_ = std::ceil(high / step - 1e-9) * step;
  axis.ticks_ = linear_ticks(axis.low_, axis.high_, step, unit);
  return axis;
}

ValueAxis ValueAxis::logarithmic(double low, double high, ValueUnit unit) {
  if (!(low > 0)) return linear(0, high, unit);
  const double base = log_base(unit);
  double low_exponent = std::floor(std::log(low) / std::log(base) + 1e-9);
  double high_exponent = std::ceil(std::log(std::max(high, low)) / std::log(base) - 1e-9);
  if (high_exponent <= low_exponent) high_exponent = low_exponent + 1;
  const int step = log_exponent_step(low_exponent, high_exponent, unit);
  high_exponent = low_exponent + std::ceil((high_exponent - low_exponent) / step - 1e-9) * step;
  ValueAxis axis;
  axis.scale_ = AxisScale::kLogarithmic;
  axis.low_ = std::pow(base, low_exponent);
  axis.high_ = std::pow(base, high_exponent);
  for (double exponent = low_exponent; exponent <= high_exponent + 1e-9; exponent += step) {
    const double value = std::pow(base, exponent);
    if (unit == ValueUnit::kWhole && value < 1) continue;  // the axis may start lower, to show a bar of 1
    axis.ticks_.push_back({value, format_value(value, unit)});
  }
  return axis;
}

ValueAxis ValueAxis::fitting(const std::vector<double>& values, ValueUnit unit, ScaleChoice choice) {
  double lowest = 0, highest = 0;
  double lowest_positive = std::numeric_limits<double>::infinity();
  for (const double value : values) {
    if (!std::isfinite(value)) continue;
    lowest = std::min(lowest, value);
    highest = std::max(highest, value);
    if (value > 0) lowest_positive = std::min(lowest_positive, value);
  }
  const bool has_positive = std::isfinite(lowest_positive);
  const bool wide = has_positive && lowest >= 0 && highest / lowest_positive > kAutomaticLogSpan;
  const bool logarithmic =
      has_positive && (choice == ScaleChoice::kLogarithmic || (choice == ScaleChoice::kAutomatic && wide));
  return logarithmic ? ValueAxis::logarithmic(lowest_positive, highest, unit)
                     : ValueAxis::linear(lowest, highest, unit);
}

double ValueAxis::fraction(double value) const {
  if (!std::isfinite(value)) return std::numeric_limits<double>::quiet_NaN();
  if (scale_ == AxisScale::kLinear) return (value - low_) / (high_ - low_);
  if (value <= 0) return std::numeric_limits<double>::quiet_NaN();
  return (std::log(value) - std::log(low_)) / (std::log(high_) - std::log(low_));
}

double ValueAxis::baseline_fraction() const { return scale_ == AxisScale::kLinear ? fraction(0) : 0.0; }

std::string format_value(double value, ValueUnit unit) {
  if (!std::isfinite(value)) return "-";
  if (value == 0) return unit == ValueUnit::kBytes ? "0 B" : unit == ValueUnit::kSeconds ? "0 s" : "0";
  const UnitPrefix prefix = prefix_for(value, unit);
  const double scaled = value / prefix.divisor;
  const int integer_digits = static_cast<int>(std::floor(std::log10(std::abs(scaled)))) + 1;
  return fixed(scaled, 3 - integer_digits) + prefix.suffix;
}

}  // namespace semibfs
