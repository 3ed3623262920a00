// What the measurement programs under bench/ share: strict positive counts on their command lines
// and a main that turns errors into one line on stderr (exit 2 for usage, 1 otherwise), as the CLI does.
#pragma once

#include <cstdint>
#include <exception>
#include <iostream>
#include <string>

#include "core/error.hpp"

namespace semibfs::bench_driver {

inline std::uint64_t parse_positive_count(const std::string& flag, const std::string& text) {
  try {
    std::size_t used = 0;
    const unsigned long long value = std::stoull(text, &used);
    if (used == text.size() && value > 0) return value;
  } catch (const std::exception&) {
  }
  throw UsageError(flag + " needs a positive integer, not '" + text + "'");
}

// `parse(text)` for a library parser whose UsageError speaks of the text alone, with the flag's
// name put in front of that error.
template <typename Parse>
auto parse_flag_value(const std::string& flag, const std::string& text, Parse parse) {
  try {
    return parse(text);
  } catch (const UsageError& error) {
    throw UsageError(flag + ": " + error.what());
  }
}

template <typename Run>
int run_main(const char* program, Run&& run) {
  try {
    return run();
  } catch (const UsageError& error) {
    std::cerr << program << ": " << error.what() << '\n';
    return 2;
  } catch (const std::exception& error) {
    std::cerr << program << ": " << error.what() << '\n';
    return 1;
  }
}

}  // namespace semibfs::bench_driver
