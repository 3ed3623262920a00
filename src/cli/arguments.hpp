// A subcommand's words, taken one at a time, and the parsers of option values. The parsers speak
// of the value only ("must be an integer from 1 to 32, got 'x'"); the option table names the flag.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace semibfs::cli {

class Arguments {
 public:
  Arguments(std::string command, std::vector<std::string> words);

  bool done() const { return next_ >= words_.size(); }
  // The next word; options and positional words alike.
  std::string take();
  const std::string& command() const { return command_; }

 private:
  std::string command_;
  std::vector<std::string> words_;
  std::size_t next_ = 0;
};

// Each throws UsageError saying what the value must be and what it got.
std::int64_t parse_integer(const std::string& text, std::int64_t minimum, std::int64_t maximum);
std::uint64_t parse_unsigned(const std::string& text);
// A finite number (its range checked by the caller).
double parse_real(const std::string& text);
double parse_positive_double(const std::string& text);

}  // namespace semibfs::cli
