#include "io/io_stats.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/json_writer.hpp"

namespace semibfs {

// Values below kSubBuckets have a bucket each; above, bucket = (octave, top bits after the
// leading one), as in HdrHistogram's log-linear layout.
int LatencyHistogram::bucket_of(std::uint64_t nanoseconds) {
  if (nanoseconds < static_cast<std::uint64_t>(kSubBuckets)) return static_cast<int>(nanoseconds);
  const int octave = std::bit_width(nanoseconds) - 1;  // >= kSubBucketBits
  const int shift = octave - kSubBucketBits;
  const int sub_bucket = static_cast<int>((nanoseconds >> shift) & (kSubBuckets - 1));
  return (shift + 1) * kSubBuckets + sub_bucket;
}

std::uint64_t LatencyHistogram::upper_bound_of(int bucket) {
  if (bucket < kSubBuckets) return static_cast<std::uint64_t>(bucket);
  const int shift = bucket / kSubBuckets - 1;
  const std::uint64_t sub_bucket = static_cast<std::uint64_t>(bucket % kSubBuckets);
  const std::uint64_t lower = (static_cast<std::uint64_t>(kSubBuckets) + sub_bucket) << shift;
  return lower + ((std::uint64_t{1} << shift) - 1);
}

void LatencyHistogram::record(std::uint64_t nanoseconds) {
  ++counts_[static_cast<std::size_t>(bucket_of(nanoseconds))];
  ++count_;
  max_ = std::max(max_, nanoseconds);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (std::size_t bucket = 0; bucket < counts_.size(); ++bucket) counts_[bucket] += other.counts_[bucket];
  count_ += other.count_;
  max_ = std::max(max_, other.max_);
}

std::uint64_t LatencyHistogram::percentile_nanoseconds(double fraction) const {
  if (count_ == 0) return 0;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const auto wanted = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(fraction * static_cast<double>(count_))));
  std::uint64_t seen = 0;
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    seen += counts_[static_cast<std::size_t>(bucket)];
    if (seen >= wanted) return std::min(upper_bound_of(bucket), max_);
  }
  return max_;
}

void IoStats::record_completion(std::uint64_t bytes, std::uint64_t device_bytes,
                                std::uint64_t nanoseconds) {
  ++requests_;
  bytes_ += bytes;
  device_bytes_ += device_bytes;
  latency_.record(nanoseconds);
}

void IoStats::merge(const IoStats& other) {
  requests_ += other.requests_;
  bytes_ += other.bytes_;
  device_bytes_ += other.device_bytes_;
  queue_depth_sum_ += other.queue_depth_sum_;
  wait_nanoseconds_ += other.wait_nanoseconds_;
  tail_processing_nanoseconds_ += other.tail_processing_nanoseconds_;
  latency_.merge(other.latency_);
}

IoSummary IoStats::summary() const {
  IoSummary summary;
  summary.requests = requests_;
  summary.bytes = bytes_;
  summary.device_bytes = device_bytes_;
  if (requests_ > 0) {
    const auto requests = static_cast<double>(requests_);
    summary.mean_request_bytes = static_cast<double>(bytes_) / requests;
    summary.mean_queue_depth = static_cast<double>(queue_depth_sum_) / requests;
  }
  const auto microseconds = [](std::uint64_t nanoseconds) { return static_cast<double>(nanoseconds) / 1e3; };
  summary.latency_p50_us = microseconds(latency_.percentile_nanoseconds(0.50));
  summary.latency_p90_us = microseconds(latency_.percentile_nanoseconds(0.90));
  summary.latency_p99_us = microseconds(latency_.percentile_nanoseconds(0.99));
  summary.latency_max_us = microseconds(latency_.max_nanoseconds());
  summary.wait_seconds = static_cast<double>(wait_nanoseconds_) / 1e9;
  summary.tail_processing_seconds = static_cast<double>(tail_processing_nanoseconds_) / 1e9;
  return summary;
}

void write_json(JsonWriter& writer, const IoSummary& summary) {
  writer.begin_object();
  writer.field("requests", summary.requests);
  writer.field("bytes", summary.bytes);
  writer.field("device_bytes", summary.device_bytes);
  writer.field("mean_request_bytes", summary.mean_request_bytes);
  writer.field("mean_queue_depth", summary.mean_queue_depth);
  writer.key("latency_us");
  writer.begin_object();
  writer.field("p50", summary.latency_p50_us);
  writer.field("p90", summary.latency_p90_us);
  writer.field("p99", summary.latency_p99_us);
  writer.field("max", summary.latency_max_us);
  writer.end_object();
  writer.field("wait_seconds", summary.wait_seconds);
  writer.field("tail_processing_seconds", summary.tail_processing_seconds);
  writer.end_object();
}

}  // namespace semibfs
