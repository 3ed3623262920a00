// Progress lines for long work (writing an edge file, building a store externally): at most one
// every few seconds, on a stream the caller chooses (stderr in the tools) or nowhere.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>

#include "core/timer.hpp"

namespace semibfs {

class ProgressLog {
 public:
  // Lines start with "<prefix>: "; a null stream prints nothing.
  ProgressLog(std::ostream* out, std::string prefix, double interval_seconds = 2.0)
      : out_(out), prefix_(std::move(prefix)), interval_seconds_(interval_seconds) {}

  // Always printed, with the seconds since the log began.
  void say(const std::string& line) {
    if (out_ == nullptr) return;
    last_line_ = elapsed_.seconds();
    *out_ << prefix_ << ": " << line << " (" << static_cast<std::int64_t>(last_line_ * 10) / 10.0 << " s)" << std::endl;
  }
  // Printed only when the interval has passed since the last line.
  void tick(const std::string& what, std::int64_t done, std::int64_t total) {
    if (out_ == nullptr || elapsed_.seconds() - last_line_ < interval_seconds_) return;
    const std::int64_t percent = total > 0 ? done * 100 / total : 100;
    say(what + " " + std::to_string(done) + " of " + std::to_string(total) + " (" + std::to_string(percent) + "%)");
  }
  double seconds() const { return elapsed_.seconds(); }

 private:
  std::ostream* out_;
  std::string prefix_;
  double interval_seconds_;
  double last_line_ = 0;
  Stopwatch elapsed_;
};

}  // namespace semibfs
