// Where a command's result files go: a path (written atomically, core/file_output.hpp) or '-' for
// stdout, as every Unix tool reads it.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "core/file_output.hpp"

namespace semibfs::cli {

inline bool is_stdout(const std::string& path) { return path == "-"; }

// Before any work: a path that could not be written is a UsageError; '-' and '' always pass.
void check_output(const std::string& path);

// A result written in pieces to a file (seen whole or not at all) or to stdout.
class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  void append(std::span<const std::byte> bytes);
  void commit();

 private:
  std::unique_ptr<AtomicFileWriter> file_;  // null for stdout
};

// Writes `text` whole to `path`, or to stdout for '-'.
void write_output(const std::string& path, const std::string& text);

// Throws semibfs::Error naming stdout when anything written to it was lost (a full disk, a closed
// pipe): results must not vanish behind exit status 0.
void flush_stdout();

}  // namespace semibfs::cli
