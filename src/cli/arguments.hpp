// Reading a subcommand's arguments: options with values, strict number parsing, one clear
// UsageError for anything wrong.
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
  // The value that must follow `option`.
  std::string take_value(const std::string& option);
  const std::string& command() const { return command_; }

 private:
  std::string command_;
  std::vector<std::string> words_;
  std::size_t next_ = 0;
};

// Each throws UsageError naming the option, what it must be and what it got.
std::int64_t parse_integer(const std::string& option, const std::string& text, std::int64_t minimum,
                           std::int64_t maximum);
std::uint64_t parse_unsigned(const std::string& option, const std::string& text);
double parse_positive_double(const std::string& option, const std::string& text);

// `parse(text)` for a library parser whose UsageError speaks of the text alone; the error comes
// back with the option's name in front ("--dram-budget: cannot read '4GB' as a size ...").
template <typename Parse>
auto parse_option_value(const std::string& option, const std::string& text, Parse parse) {
  try {
    return parse(text);
  } catch (const UsageError& error) {
    throw UsageError(option + ": " + error.what());
  }
}

}  // namespace semibfs::cli
