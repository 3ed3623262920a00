// Whole reads and writes on a file descriptor: read(2) and write(2) may move fewer bytes than
// asked, or be interrupted, and every caller would otherwise repeat the same loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace semibfs {

// Writes all of `bytes` at the descriptor's position; false (errno set) on failure.
bool write_all(int descriptor, std::span<const std::byte> bytes);

// Reads into `into` from `offset` until it is full or the file ends; returns the bytes read, or
// -1 (errno set) on failure.
std::int64_t read_all_at(int descriptor, std::int64_t offset, std::span<std::byte> into);

// A descriptor for reading `path` when it is a regular file. A FIFO or a device put in a file's place
// is opened without blocking (O_NONBLOCK), seen by fstat and refused, so a reader never hangs in
// open(2) on it: -1 with `problem` saying why (errno's text, or that it is not a regular file).
int open_regular_file(const std::string& path, std::string& problem);

// The whole regular file at `path`; none, with `problem` set, as open_regular_file refuses it or
// when it cannot be read.
std::optional<std::string> read_regular_file(const std::string& path, std::string& problem);

}  // namespace semibfs
