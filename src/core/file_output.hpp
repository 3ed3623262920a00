// Writing result files so that a reader never sees half a file, and rejecting an unwritable
// output path before any work is done.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <utility>

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

// A file written in place by a step that may still fail (an edge file the construction reads, a
// scratch file): removed when this goes out of scope unless keep() was called, so that a failed
// or interrupted run leaves the directory as it found it.
class RemovedUnlessKept {
 public:
  explicit RemovedUnlessKept(std::string path) : path_(std::move(path)) {}
  ~RemovedUnlessKept();
  RemovedUnlessKept(const RemovedUnlessKept&) = delete;
  RemovedUnlessKept& operator=(const RemovedUnlessKept&) = delete;
  const std::string& path() const { return path_; }
  void keep() { kept_ = true; }

 private:
  std::string path_;
  bool kept_ = false;
};

// '-' names stdout wherever a command takes an output path, as in every Unix tool.
inline bool is_stdout(const std::string& path) { return path == "-"; }

// Throws semibfs::Error naming `name` when anything written to `stream` was lost (a full disk, a
// closed pipe): results must not vanish behind exit status 0. `write_errno`: the errno of a write
// that failed before (the flush that follows may set none), named when the flush names nothing.
void flush_stream(std::FILE* stream, const std::string& name, int write_errno = 0);

// Whether `path` (its links followed) is the null device: an output there is accepted and
// discarded, as every Unix tool does, though it is no regular file.
bool is_null_device(const std::string& path);

// Where an output at `path` lands: absolute, its links followed (the file written through them),
// its directories' links resolved, so that two names of one file compare equal.
std::string resolved_output_path(const std::string& path);

// A result written in pieces: to a path through an AtomicFileWriter, or to an open stream (stdout
// for the path '-'), flushed at commit(); to the null device, nothing. Every failure is a
// semibfs::Error naming the output.
class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  // `stream` stays the caller's; `name` stands for it in errors.
  OutputFile(std::FILE* stream, std::string name);

  void append(std::span<const std::byte> bytes);
  void commit();
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::unique_ptr<AtomicFileWriter> file_;  // null when writing to `stream_` or discarding
  std::FILE* stream_ = nullptr;             // null when writing to `file_` or discarding
};

// Writes `contents` to `path + ".tmp.<pid>"` in the same directory, flushes and fsyncs it, then
// renames it over `path`. On failure the temporary file is removed and semibfs::Error is thrown;
// `path` is then left as it was.
void write_file_atomically(const std::string& path, const std::string& contents);
void write_file_atomically(const std::string& path, std::span<const std::byte> contents);
// Writes `contents` whole to `path`, or to stdout for '-'.
void write_output(const std::string& path, const std::string& contents);

// Throws semibfs::Error before any writing when `directory`'s file system has less than `bytes`
// free, naming `what` would be written, how much it needs and how much is free.
void require_free_space(const std::string& directory, std::int64_t bytes, const std::string& what);

// Throws semibfs::UsageError when a file at `path` could not be written: its directory is
// missing or not writable, or `path` is a directory or another non-regular file. Leaves no file
// behind. '-' (stdout) and the null device always pass.
void check_writable(const std::string& path);

}  // namespace semibfs
