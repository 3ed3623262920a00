// The value axis of a chart: the range it shows, its ticks with their labels, and where a value
// lies along it. Linear from zero, or logarithmic when the values span orders of magnitude (the
// frontier of a search grows from 1 vertex to millions); labels in the quantity's own units.
#pragma once

#include <string>
#include <vector>

namespace semibfs {

enum class ValueUnit {
  kCount,    // 2.5M, 40k
  kWhole,    // a count of whole things (requests, messages): no ticks between integers
  kBytes,    // 512 KiB, 1.5 GiB (powers of 1024, as the rest of semibfs prints sizes)
  kSeconds,  // 250 µs, 1.5 s
};

enum class AxisScale { kLinear, kLogarithmic };

// How a chart picks its scale: linear always, logarithmic always (for quantities that grow by
// factors), or logarithmic only when the positive values span more than kAutomaticLogSpan.
enum class ScaleChoice { kLinear, kLogarithmic, kAutomatic };
inline constexpr double kAutomaticLogSpan = 100;

struct AxisTick {
  double value = 0;
  std::string label;
};

class ValueAxis {
 public:
  // An axis over the finite values of `values` (at least [0, 1] when there are none).
  static ValueAxis fitting(const std::vector<double>& values, ValueUnit unit, ScaleChoice choice);
  static ValueAxis linear(double low, double high, ValueUnit unit);
  static ValueAxis logarithmic(double low, double high, ValueUnit unit);

  // Where `value` lies: 0 at the axis's low end, 1 at its high end; NaN for a value the axis cannot
  // show (not finite, or not positive on a logarithmic axis).
  double fraction(double value) const;
  // Where bars start: zero on a linear axis, the low end on a logarithmic one.
  double baseline_fraction() const;

  AxisScale scale() const { return scale_; }
  double low() const { return low_; }
  double high() const { return high_; }
  const std::vector<AxisTick>& ticks() const { return ticks_; }

 private:
  AxisScale scale_ = AxisScale::kLinear;
  double low_ = 0;
  double high_ = 1;
  std::vector<AxisTick> ticks_;
};

// `value` in `unit` with three significant digits and its own prefix: "12.3 ms", "1.50 MiB", "2.5M".
std::string format_value(double value, ValueUnit unit);

// The nice step (1, 2 or 5 times a power of ten) closest above span / intervals.
double nice_step(double span, int intervals);

}  // namespace semibfs
