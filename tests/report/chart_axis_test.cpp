// The value axes of the report's charts: nice linear ticks from zero, logarithmic decades when the
// values span orders of magnitude, labels in each quantity's units.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "report/chart_axis.hpp"

namespace semibfs {
namespace {

std::vector<std::string> labels_of(const ValueAxis& axis) {
  std::vector<std::string> labels;
  for (const AxisTick& tick : axis.ticks()) labels.push_back(tick.label);
  return labels;
}

TEST(ReportChartAxis, NiceSteps) {
  EXPECT_DOUBLE_EQ(nice_step(10, 5), 2);
  EXPECT_DOUBLE_EQ(nice_step(9, 5), 2);
  EXPECT_DOUBLE_EQ(nice_step(11, 5), 5);
  EXPECT_DOUBLE_EQ(nice_step(0.03, 5), 0.01);
  EXPECT_DOUBLE_EQ(nice_step(4e9, 5), 1e9);
  EXPECT_DOUBLE_EQ(nice_step(0, 5), 1);
}

TEST(ReportChartAxis, LinearAxesStartAtZeroAndEndOnATick) {
  const ValueAxis axis = ValueAxis::linear(3, 97, ValueUnit::kCount);
  EXPECT_EQ(axis.scale(), AxisScale::kLinear);
  EXPECT_EQ(axis.low(), 0);
  EXPECT_EQ(axis.high(), 100);
  EXPECT_EQ(labels_of(axis), (std::vector<std::string>{"0", "20", "40", "60", "80", "100"}));
  EXPECT_DOUBLE_EQ(axis.fraction(50), 0.5);
  EXPECT_DOUBLE_EQ(axis.baseline_fraction(), 0);
  // All zeros (or nothing) still make an axis.
  EXPECT_EQ(ValueAxis::fitting({0, 0}, ValueUnit::kCount, ScaleChoice::kAutomatic).high(), 1);
  EXPECT_EQ(ValueAxis::fitting({}, ValueUnit::kCount, ScaleChoice::kAutomatic).high(), 1);
}

TEST(ReportChartAxis, LabelsCarryTheUnitsOfTheQuantity) {
  EXPECT_EQ(labels_of(ValueAxis::linear(0, 1.3e7, ValueUnit::kCount)),
            (std::vector<std::string>{"0", "5M", "10M", "15M"}));
  EXPECT_EQ(labels_of(ValueAxis::linear(0, 0.0042, ValueUnit::kSeconds)),
            (std::vector<std::string>{"0", "1 ms", "2 ms", "3 ms", "4 ms", "5 ms"}));
  EXPECT_EQ(labels_of(ValueAxis::linear(0, 2.5e-5, ValueUnit::kSeconds)),
            (std::vector<std::string>{"0", "5 µs", "10 µs", "15 µs", "20 µs", "25 µs"}));
  // Bytes step in powers of 1024: a megabyte and a third is ticked every half MiB.
  EXPECT_EQ(labels_of(ValueAxis::linear(0, 1.3 * 1048576, ValueUnit::kBytes)),
            (std::vector<std::string>{"0", "0.5 MiB", "1 MiB", "1.5 MiB"}));
  EXPECT_EQ(format_value(1.234e9, ValueUnit::kCount), "1.23G");
  // Whole things (requests, messages) are ticked at whole numbers only.
  EXPECT_EQ(labels_of(ValueAxis::linear(0, 1, ValueUnit::kWhole)), (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(labels_of(ValueAxis::linear(0, 1, ValueUnit::kCount)).size(), 6u);
  const ValueAxis whole_log = ValueAxis::logarithmic(0.99, 500, ValueUnit::kWhole);
  EXPECT_LT(whole_log.low(), 1);  // room for a bar of 1
  EXPECT_EQ(labels_of(whole_log), (std::vector<std::string>{"1", "10", "100", "1k"}));
  EXPECT_EQ(format_value(1536, ValueUnit::kBytes), "1.5 KiB");
  EXPECT_EQ(format_value(0.0123, ValueUnit::kSeconds), "12.3 ms");
  EXPECT_EQ(format_value(0, ValueUnit::kSeconds), "0 s");
  EXPECT_EQ(format_value(NAN, ValueUnit::kCount), "-");
}

TEST(ReportChartAxis, WideSpansGoLogarithmic) {
  // A frontier from 1 vertex to 40 000: decades.
  const ValueAxis axis = ValueAxis::fitting({1, 27, 8336, 36624, 0}, ValueUnit::kCount, ScaleChoice::kAutomatic);
  EXPECT_EQ(axis.scale(), AxisScale::kLogarithmic);
  EXPECT_EQ(axis.low(), 1);
  EXPECT_EQ(axis.high(), 1e5);
  EXPECT_EQ(labels_of(axis), (std::vector<std::string>{"1", "10", "100", "1k", "10k", "100k"}));
  EXPECT_NEAR(axis.fraction(1000), 0.6, 1e-12);
  EXPECT_TRUE(std::isnan(axis.fraction(0)));  // nothing to draw at zero on a log axis
  EXPECT_TRUE(std::isnan(axis.fraction(-1)));
  EXPECT_EQ(axis.baseline_fraction(), 0);
  // Within a factor of 100 the axis stays linear, unless logarithmic is asked for.
  EXPECT_EQ(ValueAxis::fitting({10, 900}, ValueUnit::kCount, ScaleChoice::kAutomatic).scale(), AxisScale::kLinear);
  EXPECT_EQ(ValueAxis::fitting({10, 900}, ValueUnit::kCount, ScaleChoice::kLogarithmic).scale(),
            AxisScale::kLogarithmic);
  // Logarithmic without a positive value falls back to linear.
  EXPECT_EQ(ValueAxis::fitting({0, 0}, ValueUnit::kCount, ScaleChoice::kLogarithmic).scale(), AxisScale::kLinear);
}

TEST(ReportChartAxis, LogarithmicTicksStayFew) {
  // Twelve decades are ticked every second or third one.
  const ValueAxis seconds = ValueAxis::fitting({1e-9, 1e3}, ValueUnit::kSeconds, ScaleChoice::kAutomatic);
  EXPECT_LE(seconds.ticks().size(), 8u);
  EXPECT_EQ(seconds.ticks().front().label, "1 ns");
  // Bytes are ticked at powers of two: 4 KiB to 1 MiB.
  const ValueAxis bytes = ValueAxis::fitting({4096, 1048576}, ValueUnit::kBytes, ScaleChoice::kLogarithmic);
  EXPECT_EQ(labels_of(bytes), (std::vector<std::string>{"4 KiB", "16 KiB", "64 KiB", "256 KiB", "1 MiB"}));
}

}  // namespace
}  // namespace semibfs
