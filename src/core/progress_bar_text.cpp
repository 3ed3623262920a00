#include "core/progress_bar_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace semibfs {
namespace {

constexpr int kMaxBarCells = 40;
constexpr int kMinBarCells = 8;  // narrower, the bar is left out
// The figures after the bar are given this much room at least, so the bar keeps its width while
// they change ("45%, 12.3 M edges/s, 3 s left" is 29 characters).
constexpr int kFiguresRoom = 32;
// Up to this many, a phase shows "17/64" rather than a percentage.
constexpr std::int64_t kMaxCountedTotal = 1000;

const char* unit_name(ProgressUnit unit) {
  switch (unit) {
    case ProgressUnit::kEdges: return "edges";
    case ProgressUnit::kVertices: return "vertices";
    case ProgressUnit::kBytes: return "bytes";
    case ProgressUnit::kSearches: return "searches";
    case ProgressUnit::kIterations: return "iterations";
    case ProgressUnit::kNone: break;
  }
  return "";
}

// Three significant digits with an SI prefix: "850", "12.3 k", "1.07 G", "0.83".
std::string si_number(double value) {
  static const char* const kPrefixes[] = {"", " k", " M", " G", " T", " P"};
  if (value < 0.001) return "0";
  int prefix = 0;
  while (value >= 999.5 && prefix < 5) {
    value /= 1000;
    ++prefix;
  }
  char text[32];
  std::snprintf(text, sizeof(text), value < 1 ? "%.2g%s" : "%.3g%s", value, kPrefixes[prefix]);
  return text;
}

// "512 B", "1.5 KiB", "45.0 MiB": one decimal in binary units, as the rest of semibfs counts bytes.
std::string binary_bytes(double bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int unit = 0;
  while (bytes >= 1023.95 && unit < 5) {
    bytes /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof(text), unit == 0 ? "%.0f %s" : "%.1f %s", bytes, kUnits[unit]);
  return text;
}

// A final count, exact: "1048576 edges" (bytes as binary_bytes).
std::string exact_amount(ProgressUnit unit, std::int64_t amount) {
  if (unit == ProgressUnit::kBytes) return binary_bytes(static_cast<double>(amount));
  return std::to_string(amount) + " " + unit_name(unit);
}

double rate_of(const ProgressFigures& figures) {
  return figures.seconds > 0 && figures.done > 0 ? static_cast<double>(figures.done) / figures.seconds : 0;
}

// ", 12.3 M edges/s, 3 s left": as much of it as is known.
std::string rate_and_time_left(const ProgressFigures& figures) {
  const double rate = rate_of(figures);
  if (rate <= 0) return "";
  std::string text = ", " + format_per_second(figures.unit, rate);
  if (figures.total > figures.done) {
    text += ", " + format_time_left(static_cast<double>(figures.total - figures.done) / rate) + " left";
  }
  return text;
}

// "45%", or "17/64" for a few countable things.
std::string share_done(const ProgressFigures& figures) {
  if (figures.total <= kMaxCountedTotal && figures.unit != ProgressUnit::kBytes) {
    return std::to_string(figures.done) + "/" + std::to_string(figures.total);
  }
  const double fraction = static_cast<double>(figures.done) / static_cast<double>(figures.total);
  return std::to_string(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100)) + "%";
}

std::string bar_cells(const ProgressFigures& figures, int cells) {
  const double fraction = static_cast<double>(figures.done) / static_cast<double>(figures.total);
  const int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * cells);
  return std::string(static_cast<std::size_t>(filled), '#') +
         std::string(static_cast<std::size_t>(cells - filled), '.');
}

std::string clipped(std::string line, int columns) {
  const auto limit = static_cast<std::size_t>(std::max(columns - 1, 1));
  if (line.size() > limit) line.resize(limit);
  return line;
}

}  // namespace

std::string progress_bar_line(const ProgressFigures& figures, int columns) {
  const std::string head = figures.label + ": ";
  if (figures.unit == ProgressUnit::kNone) return clipped(head + format_elapsed(figures.seconds), columns);
  if (figures.total <= 0) {
    return clipped(head + format_amount(figures.unit, static_cast<double>(figures.done)) + rate_and_time_left(figures),
                   columns);
  }
  const std::string tail = share_done(figures) + rate_and_time_left(figures);
  const int tail_room = std::max(static_cast<int>(tail.size()), kFiguresRoom);
  const int room = columns - 1 - static_cast<int>(head.size()) - tail_room - 3;  // "[", "] "
  if (room < kMinBarCells) return clipped(head + tail, columns);
  return head + "[" + bar_cells(figures, std::min(room, kMaxBarCells)) + "] " + tail;
}

std::string progress_final_line(const ProgressFigures& figures) {
  const std::string head = figures.label + ": ";
  const std::string time = " in " + format_elapsed(figures.seconds);
  if (figures.unit == ProgressUnit::kNone) return head + "done" + time;
  std::string amount = exact_amount(figures.unit, figures.done);
  if (figures.total > figures.done) {  // stopped early
    amount = (figures.unit == ProgressUnit::kBytes ? amount : std::to_string(figures.done)) + " of " +
             exact_amount(figures.unit, figures.total);
  }
  const double rate = rate_of(figures);
  return head + amount + time + (rate > 0 ? ", " + format_per_second(figures.unit, rate) : "");
}

std::string format_amount(ProgressUnit unit, double amount) {
  if (unit == ProgressUnit::kBytes) return binary_bytes(amount);
  if (unit == ProgressUnit::kNone) return si_number(amount);
  return si_number(amount) + " " + unit_name(unit);
}

std::string format_per_second(ProgressUnit unit, double per_second) { return format_amount(unit, per_second) + "/s"; }

std::string format_time_left(double seconds) {
  const double whole = std::ceil(std::max(seconds, 0.0));
  if (whole >= 100 * 3600.0) return "over 99 h";
  const auto total = static_cast<long long>(whole);
  char text[32];
  if (total < 60) {
    std::snprintf(text, sizeof(text), "%lld s", total);
  } else if (total < 3600) {
    std::snprintf(text, sizeof(text), "%lld min %02lld s", total / 60, total % 60);
  } else {
    std::snprintf(text, sizeof(text), "%lld h %02lld min", total / 3600, total / 60 % 60);
  }
  return text;
}

std::string format_elapsed(double seconds) {
  if (seconds >= 59.95) return format_time_left(seconds);
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f s", std::max(seconds, 0.0));
  return text;
}

}  // namespace semibfs
