// Wall-clock timing for the timed kernels and per-level statistics.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace semibfs {

class Stopwatch {
 public:
  Stopwatch() : start_(Clock::now()) {}
  void restart() { start_ = Clock::now(); }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
};

// Seconds for log lines, in the official block's precision: "0.123456 s".
inline std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6f s", seconds);
  return text;
}

// Rates (TEPS) for log lines: four significant digits.
inline std::string format_rate(double rate) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.4g", rate);
  return text;
}

}  // namespace semibfs
