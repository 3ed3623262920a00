// An edge as a graph file names it: two ids as written in the file, before any renumbering.
#pragma once

#include <cstdint>

namespace semibfs {

// File ids must stay below 2^48, the id width of the Graph500 packed edge (edges/packed_edge.hpp).
inline constexpr std::uint64_t kMaxFileId = (std::uint64_t{1} << 48) - 1;

struct RawEdge {
  std::uint64_t source;
  std::uint64_t target;

  friend bool operator==(const RawEdge&, const RawEdge&) = default;
};

}  // namespace semibfs
