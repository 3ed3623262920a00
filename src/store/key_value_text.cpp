#include "store/key_value_text.hpp"

#include <sstream>

#include "core/error.hpp"

namespace semibfs {

void KeyValueText::read(const std::string& text, const LineVisitor& take) const {
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (number == 1) {
      if (key != magic_) fail(number, "does not start with '" + magic_ + "'");
      if (count(value, number) != version_) {
        fail(number, "format version " + value + ", this semibfs reads version " + std::to_string(version_));
      }
    } else if (key == "end") {
      return;
    } else {
      take(key, value, number);
    }
  }
  if (number == 0) fail(1, "the " + noun_ + " is empty");
  fail(number, "no 'end' line: the " + noun_ + " is cut short");
}

std::int64_t KeyValueText::count(const std::string& text, int line) const {
  std::size_t used = 0;
  std::int64_t value = -1;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || value < 0) fail(line, "'" + text + "' is not a count");
  return value;
}

void KeyValueText::fail(int line, const std::string& what) const {
  fail_(line, what);
  throw Error(noun_ + " line " + std::to_string(line) + ": " + what);  // when fail_ did not throw
}

}  // namespace semibfs
