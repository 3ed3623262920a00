// Writing result files so that a reader never sees half a file, and rejecting an unwritable
// output path before any work is done.
#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace semibfs {

// Writes `contents` to `path + ".tmp.<pid>"` in the same directory, flushes and fsyncs it, then
// renames it over `path`. On failure the temporary file is removed and semibfs::Error is thrown;
// `path` is then left as it was.
void write_file_atomically(const std::string& path, const std::string& contents);
void write_file_atomically(const std::string& path, std::span<const std::byte> contents);

// Throws semibfs::UsageError when a file at `path` could not be written: its directory is
// missing or not writable, or `path` is a directory or another non-regular file. Leaves no file
// behind.
void check_writable(const std::string& path);

}  // namespace semibfs
