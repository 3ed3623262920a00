// The claim of a vertex by a top-down step, in one process or across ranks: several threads may
// find the same child at once, and only the one whose compare-and-swap of its parent succeeds adds
// it to the next queue, so each vertex enters a queue once.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>

#include "core/types.hpp"

namespace semibfs {

template <typename Slot>
bool claim_parent(Slot& parent_slot, Slot parent) {
  Slot expected = static_cast<Slot>(kUnreached);
  return std::atomic_ref<Slot>(parent_slot).compare_exchange_strong(expected, parent, std::memory_order_relaxed);
}

// The engine's view of the caller's parent array, 32- or 64-bit (core/parent_array.hpp): one
// well-predicted branch per write instead of an engine compiled twice.
class ParentSlots {
 public:
  ParentSlots() = default;
  explicit ParentSlots(std::span<std::int32_t> narrow)
      : narrow_(narrow.data()), size_(static_cast<std::int64_t>(narrow.size())) {}
  explicit ParentSlots(std::span<std::int64_t> wide)
      : wide_(wide.data()), size_(static_cast<std::int64_t>(wide.size())) {}

  std::int64_t size() const { return size_; }
  void set(VertexId vertex, VertexId parent) const {
    if (narrow_ != nullptr) {
      narrow_[vertex] = static_cast<std::int32_t>(parent);
    } else {
      wide_[vertex] = parent;
    }
  }
  // Sets the parent unless another thread set one first; true when this one did.
  bool claim(VertexId vertex, VertexId parent) const {
    if (narrow_ != nullptr) return claim_parent(narrow_[vertex], static_cast<std::int32_t>(parent));
    return claim_parent(wide_[vertex], parent);
  }

 private:
  std::int32_t* narrow_ = nullptr;
  std::int64_t* wide_ = nullptr;
  std::int64_t size_ = 0;
};

}  // namespace semibfs
