// LC-BFS's cache of remote vertices (Cicotti and Carrington Sec. III-A): a direct-mapped
// table of the remote children this rank has already sent a (parent, child) pair for in the
// current search. A top-down step drops a pair whose child hits: its owner got the child before,
// in this level's exchange or an earlier one, so the child is (or will be, in the same exchange)
// claimed with a parent no later than this pair would give it. Tags carry the search's number, so
// a new search empties the table without touching it.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph500/rank_options.hpp"

namespace semibfs {

class RemoteVertexCache {
 public:
  // `entries`: a power of two from 2 to 2^30.
  RemoteVertexCache(std::int64_t entries, CacheHash hash);
  // Over slots held elsewhere (a node's shared window), zero or of earlier searches of a table
  // numbered alike: every user of the slots must call next_search() before each search.
  RemoteVertexCache(std::span<std::uint64_t> slots, CacheHash hash);
  RemoteVertexCache(const RemoteVertexCache&) = delete;  // slots_ may point into owned_
  RemoteVertexCache& operator=(const RemoteVertexCache&) = delete;

  // True when `vertex` was inserted earlier in this search (a hit: drop the pair); else inserts it
  // (evicting the slot's vertex) and returns false. Safe from several threads at once: a race can
  // only make two threads both miss (two pairs sent), never make one hit without an earlier
  // insert of the same vertex in this search.
  bool seen_before(VertexId vertex) {
    const std::uint64_t tag = search_ << 32 | static_cast<std::uint32_t>(vertex);
    std::atomic_ref<std::uint64_t> slot(slots_[slot_of(vertex)]);
    if (slot.load(std::memory_order_relaxed) == tag) return true;
    slot.store(tag, std::memory_order_relaxed);
    return false;
  }
  // Empties the table for the next search (between searches, on one thread); true when it had to
  // clear the slots (once in 2^32 - 1 searches), which users sharing them must wait for.
  bool next_search();

  std::int64_t entries() const { return static_cast<std::int64_t>(slots_.size()); }
  std::int64_t bytes() const { return entries() * static_cast<std::int64_t>(sizeof(std::uint64_t)); }
  static std::int64_t bytes_for(std::int64_t entries) { return entries * static_cast<std::int64_t>(sizeof(std::uint64_t)); }

 private:
  std::size_t slot_of(VertexId vertex) const {
    const auto id = static_cast<std::uint64_t>(vertex);
    return static_cast<std::size_t>(hash_ == CacheHash::kLowBits ? id & mask_ : (id * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  std::vector<std::uint64_t> owned_;  // empty over slots held elsewhere
  std::span<std::uint64_t> slots_;
  CacheHash hash_;
  std::uint64_t mask_;
  int shift_;
  std::uint64_t search_ = 1;  // slots start at 0: search 0 never runs
};

}  // namespace semibfs
