// The one exception type of the library; the CLI turns it into one line on stderr.
#pragma once

#include <stdexcept>
#include <string>

namespace semibfs {

// A failure the user can act on: the message says what, where and what to do.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// A bad command line: the CLI exits with status 2 before doing any work.
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& message) : Error(message) {}
};

}  // namespace semibfs
