// A progress bar on a terminal: one line redrawn in place ("\r\033[K" then the line) at most every
// `redraw_seconds`, a final line stating the total and the elapsed time when the phase ends, and
// whole lines printed above it without garbling it. A small thread redraws it every
// `ticker_seconds` as well, so the time moves during steps that count nothing for a while (a
// validation, the construction in DRAM).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "core/progress_bar_text.hpp"
#include "core/timer.hpp"

namespace semibfs {

struct ProgressBarOptions {
  int columns = 0;              // 0: the terminal's, asked at each drawing
  double redraw_seconds = 0.1;  // updates closer together are not drawn
  double ticker_seconds = 0.5;  // 0: no thread (updates alone draw)
};

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& out, ProgressBarOptions options = {});
  // Finishes a phase still showing; while an exception unwinds, only ends the bar's line.
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // A new phase, drawn at once (a phase still showing is finished first). `total` 0 or less:
  // unknown. `seconds_before`: how long the phase ran before the bar began (its rate counts them).
  void begin(std::string label, ProgressUnit unit, std::int64_t total, double seconds_before = 0);
  // `done` so far; the phase finishes when it reaches a known total.
  void update(std::int64_t done);
  void relabel(std::string label);
  // `line` (no '\n') on a line of its own above the bar, which is drawn again below it with
  // `done` (finished when that is the total); with no phase showing, the line alone.
  void print_above(const std::string& line, std::int64_t done);
  // The final line; nothing when no phase is showing.
  void finish();
  bool showing() const;
  std::string label() const;

 private:
  void draw_locked();
  void finish_locked();
  void abandon_locked();
  void redraw_until_stopped();
  double phase_seconds() const { return seconds_before_ + phase_time_.seconds(); }

  std::ostream& out_;
  const ProgressBarOptions options_;
  mutable std::mutex mutex_;  // every member below, and the stream while the bar shows
  std::condition_variable stop_requested_;
  bool stopping_ = false;
  bool showing_ = false;
  ProgressFigures figures_;
  Stopwatch phase_time_;
  double seconds_before_ = 0;
  double last_draw_ = 0;  // phase seconds at the last drawing
  const int uncaught_at_start_ = std::uncaught_exceptions();
  std::thread ticker_;
};

// A bar on stderr when `out` is std::cerr and shows_progress_bar says so (core/terminal.hpp);
// otherwise none, and the caller prints plain lines.
std::unique_ptr<ProgressBar> progress_bar_for(const std::ostream* out);

}  // namespace semibfs
