// The Graph500 reference's summary statistics (src/main.c get_statistics): quartiles as the mean
// of the two middle order statistics, sample standard deviation (n - 1).
#pragma once

#include <span>

namespace semibfs {

struct SummaryStatistics {
  double minimum = 0, first_quartile = 0, median = 0, third_quartile = 0, maximum = 0;
  double mean = 0, stddev = 0;
};

SummaryStatistics summarize(std::span<const double> values);

// TEPS figures as the reference computes them: statistics of seconds per edge, inverted;
// the harmonic standard deviation after Norris (1940), as in the reference.
struct TepsStatistics {
  double minimum = 0, first_quartile = 0, median = 0, third_quartile = 0, maximum = 0;
  double harmonic_mean = 0, harmonic_stddev = 0;
};

TepsStatistics summarize_teps(std::span<const double> seconds, std::span<const double> nedge);

}  // namespace semibfs
