// The claim of a vertex by a top-down step, in one process or across ranks: several threads may
// find the same child at once, and only the one whose compare-and-swap of its parent succeeds adds
// it to the next queue, so each vertex enters a queue once.
#pragma once

#include <atomic>

#include "core/types.hpp"

namespace semibfs {

inline bool claim_parent(VertexId& parent_slot, VertexId parent) {
  VertexId expected = kUnreached;
  return std::atomic_ref<VertexId>(parent_slot).compare_exchange_strong(expected, parent, std::memory_order_relaxed);
}

}  // namespace semibfs
