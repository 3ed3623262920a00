#include "cli/arguments.hpp"

#include <charconv>
#include <cmath>

#include "core/error.hpp"

namespace semibfs::cli {

Arguments::Arguments(std::string command, std::vector<std::string> words)
    : command_(std::move(command)), words_(std::move(words)) {}

std::string Arguments::take() { return words_.at(next_++); }

namespace {

template <typename Number>
bool parse_whole(const std::string& text, Number& number) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, number);
  return !text.empty() && error == std::errc() && stop == end;
}

}  // namespace

std::int64_t parse_integer(const std::string& text, std::int64_t minimum, std::int64_t maximum) {
  std::int64_t number = 0;
  if (!parse_whole(text, number) || number < minimum || number > maximum) {
    throw UsageError("must be an integer from " + std::to_string(minimum) + " to " + std::to_string(maximum) +
                     ", got '" + text + "'");
  }
  return number;
}

std::uint64_t parse_unsigned(const std::string& text) {
  std::uint64_t number = 0;
  if (!parse_whole(text, number)) throw UsageError("must be an integer from 0 to 2^64 - 1, got '" + text + "'");
  return number;
}

double parse_real(const std::string& text) {
  double number = 0;
  if (!parse_whole(text, number) || !std::isfinite(number)) throw UsageError("must be a number, got '" + text + "'");
  return number;
}

double parse_positive_double(const std::string& text) {
  double number = 0;
  if (!parse_whole(text, number) || !std::isfinite(number) || number <= 0) {
    throw UsageError("must be a positive number, got '" + text + "'");
  }
  return number;
}

}  // namespace semibfs::cli
