// Packed48 records (packed_edge.hpp) from a file's bytes handed over in pieces cut anywhere, as a
// sequential read hands them: a record split between two pieces is joined before it is visited.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "edges/packed_edge.hpp"

namespace semibfs {

class PackedRecordPieces {
 public:
  // visit(const std::byte* records, std::int64_t count) over the whole records of `bytes` and the
  // one a previous piece began, in file order; the tail of a split record is kept for the next piece.
  template <class Visit>
  void add(std::span<const std::byte> bytes, Visit&& visit) {
    if (partial_bytes_ > 0) {
      const std::size_t taken = std::min(bytes.size(), sizeof(PackedEdge) - partial_bytes_);
      std::memcpy(partial_ + partial_bytes_, bytes.data(), taken);
      partial_bytes_ += taken;
      bytes = bytes.subspan(taken);
      if (partial_bytes_ < sizeof(PackedEdge)) return;
      visit(static_cast<const std::byte*>(partial_), std::int64_t{1});
      partial_bytes_ = 0;
    }
    const std::size_t whole = bytes.size() / sizeof(PackedEdge);
    visit(bytes.data(), static_cast<std::int64_t>(whole));
    partial_bytes_ = bytes.size() - whole * sizeof(PackedEdge);
    std::memcpy(partial_, bytes.data() + whole * sizeof(PackedEdge), partial_bytes_);
  }
  // Bytes of a record begun and not finished.
  std::size_t pending_bytes() const { return partial_bytes_; }

 private:
  std::byte partial_[sizeof(PackedEdge)] = {};
  std::size_t partial_bytes_ = 0;
};

}  // namespace semibfs
