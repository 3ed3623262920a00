// Byte sizes: strict parsing with exact integer arithmetic (no floating point, so 1.1KiB is 1126
// bytes on every machine) and an overflow check; formatting in binary units.
#include "core/byte_size.hpp"

#include <array>
#include <cstdio>
#include <limits>
#include <utility>

#include "core/error.hpp"

namespace semibfs {
namespace {

// 128-bit intermediate products; __extension__ keeps -Wpedantic quiet about the GNU type.
__extension__ using Wide = unsigned __int128;

// Digits after the decimal point that count; the rest are checked but cannot change the result
// (10^-18 of a TiB is below one byte).
constexpr int kMaxFractionDigits = 18;

struct Unit {
  std::string_view name;
  int shift;  // the unit is 2^shift bytes
};

constexpr std::array<Unit, 10> kUnits{{{"", 0}, {"B", 0},
                                       {"K", 10}, {"KiB", 10},
                                       {"M", 20}, {"MiB", 20},
                                       {"G", 30}, {"GiB", 30},
                                       {"T", 40}, {"TiB", 40}}};

[[noreturn]] void reject(std::string_view text, std::string_view why) {
  throw UsageError("cannot read '" + std::string(text) + "' as a size (" + std::string(why) +
                   "); give bytes or a number with K, M, G, T or KiB, MiB, GiB, TiB (all powers of "
                   "1024), e.g. 4GiB, 512M, 1.5G, 1000000");
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::int64_t parse_byte_size(std::string_view text) {
  std::size_t position = 0;
  Wide whole = 0;
  const Wide limit = static_cast<Wide>(std::numeric_limits<std::int64_t>::max());
  bool too_large = false;
  while (position < text.size() && is_digit(text[position])) {
    whole = whole * 10 + static_cast<unsigned>(text[position] - '0');
    if (whole > limit) {
      too_large = true;
      whole = limit + 1;  // keep reading the digits, stay bounded
    }
    ++position;
  }
  const bool has_whole = position > 0;
  Wide fraction = 0;
  Wide fraction_scale = 1;
  bool has_fraction = false;
  if (position < text.size() && text[position] == '.') {
    ++position;
    int digits = 0;
    while (position < text.size() && is_digit(text[position])) {
      if (digits < kMaxFractionDigits) {
        fraction = fraction * 10 + static_cast<unsigned>(text[position] - '0');
        fraction_scale *= 10;
      }
      ++digits;
      ++position;
    }
    if (digits == 0) reject(text, "no digit after the decimal point");
    has_fraction = true;
  }
  if (!has_whole && !has_fraction) reject(text, "it does not start with a digit");
  if (!has_whole) reject(text, "no digit before the decimal point");

  const std::string_view unit_name = text.substr(position);
  int shift = -1;
  for (const Unit& unit : kUnits) {
    if (unit.name == unit_name) shift = unit.shift;
  }
  if (shift < 0) {
    if (unit_name == "KB" || unit_name == "MB" || unit_name == "GB" || unit_name == "TB") {
      reject(text, "KB, MB, GB, TB are ambiguous between 1000 and 1024");
    }
    reject(text, "unknown unit '" + std::string(unit_name) + "'");
  }
  if (too_large) reject(text, "2^63 bytes or more");

  const Wide bytes = (whole << shift) + ((fraction << shift) / fraction_scale);
  if (bytes > limit) reject(text, "2^63 bytes or more");
  return static_cast<std::int64_t>(bytes);
}

std::string format_bytes(std::int64_t bytes) {
  static constexpr std::array<const char*, 6> kNames{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  const bool negative = bytes < 0;
  // Through unsigned, so the most negative value does not overflow.
  const std::uint64_t magnitude =
      negative ? std::uint64_t{0} - static_cast<std::uint64_t>(bytes) : static_cast<std::uint64_t>(bytes);
  const char* sign = negative ? "-" : "";
  char buffer[32];
  if (magnitude < 1024) {
    std::snprintf(buffer, sizeof(buffer), "%s%llu B", sign, static_cast<unsigned long long>(magnitude));
    return buffer;
  }
  int unit = 0;
  while (unit + 1 < static_cast<int>(kNames.size()) && magnitude >= (std::uint64_t{1024} << (10 * (unit + 1)))) {
    ++unit;
  }
  const double value = static_cast<double>(magnitude) / static_cast<double>(std::uint64_t{1} << (10 * (unit + 1)));
  std::snprintf(buffer, sizeof(buffer), "%s%.2f %s", sign, value, kNames[unit]);
  return buffer;
}

}  // namespace semibfs
