// summarize and summarize_teps against hand-computed values and the reference's quartile rule.
#include "graph500/statistics.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "core/error.hpp"

namespace semibfs {
namespace {

TEST(Statistics, EmptyInputIsAllZero) {
  const SummaryStatistics s = summarize({});
  EXPECT_EQ(s.minimum, 0);
  EXPECT_EQ(s.first_quartile, 0);
  EXPECT_EQ(s.median, 0);
  EXPECT_EQ(s.third_quartile, 0);
  EXPECT_EQ(s.maximum, 0);
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.stddev, 0);
}

TEST(Statistics, SingleValueHasZeroStddev) {
  const std::vector<double> values = {7.5};
  const SummaryStatistics s = summarize(values);
  EXPECT_EQ(s.minimum, 7.5);
  EXPECT_EQ(s.first_quartile, 7.5);
  EXPECT_EQ(s.median, 7.5);
  EXPECT_EQ(s.third_quartile, 7.5);
  EXPECT_EQ(s.maximum, 7.5);
  EXPECT_EQ(s.mean, 7.5);
  EXPECT_EQ(s.stddev, 0);
}

// n = 5: (n-1)/4 = n/4 = 1, so the quartiles are single order statistics.
TEST(Statistics, OddCountUnsorted) {
  const std::vector<double> values = {5, 1, 4, 2, 3};
  const SummaryStatistics s = summarize(values);
  EXPECT_EQ(s.minimum, 1);
  EXPECT_EQ(s.first_quartile, 2);
  EXPECT_EQ(s.median, 3);
  EXPECT_EQ(s.third_quartile, 4);
  EXPECT_EQ(s.maximum, 5);
  EXPECT_EQ(s.mean, 3);
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(2.5));  // (4+1+0+1+4) / (5-1)
}

// n = 4: (n-1)/4 = 0 and n/4 = 1, so the quartiles average two neighbours.
TEST(Statistics, EvenCountAveragesNeighbours) {
  const std::vector<double> values = {4, 1, 3, 2};
  const SummaryStatistics s = summarize(values);
  EXPECT_EQ(s.minimum, 1);
  EXPECT_EQ(s.first_quartile, 1.5);
  EXPECT_EQ(s.median, 2.5);
  EXPECT_EQ(s.third_quartile, 3.5);
  EXPECT_EQ(s.maximum, 4);
  EXPECT_EQ(s.mean, 2.5);
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(5.0 / 3.0));  // (2.25+0.25+0.25+2.25) / 3
}

// n = 6: (n-1)/4 = n/4 = 1 but (n-1)/2 = 2 != n/2 = 3.
TEST(Statistics, SixValues) {
  const std::vector<double> values = {60, 10, 50, 20, 40, 30};
  const SummaryStatistics s = summarize(values);
  EXPECT_EQ(s.first_quartile, 20);
  EXPECT_EQ(s.median, 35);
  EXPECT_EQ(s.third_quartile, 50);
  EXPECT_EQ(s.mean, 35);
}

// n = 7: every index is exact; the quartiles are the 2nd and 6th smallest.
TEST(Statistics, SevenValues) {
  const std::vector<double> values = {0.7, 0.1, 0.6, 0.2, 0.5, 0.3, 0.4};
  const SummaryStatistics s = summarize(values);
  EXPECT_EQ(s.minimum, 0.1);
  EXPECT_EQ(s.first_quartile, 0.2);
  EXPECT_EQ(s.median, 0.4);
  EXPECT_EQ(s.third_quartile, 0.6);
  EXPECT_EQ(s.maximum, 0.7);
}

// 1..64 shuffled, as 64 BFS roots: quartiles (16+17)/2, (32+33)/2, (48+49)/2.
TEST(Statistics, SixtyFourValues) {
  std::vector<double> values(64);
  std::iota(values.begin(), values.end(), 1.0);
  std::mt19937 random(12345);
  std::shuffle(values.begin(), values.end(), random);
  const SummaryStatistics s = summarize(values);
  EXPECT_EQ(s.minimum, 1);
  EXPECT_EQ(s.first_quartile, 16.5);
  EXPECT_EQ(s.median, 32.5);
  EXPECT_EQ(s.third_quartile, 48.5);
  EXPECT_EQ(s.maximum, 64);
  EXPECT_EQ(s.mean, 32.5);
  // Sample variance of 1..n is n(n+1)/12.
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(64.0 * 65.0 / 12.0));
}

