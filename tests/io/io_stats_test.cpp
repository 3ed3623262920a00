// IoStats and its latency histogram: exact counts, bounded percentile error, merging, resetting.
#include "io/io_stats.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/json_writer.hpp"

namespace semibfs {
namespace {

TEST(StorageIoStats, EmptyHistogramIsZero) {
  LatencyHistogram histogram;
  EXPECT_EQ(histogram.count(), 0u);
  EXPECT_EQ(histogram.percentile_nanoseconds(0.5), 0u);
  const IoSummary summary = IoStats().summary();
  EXPECT_EQ(summary.requests, 0u);
  EXPECT_EQ(summary.mean_queue_depth, 0.0);
}

TEST(StorageIoStats, PercentilesWithinOneEighth) {
  LatencyHistogram histogram;
  for (std::uint64_t value = 1; value <= 100000; ++value) histogram.record(value);
  EXPECT_EQ(histogram.count(), 100000u);
  EXPECT_EQ(histogram.max_nanoseconds(), 100000u);
  for (double fraction : {0.01, 0.5, 0.9, 0.99}) {
    const double exact = fraction * 100000;
    const auto estimate = static_cast<double>(histogram.percentile_nanoseconds(fraction));
    EXPECT_GE(estimate, exact) << fraction;  // the bucket's upper bound
    EXPECT_LE(estimate, exact * 1.125 + 1) << fraction;
  }
  EXPECT_EQ(histogram.percentile_nanoseconds(1.0), 100000u);
}

TEST(StorageIoStats, SmallAndHugeValuesAreExactOrBounded) {
  LatencyHistogram histogram;
  histogram.record(0);
  histogram.record(3);
  histogram.record(~std::uint64_t{0});
  EXPECT_EQ(histogram.percentile_nanoseconds(0.3), 0u);
  EXPECT_EQ(histogram.percentile_nanoseconds(0.6), 3u);
  EXPECT_EQ(histogram.percentile_nanoseconds(1.0), ~std::uint64_t{0});
}

TEST(StorageIoStats, PercentilesAreOrderedOnSkewedData) {
  LatencyHistogram histogram;
  for (int index = 0; index < 1000; ++index) histogram.record(80000);        // 80 us
  for (int index = 0; index < 20; ++index) histogram.record(5'000'000);      // 5 ms stragglers
  const std::uint64_t p50 = histogram.percentile_nanoseconds(0.5);
  const std::uint64_t p99 = histogram.percentile_nanoseconds(0.99);
  EXPECT_GE(p50, 80000u);
  EXPECT_LT(p50, 90000u);
  EXPECT_GE(p99, 5'000'000u);  // 2% stragglers: the 99th percentile is one of them
  EXPECT_LE(histogram.percentile_nanoseconds(0.9), p99);
  EXPECT_LE(p99, histogram.max_nanoseconds());
}

TEST(StorageIoStats, SummaryMeansAreExact) {
  IoStats stats;
  stats.record_issue(1);
  stats.record_completion(100, 4096, 1000);
  stats.record_issue(4, 2);  // a batch of two
  stats.record_completion(300, 4096, 3000);
  stats.record_completion(2, 8192, 2000);
  const IoSummary summary = stats.summary();
  EXPECT_EQ(summary.requests, 3u);
  EXPECT_EQ(summary.bytes, 402u);
  EXPECT_EQ(summary.device_bytes, 16384u);
  EXPECT_DOUBLE_EQ(summary.mean_request_bytes, 134.0);
  EXPECT_DOUBLE_EQ(summary.mean_queue_depth, 3.0);
  EXPECT_DOUBLE_EQ(summary.latency_max_us, 3.0);
  EXPECT_LE(summary.latency_p50_us, summary.latency_p99_us);
}

TEST(StorageIoStats, MergeAddsAndResetClears) {
  IoStats level_one;
  level_one.record_issue(4);
  level_one.record_completion(10, 4096, 500);
  level_one.record_thread_time(1'500'000'000, 250'000'000);
  IoStats level_two;
  level_two.record_issue(2);
  level_two.record_completion(30, 4096, 9000);
  level_two.record_thread_time(500'000'000, 1'000'000'000);
  IoStats run = level_one;
  run.merge(level_two);
  EXPECT_DOUBLE_EQ(run.summary().wait_seconds, 2.0);
  EXPECT_DOUBLE_EQ(run.summary().tail_processing_seconds, 1.25);
  EXPECT_EQ(run.requests(), 2u);
  EXPECT_EQ(run.bytes(), 40u);
  EXPECT_EQ(run.device_bytes(), 8192u);
  EXPECT_DOUBLE_EQ(run.summary().mean_queue_depth, 3.0);
  EXPECT_EQ(run.latency().max_nanoseconds(), 9000u);
  EXPECT_EQ(run.latency().count(), 2u);
  run.reset();
  EXPECT_EQ(run.requests(), 0u);
  EXPECT_EQ(run.summary().wait_seconds, 0.0);
  EXPECT_EQ(run.latency().count(), 0u);
  EXPECT_EQ(level_one.requests(), 1u);  // the merged-in stats are untouched
}

TEST(StorageIoStats, JsonHasEveryField) {
  IoStats stats;
  stats.record_issue(1);
  stats.record_completion(4096, 4096, 100000);
  stats.record_thread_time(3'000'000'000, 500'000'000);
  JsonWriter writer;
  write_json(writer, stats.summary());
  EXPECT_TRUE(writer.complete());
  const std::string& text = writer.text();
  for (const char* key : {"\"requests\": 1", "\"bytes\": 4096", "\"device_bytes\": 4096",
                          "\"mean_request_bytes\"", "\"mean_queue_depth\"", "\"latency_us\"", "\"p50\"",
                          "\"p90\"", "\"p99\"", "\"max\": 100", "\"wait_seconds\": 3",
                          "\"tail_processing_seconds\": 0.5"}) {
    EXPECT_NE(text.find(key), std::string::npos) << key << " in " << text;
  }
}

}  // namespace
}  // namespace semibfs
