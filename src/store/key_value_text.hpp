// The text files of a store that people read too (the manifest, the input description of a store
// built from a graph file): one "key value" line each, the first "MAGIC VERSION", the last "end".
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace semibfs {

class KeyValueText {
 public:
  // Throws semibfs::Error naming the file, the line and what is wrong; must not return.
  using Failure = std::function<void(int line, const std::string& what)>;
  using LineVisitor = std::function<void(const std::string& key, const std::string& value, int line)>;

  // `noun` names the file in the messages about it as a whole ("the manifest is empty").
  KeyValueText(std::string magic, int version, std::string noun, Failure fail)
      : magic_(std::move(magic)), version_(version), noun_(std::move(noun)), fail_(std::move(fail)) {}

  // Calls take(key, value, line) for every line between the first and "end" (value: all after the
  // first space); fails on an empty text, a first line other than "MAGIC VERSION" and a missing end.
  void read(const std::string& text, const LineVisitor& take) const;
  // `text` as a non-negative count; fails otherwise.
  std::int64_t count(const std::string& text, int line) const;
  [[noreturn]] void fail(int line, const std::string& what) const;

 private:
  std::string magic_;
  int version_;
  std::string noun_;
  Failure fail_;
};

}  // namespace semibfs
