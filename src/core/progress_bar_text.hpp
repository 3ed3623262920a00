// The text of a progress bar on a terminal, as pure functions of what it shows: the live line
// (`label: [#####.....] 45%, 12.3 M edges/s, 3 s left`, clipped to the terminal's width) and the
// final line that states the total and the elapsed time.
#pragma once

#include <cstdint>
#include <string>

namespace semibfs {

// What a phase counts; kNone counts nothing (an opaque step: only its time is shown).
enum class ProgressUnit { kNone, kEdges, kVertices, kBytes, kSearches, kIterations };

struct ProgressFigures {
  std::string label;
  ProgressUnit unit = ProgressUnit::kNone;
  std::int64_t done = 0;
  std::int64_t total = 0;  // 0 or less: unknown (a count and a rate, no bar)
  double seconds = 0;      // since the phase began
};

// The live line, at most `columns` - 1 characters (the last column would wrap on some terminals).
std::string progress_bar_line(const ProgressFigures& figures, int columns);
// The line a finished phase leaves: "label: 1048576 edges in 1.2 s, 874 k edges/s".
std::string progress_final_line(const ProgressFigures& figures);

// "12.3 M edges", "45.0 MiB", "17 searches" (three significant digits, binary units for bytes).
std::string format_amount(ProgressUnit unit, double amount);
// "12.3 M edges/s", "45.0 MiB/s", "0.8 searches/s".
std::string format_per_second(ProgressUnit unit, double per_second);
// Time left, rounded up to whole seconds: "3 s", "2 min 05 s", "1 h 02 min".
std::string format_time_left(double seconds);
// Elapsed time: "1.2 s" under a minute, then as time left.
std::string format_elapsed(double seconds);

}  // namespace semibfs
