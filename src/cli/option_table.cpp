#include "cli/option_table.hpp"

#include <sstream>

#include "core/error.hpp"
#include "session/option_rules.hpp"

namespace semibfs::cli {
namespace {

constexpr std::size_t kHelpColumn = 23;  // where the help text starts
constexpr std::size_t kLineWidth = 96;

// `text` cut into lines of at most `width` characters at spaces.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines(1);
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + word;
  }
  return lines;
}

// "  HEADING   help..." with the help wrapped at kHelpColumn; a long heading gets its own line.
std::string two_columns(const std::string& heading, const std::string& help) {
  std::string text;
  std::string line = "  " + heading;
  if (line.size() + 1 > kHelpColumn) {
    text += line + "\n";
    line.clear();
  }
  for (const std::string& part : wrap(help, kLineWidth - kHelpColumn)) {
    line.resize(kHelpColumn, ' ');
    text += line + part + "\n";
    line.clear();
  }
  return text;
}

}  // namespace

OptionTable::OptionTable(std::vector<std::string> usage, std::string description)
    : usage_(std::move(usage)), description_(std::move(description)) {}

OptionTable& OptionTable::value(const std::string& name, const std::string& value_name, const std::string& help,
                                Setter set, const std::string& alias) {
  const std::string spelled = alias.empty() ? name : alias + ", " + name;
  entries_.push_back({name, alias, value_name, spelled + " " + value_name, help, std::move(set)});
  return *this;
}

OptionTable& OptionTable::flag(const std::string& name, const std::string& help, Action set) {
  entries_.push_back({name, "", "", name, help, [set = std::move(set)](const std::string&) { set(); }});
  return *this;
}

OptionTable& OptionTable::positional(const std::string& value_name, const std::string& help, Setter set) {
  entries_.push_back({"", "", value_name, value_name, help, std::move(set)});
  return *this;
}

OptionTable& OptionTable::positionals(const std::string& value_name, const std::string& help, Setter set) {
  entries_.push_back({"", "", value_name, value_name + "...", help, std::move(set), true});
  return *this;
}

const OptionTable::Entry* OptionTable::find(const std::string& word) const {
  for (const Entry& entry : entries_) {
    if (!entry.name.empty() && (word == entry.name || word == entry.alias)) return &entry;
  }
  return nullptr;
}

// The value parsers speak of the value; the flag is named here.
void OptionTable::apply(const Entry& entry, Arguments& arguments) const {
  if (!entry.value_name.empty() && arguments.done()) throw UsageError(entry.name + " needs a value");
  const std::string value = entry.value_name.empty() ? std::string() : arguments.take();
  parse_option_value(entry.name, [&] { entry.set(value); });
}

bool OptionTable::parse(Arguments& arguments) const {
  const Entry* positional = nullptr;
  for (const Entry& entry : entries_) {
    if (entry.name.empty()) positional = &entry;
  }
  bool positional_taken = false;
  while (!arguments.done()) {
    const std::string word = arguments.take();
    if (word == "-h" || word == "--help") return false;
    if (const Entry* entry = find(word)) {
      apply(*entry, arguments);
    } else if (positional != nullptr && !positional_taken && !word.starts_with("-")) {
      positional->set(word);
      positional_taken = !positional->repeated;
    } else {
      throw UsageError("unknown option '" + word + "'");
    }
  }
  return true;
}

std::string OptionTable::help() const {
  std::string text;
  for (std::size_t i = 0; i < usage_.size(); ++i) text += (i == 0 ? "Usage: semibfs " : "       semibfs ") + usage_[i] + "\n";
  text += "\n";
  for (const std::string& line : wrap(description_, kLineWidth - 1)) text += line + "\n";
  text += "\n";
  for (const Entry& entry : entries_) text += two_columns(entry.heading, entry.help);
  return text + two_columns("-h, --help", "this text");
}

}  // namespace semibfs::cli
