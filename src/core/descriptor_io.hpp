// Whole reads and writes on a file descriptor: read(2) and write(2) may move fewer bytes than
// asked, or be interrupted, and every caller would otherwise repeat the same loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace semibfs {

// Writes all of `bytes` at the descriptor's position; false (errno set) on failure.
bool write_all(int descriptor, std::span<const std::byte> bytes);

// Reads into `into` from `offset` until it is full or the file ends; returns the bytes read, or
// -1 (errno set) on failure.
std::int64_t read_all_at(int descriptor, std::int64_t offset, std::span<std::byte> into);

}  // namespace semibfs
