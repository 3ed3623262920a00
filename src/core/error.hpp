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

// A failure every rank of a run under mpirun meets alike, having thrown it together (the message of
// the lowest rank that met it): the job then ends through MPI_Finalize, the message printed once,
// instead of MPI_Abort. In one process it is any other Error.
class EveryRankError : public Error {
 public:
  explicit EveryRankError(const std::string& message) : Error(message) {}
};

// A bad command line: the CLI exits with status 2 before doing any work.
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& message) : Error(message) {}
};

}  // namespace semibfs
