// Summary statistics as the Graph500 reference computes them (src/main.c get_statistics).
#include "graph500/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace semibfs {
namespace {

double mean_of(std::span<const double> values) {
  double sum = 0;
  for (double value : values) sum += value;
  return sum / static_cast<double>(values.size());
}

// Sample standard deviation (n - 1); a single value has no spread, not a division by zero.
double sample_stddev(std::span<const double> values, double mean) {
  if (values.size() < 2) return 0;
  double sum_of_squares = 0;
  for (double value : values) sum_of_squares += (value - mean) * (value - mean);
  return std::sqrt(sum_of_squares / static_cast<double>(values.size() - 1));
}

// Mean of the two order statistics at low and high; equal indices give that element.
double midpoint(const std::vector<double>& sorted, std::size_t low, std::size_t high) {
  return (sorted[low] + sorted[high]) * .5;
}

}  // namespace

SummaryStatistics summarize(std::span<const double> values) {
  SummaryStatistics result;
  const std::size_t n = values.size();
  if (n == 0) return result;
  result.mean = mean_of(values);
  result.stddev = sample_stddev(values, result.mean);
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  result.minimum = sorted[0];
  result.first_quartile = midpoint(sorted, (n - 1) / 4, n / 4);
  result.median = midpoint(sorted, (n - 1) / 2, n / 2);
  result.third_quartile = midpoint(sorted, n - 1 - (n - 1) / 4, n - 1 - n / 4);
  result.maximum = sorted[n - 1];
  return result;
}

TepsStatistics summarize_teps(std::span<const double> seconds, std::span<const double> nedge) {
  if (seconds.size() != nedge.size()) {
    throw Error("TEPS statistics need one edge count per BFS time, got " +
                std::to_string(seconds.size()) + " times and " + std::to_string(nedge.size()) +
                " edge counts (a bug in the benchmark driver)");
  }
  TepsStatistics result;
  const std::size_t n = seconds.size();
  if (n == 0) return result;
  std::vector<double> seconds_per_edge(n);
  for (std::size_t i = 0; i < n; ++i) seconds_per_edge[i] = seconds[i] / nedge[i];
  const SummaryStatistics s = summarize(seconds_per_edge);
  // Inverting swaps the order: the slowest time per edge is the smallest TEPS.
  result.minimum = 1. / s.maximum;
  result.first_quartile = 1. / s.third_quartile;
  result.median = 1. / s.median;
  result.third_quartile = 1. / s.first_quartile;
  result.maximum = 1. / s.minimum;
  result.harmonic_mean = 1. / s.mean;
  // Norris (1940), the standard error of the harmonic mean, as the reference prints it.
  if (n > 1) {
    result.harmonic_stddev =
        s.stddev / (s.mean * s.mean * std::sqrt(static_cast<double>(n - 1)));
  }
  return result;
}

}  // namespace semibfs
