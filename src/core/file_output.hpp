// Writing result files so that a reader never sees half a file, and rejecting an unwritable
// output path before any work is done.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>

namespace semibfs {

class TemporaryFile;

// A file written piece by piece under `path + ".tmp.<pid>"` and renamed over `path` by commit()
// (after a flush and fsync); destroyed uncommitted, it removes the temporary file and leaves
// `path` as it was. A symbolic link is followed: the file it names is written and the link kept.
// A replaced file keeps its permission bits. A directory, a device, a pipe or a link through /proc
// (/dev/stdout) is refused. Every failure is a semibfs::Error naming the file and the step.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(const std::string& path);
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  ~AtomicFileWriter();

  void append(std::span<const std::byte> bytes);
  void commit();
  const std::string& path() const { return path_; }

 private:
  std::string path_;    // as given, for messages
  std::string target_;  // with its links followed: what is replaced
  std::unique_ptr<TemporaryFile> temporary_;
};

// Writes `contents` to `path + ".tmp.<pid>"` in the same directory, flushes and fsyncs it, then
// renames it over `path`. On failure the temporary file is removed and semibfs::Error is thrown;
// `path` is then left as it was.
void write_file_atomically(const std::string& path, const std::string& contents);
void write_file_atomically(const std::string& path, std::span<const std::byte> contents);

// Throws semibfs::Error before any writing when `directory`'s file system has less than `bytes`
// free, naming `what` would be written, how much it needs and how much is free.
void require_free_space(const std::string& directory, std::int64_t bytes, const std::string& what);

// Throws semibfs::UsageError when a file at `path` could not be written: its directory is
// missing or not writable, or `path` is a directory or another non-regular file. Leaves no file
// behind.
void check_writable(const std::string& path);

}  // namespace semibfs
