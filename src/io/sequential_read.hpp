// A whole file read front to back through the block reader: large requests, several in flight,
// each piece handed to the caller in file order while the next ones are on their way. For the
// one pass over a store's neighbours file that keeps the resident entries (tiered_graph.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "io/io_kind.hpp"

namespace semibfs {

struct SequentialReadOptions {
  IoKind io = IoKind::kAuto;
  std::uint64_t piece_bytes = std::uint64_t{8} << 20;  // a multiple of 4 KiB
  int pieces_in_flight = 4;
};

// Calls consume(bytes, file_offset) for consecutive pieces covering the file; the bytes are
// valid during the call only. Read errors are semibfs::Error naming the file.
void read_file_in_order(const std::string& path, const SequentialReadOptions& options,
                        const std::function<void(std::span<const std::byte> bytes, std::uint64_t offset)>& consume);

}  // namespace semibfs
