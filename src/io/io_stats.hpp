// I/O statistics of a reader: requests, bytes, queue depth and a latency histogram. Kept per
// reader, reset per BFS level, merged across readers and levels (DESIGN.md: every run reports
// I/O counts, bytes, average request size and queue depth).
#pragma once

#include <array>
#include <cstdint>

namespace semibfs {

class JsonWriter;

// Latencies in log2 buckets (each power of two of nanoseconds split in kSubBuckets linear
// parts), so a percentile is off by at most 1/kSubBuckets of its value.
class LatencyHistogram {
 public:
  static constexpr int kSubBucketBits = 3;
  static constexpr int kSubBuckets = 1 << kSubBucketBits;
  static constexpr int kBuckets = 64 * kSubBuckets;

  void record(std::uint64_t nanoseconds);
  void merge(const LatencyHistogram& other);
  std::uint64_t count() const { return count_; }
  std::uint64_t max_nanoseconds() const { return max_; }
  // The smallest bucket bound at or below which `fraction` (0..1) of the samples lie, clamped to
  // the largest sample; 0 when there are none. Non-decreasing in `fraction`.
  std::uint64_t percentile_nanoseconds(double fraction) const;

 private:
  static int bucket_of(std::uint64_t nanoseconds);
  static std::uint64_t upper_bound_of(int bucket);

  std::array<std::uint64_t, kBuckets> counts_{};
  std::uint64_t count_ = 0;
  std::uint64_t max_ = 0;
};

// What a report prints; plain numbers.
struct IoSummary {
  std::uint64_t requests = 0;
  std::uint64_t bytes = 0;         // asked by the callers
  std::uint64_t device_bytes = 0;  // transferred, after rounding out to whole blocks
  double mean_request_bytes = 0;   // bytes / requests
  double mean_queue_depth = 0;     // reads in flight once each one's batch was issued
  double latency_p50_us = 0;
  double latency_p90_us = 0;
  double latency_p99_us = 0;
  double latency_max_us = 0;
  // Thread-seconds, summed over the threads: blocked waiting for reads, and spent on tails once
  // their bytes arrived (decoding a compressed tail and visiting its ids are one loop).
  double wait_seconds = 0;
  double tail_processing_seconds = 0;
};

class IoStats {
 public:
  // `reads` reads handed to the device together, leaving `in_flight` reads (these included) there.
  void record_issue(std::uint64_t in_flight, std::uint64_t reads = 1) { queue_depth_sum_ += in_flight * reads; }
  // One request completed: `bytes` asked, `device_bytes` transferred, in `nanoseconds`.
  void record_completion(std::uint64_t bytes, std::uint64_t device_bytes, std::uint64_t nanoseconds);
  // A thread's time blocked on reads and its time on tails that arrived.
  void record_thread_time(std::uint64_t wait_nanoseconds, std::uint64_t tail_processing_nanoseconds) {
    wait_nanoseconds_ += wait_nanoseconds;
    tail_processing_nanoseconds_ += tail_processing_nanoseconds;
  }

  void merge(const IoStats& other);
  void reset() { *this = IoStats(); }

  std::uint64_t requests() const { return requests_; }
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t device_bytes() const { return device_bytes_; }
  const LatencyHistogram& latency() const { return latency_; }
  IoSummary summary() const;

 private:
  std::uint64_t requests_ = 0;
  std::uint64_t bytes_ = 0;
  std::uint64_t device_bytes_ = 0;
  std::uint64_t queue_depth_sum_ = 0;
  std::uint64_t wait_nanoseconds_ = 0;
  std::uint64_t tail_processing_nanoseconds_ = 0;
  LatencyHistogram latency_;
};

// Writes `summary` as one JSON object (the caller has written its key, if any).
void write_json(JsonWriter& writer, const IoSummary& summary);

}  // namespace semibfs
