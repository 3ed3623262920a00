// A command's options, each declared once (name, value name, help text, a setter that parses the
// value into a typed field); the table parses the command line with them and writes the --help
// text from them, so the two cannot drift apart. A value parser's UsageError or Error is
// rethrown as a UsageError that names the flag ("--dram-budget: ...").
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cli/arguments.hpp"

namespace semibfs::cli {

class OptionTable {
 public:
  using Setter = std::function<void(const std::string& value)>;
  using Action = std::function<void()>;

  // `usage`: the usage lines after "Usage: semibfs "; `description`: the paragraph below them.
  OptionTable(std::vector<std::string> usage, std::string description);

  // `--name VALUE`; `alias` is a short spelling such as "-o" (empty for none).
  OptionTable& value(const std::string& name, const std::string& value_name, const std::string& help,
                     Setter set, const std::string& alias = "");
  // `--name` alone.
  OptionTable& flag(const std::string& name, const std::string& help, Action set);
  // The one positional word (INPUT); a second one is an error.
  OptionTable& positional(const std::string& value_name, const std::string& help, Setter set);
  // Any number of positional words (RUN.json...), each handed to `set` in order.
  OptionTable& positionals(const std::string& value_name, const std::string& help, Setter set);

  // Reads every word. Returns false when -h or --help was given (nothing after it is read).
  bool parse(Arguments& arguments) const;
  // Usage, description and one entry per option, wrapped in two columns.
  std::string help() const;

 private:
  struct Entry {
    std::string name;        // "--store"; empty for the positional word
    std::string alias;       // "-o" or empty
    std::string value_name;  // "DIR"; empty for a flag
    std::string heading;     // the left column as the help shows it
    std::string help;
    Setter set;
    bool repeated = false;  // a positional word that may come many times
  };
  const Entry* find(const std::string& word) const;
  void apply(const Entry& entry, Arguments& arguments) const;

  std::vector<std::string> usage_;
  std::string description_;
  std::vector<Entry> entries_;
};

}  // namespace semibfs::cli
