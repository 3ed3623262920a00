// Progress of long work (writing an edge file, building a store externally, importing a graph
// file), on a stream the caller chooses (stderr in the tools) or nowhere: plain lines, at most one
// every few seconds, on a file, a pipe or CI; on a terminal, a bar per phase instead of the
// periodic lines (core/progress_bar.hpp), with the other lines printed above it.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "core/progress_bar.hpp"
#include "core/timer.hpp"

namespace semibfs {

class ProgressLog {
 public:
  // Lines start with "<prefix>: "; a null stream prints nothing.
  ProgressLog(std::ostream* out, std::string prefix, double interval_seconds = 2.0);

  // Always printed, with the seconds since the log began; it ends the bar's phase first.
  void say(const std::string& line);
  // Printed only when the interval has passed since the last line: "<what> <done> of <total> (P%)".
  // On a terminal, the bar of the phase `what` names before its last ": " (the counted item after
  // it is the bar's `unit`: "counting endpoints: edge"), or of the log itself ("edges").
  void tick(const std::string& what, std::int64_t done, std::int64_t total, ProgressUnit unit = ProgressUnit::kNone);
  // The bar of "<prefix>: <phase>" ("<prefix>" for an empty phase) alone, finished when done
  // reaches total: for progress that has lines of its own, or none, when no bar shows.
  void show(const std::string& phase, std::int64_t done, std::int64_t total, ProgressUnit unit);
  bool shows_bar() const { return bar_ != nullptr; }
  double seconds() const { return elapsed_.seconds(); }

 private:
  std::ostream* out_;
  std::string prefix_;
  double interval_seconds_;
  double last_line_ = 0;
  Stopwatch elapsed_;
  std::unique_ptr<ProgressBar> bar_;  // on a terminal only
  double phase_start_ = 0;            // when the last line or phase ended: where the next phase began
};

}  // namespace semibfs
