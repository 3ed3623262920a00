// The frontier as a list of vertex ids (the top-down representation), of bounded capacity: a
// frontier that does not fit is held as a bitmap instead (search_state.hpp). Threads append through
// a private LocalQueueBuffer and reserve space in the shared queue one block at a time, so the
// shared counter is touched once per block (as gapbs's SlidingQueue/QueueBuffer).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "graph/csr_graph.hpp"

namespace semibfs {

class FrontierQueue {
 public:
  explicit FrontierQueue(std::int64_t capacity) : vertices_(capacity) {}

  // The vertices held: all that were appended unless the queue overflowed, then its first capacity().
  std::int64_t size() const { return std::min(appended(), capacity()); }
  std::int64_t capacity() const { return static_cast<std::int64_t>(vertices_.size()); }
  // More vertices were appended than it holds: those past capacity() were dropped.
  bool overflowed() const { return appended() > capacity(); }
  NeighborId operator[](std::int64_t index) const { return vertices_[index]; }
  std::span<const NeighborId> vertices() const {
    return {vertices_.data(), static_cast<std::size_t>(size())};
  }

  // Single-threaded use only.
  void clear() { appended_.store(0, std::memory_order_relaxed); }

  // Thread-safe: appends as many of `items` as there is room for, in order; returns how many.
  // Once one append falls short every later one does, so the queue holds a prefix of the appends.
  std::int64_t append(std::span<const NeighborId> items) {
    const auto count = static_cast<std::int64_t>(items.size());
    const std::int64_t start = appended_.fetch_add(count, std::memory_order_relaxed);
    const std::int64_t kept = std::clamp<std::int64_t>(capacity() - start, 0, count);
    if (kept > 0) std::memcpy(vertices_.data() + start, items.data(), kept * sizeof(NeighborId));
    return kept;
  }
  // Thread-safe: appends one vertex; false when there was no room.
  bool push_back(NeighborId vertex) { return append({&vertex, 1}) == 1; }

 private:
  std::int64_t appended() const { return appended_.load(std::memory_order_relaxed); }

  std::vector<NeighborId> vertices_;
  std::atomic<std::int64_t> appended_{0};  // may pass capacity(): what did not fit was not written
};

// One thread's appends to a FrontierQueue; flush() before the parallel region ends. Vertices the
// queue has no room for are dropped: the caller holds the frontier in another form then.
class LocalQueueBuffer {
 public:
  explicit LocalQueueBuffer(FrontierQueue& queue) : queue_(queue) {}
  LocalQueueBuffer(const LocalQueueBuffer&) = delete;
  LocalQueueBuffer& operator=(const LocalQueueBuffer&) = delete;
  ~LocalQueueBuffer() { flush(); }

  void push(NeighborId vertex) {
    if (size_ == kCapacity) flush();
    items_[size_++] = vertex;
  }
  void flush() {
    if (size_ == 0) return;
    queue_.append({items_.data(), static_cast<std::size_t>(size_)});
    size_ = 0;
  }

 private:
  static constexpr std::int64_t kCapacity = 4096;  // 16 KiB: stays in L1 between flushes
  FrontierQueue& queue_;
  std::array<NeighborId, kCapacity> items_;
  std::int64_t size_ = 0;
};

}  // namespace semibfs
