// Decoding a compressed list (list_codec.hpp) that was already decoded and checked whole, as every
// list a store keeps in DRAM is at open (tiered/compressed_list_collector.hpp): the same format as
// list_walk.hpp, without a bound or range check per integer, ids handed out intervals first (each
// as a run), then residuals. Never for bytes read from disk after the open: those go through the
// checked walk (a file may change under a running search).
#pragma once

#include <cstdint>
#include <span>

#include "compress/list_codec.hpp"
#include "core/types.hpp"

namespace semibfs {

// One byte-code integer at `at`, which moves past it.
inline std::uint64_t read_verified_byte_code(const std::uint8_t*& at) {
  std::uint64_t value = 0;
  for (int shift = 0;; shift += 7) {
    const std::uint8_t byte = *at++;
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if (byte < 0x80) return value;
  }
}

// visit.run(first, last) for each interval, then visit(id) for each residual, of vertex v's list
// `bytes` (verified), intervals of at least `minimum`.
template <typename Visit>
void walk_verified_byte_list(VertexId v, std::span<const std::uint8_t> bytes, std::uint64_t minimum, Visit& visit) {
  if (bytes.empty()) return;
  const std::uint8_t* at = bytes.data();
  const std::uint8_t* const end = bytes.data() + bytes.size();
  std::uint64_t count = read_verified_byte_code(at);
  read_verified_byte_code(at);  // the residual offset: the intervals end there
  std::uint64_t last = 0;
  for (bool first = true; count > 0; --count, first = false) {
    const std::uint64_t coded = read_verified_byte_code(at);
    const std::uint64_t begin = first ? static_cast<std::uint64_t>(v + zigzag_decode(coded)) : last + 2 + coded;
    last = begin + minimum + read_verified_byte_code(at) - 1;
    visit.run(begin, last);
  }
  if (at == end) return;
  std::uint64_t id = static_cast<std::uint64_t>(v + zigzag_decode(read_verified_byte_code(at)));
  visit(id);
  while (at < end) {
    id += read_verified_byte_code(at) + 1;
    visit(id);
  }
}

}  // namespace semibfs
