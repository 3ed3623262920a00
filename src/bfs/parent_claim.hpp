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
// well-predicted branch per write instead of an engine compiled twice. With 64-bit parents the
// caller may ask for levels too: each parent set or claimed then also writes the depth of the step
// under way, so that no pass over the tree is needed after the search. (32-bit parents are the
// benchmark's, which wants none: its writes test nothing more.)
class ParentSlots {
 public:
  ParentSlots() = default;
  explicit ParentSlots(std::span<std::int32_t> narrow)
      : narrow_(narrow.data()), size_(static_cast<std::int64_t>(narrow.size())) {}
  // `level`, empty or of the parents' size, receives each vertex's depth: -1 from clear(), depth()
  // from set and claim.
  explicit ParentSlots(std::span<std::int64_t> wide, std::span<std::int64_t> level = {})
      : wide_(wide.data()),
        level_(level.empty() ? nullptr : level.data()),
        size_(static_cast<std::int64_t>(wide.size())) {}

  void set_depth(std::int64_t depth) { depth_ = depth; }

  std::int64_t size() const { return size_; }
  // Unreached, before a search.
  void clear(VertexId vertex) const {
    if (narrow_ != nullptr) {
      narrow_[vertex] = static_cast<std::int32_t>(kUnreached);
      return;
    }
    wide_[vertex] = kUnreached;
    if (level_ != nullptr) level_[vertex] = -1;
  }
  void set(VertexId vertex, VertexId parent) const {
    if (narrow_ != nullptr) {
      narrow_[vertex] = static_cast<std::int32_t>(parent);
      return;
    }
    wide_[vertex] = parent;
    if (level_ != nullptr) level_[vertex] = depth_;
  }
  // Sets the parent unless another thread set one first; true when this one did.
  bool claim(VertexId vertex, VertexId parent) const {
    if (narrow_ != nullptr) return claim_parent(narrow_[vertex], static_cast<std::int32_t>(parent));
    if (!claim_parent(wide_[vertex], parent)) return false;
    if (level_ != nullptr) level_[vertex] = depth_;
    return true;
  }

 private:
  std::int32_t* narrow_ = nullptr;
  std::int64_t* wide_ = nullptr;
  std::int64_t* level_ = nullptr;
  std::int64_t depth_ = 0;
  std::int64_t size_ = 0;
};

}  // namespace semibfs