TEST(Statistics, DoesNotReorderInput) {
  const std::vector<double> values = {3, 1, 2};
  summarize(values);
  EXPECT_EQ(values, (std::vector<double>{3, 1, 2}));
}

// TEPS 4 and 2: harmonic mean 2 / (1/4 + 1/2) = 8/3; seconds per edge 0.25 and 0.5 have sample
// stddev 0.125*sqrt(2), so the Norris stddev is 0.125*sqrt(2) / 0.375^2.
TEST(TepsStatistics, TwoRootsByHand) {
  const std::vector<double> seconds = {1, 2};
  const std::vector<double> nedge = {4, 4};
  const TepsStatistics t = summarize_teps(seconds, nedge);
  EXPECT_DOUBLE_EQ(t.minimum, 2);
  EXPECT_DOUBLE_EQ(t.first_quartile, 2);
  EXPECT_DOUBLE_EQ(t.median, 8.0 / 3.0);
  EXPECT_DOUBLE_EQ(t.third_quartile, 4);
  EXPECT_DOUBLE_EQ(t.maximum, 4);
  EXPECT_DOUBLE_EQ(t.harmonic_mean, 8.0 / 3.0);
  EXPECT_DOUBLE_EQ(t.harmonic_stddev, 0.125 * std::sqrt(2.0) / (0.375 * 0.375));
}

TEST(TepsStatistics, SingleRootHasZeroStddev) {
  const std::vector<double> seconds = {0.5};
  const std::vector<double> nedge = {1000};
  const TepsStatistics t = summarize_teps(seconds, nedge);
  EXPECT_DOUBLE_EQ(t.harmonic_mean, 2000);
  EXPECT_DOUBLE_EQ(t.minimum, 2000);
  EXPECT_DOUBLE_EQ(t.maximum, 2000);
  EXPECT_EQ(t.harmonic_stddev, 0);
}

// Against the textbook definitions, computed from TEPS values rather than seconds per edge.
TEST(TepsStatistics, MatchesHarmonicMeanOfTeps) {
  std::vector<double> seconds, nedge, teps;
  for (int i = 0; i < 64; ++i) {
    seconds.push_back(0.01 + 0.0007 * ((i * 37) % 64));
    nedge.push_back(1000000 + 12345 * ((i * 11) % 64));
    teps.push_back(nedge.back() / seconds.back());
  }
  double reciprocal_sum = 0;
  for (double value : teps) reciprocal_sum += 1 / value;
  const double harmonic_mean = 64 / reciprocal_sum;
  // Norris: stddev of the reciprocals, times H^2, over sqrt(n - 1).
  double squares = 0;
  for (double value : teps) squares += std::pow(1 / value - 1 / harmonic_mean, 2);
  const double reciprocal_stddev = std::sqrt(squares / 63);
  const double harmonic_stddev = reciprocal_stddev * harmonic_mean * harmonic_mean / std::sqrt(63.0);

  const TepsStatistics t = summarize_teps(seconds, nedge);
  EXPECT_NEAR(t.harmonic_mean, harmonic_mean, 1e-9 * harmonic_mean);
  EXPECT_NEAR(t.harmonic_stddev, harmonic_stddev, 1e-9 * harmonic_stddev);
  EXPECT_NEAR(t.minimum, *std::min_element(teps.begin(), teps.end()), 1e-6);
  EXPECT_NEAR(t.maximum, *std::max_element(teps.begin(), teps.end()), 1e-6);
}

TEST(TepsStatistics, MismatchedSizesThrow) {
  const std::vector<double> seconds = {1, 2};
  const std::vector<double> nedge = {4};
  EXPECT_THROW(summarize_teps(seconds, nedge), Error);
}

TEST(TepsStatistics, EmptyInputIsAllZero) {
  const TepsStatistics t = summarize_teps({}, {});
  EXPECT_EQ(t.harmonic_mean, 0);
  EXPECT_EQ(t.minimum, 0);
}

}  // namespace
}  // namespace semibfs
