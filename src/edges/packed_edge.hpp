// The Graph500 reference's 12-byte edge: two 48-bit vertex ids (generator/graph_generator.h).
#pragma once

#include <cstdint>

#include "core/types.hpp"

namespace semibfs {

// Low 32 bits of each endpoint, then the high 16 bits of v0 (low half) and v1 (high half).
struct PackedEdge {
  std::uint32_t v0_low;
  std::uint32_t v1_low;
  std::uint32_t high;

  VertexId v0() const {
    return static_cast<VertexId>(v0_low) |
           (static_cast<VertexId>(static_cast<std::int16_t>(high & 0xFFFFu)) << 32);
  }
  VertexId v1() const {
    return static_cast<VertexId>(v1_low) |
           (static_cast<VertexId>(static_cast<std::int16_t>(high >> 16)) << 32);
  }
  static PackedEdge make(VertexId v0, VertexId v1) {
    return PackedEdge{static_cast<std::uint32_t>(v0), static_cast<std::uint32_t>(v1),
                      static_cast<std::uint32_t>(((v0 >> 32) & 0xFFFF) | (((v1 >> 32) & 0xFFFF) << 16))};
  }
};
static_assert(sizeof(PackedEdge) == 12, "the reference's packed edge is 12 bytes");

}  // namespace semibfs
