// The frontier as a list of vertex ids (the top-down representation). Threads append through a
// private LocalQueueBuffer and reserve space in the shared queue one block at a time, so the
// shared counter is touched once per block (as gapbs's SlidingQueue/QueueBuffer).
#pragma once

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

  std::int64_t size() const { return size_.load(std::memory_order_relaxed); }
  std::int64_t capacity() const { return static_cast<std::int64_t>(vertices_.size()); }
  NeighborId operator[](std::int64_t index) const { return vertices_[index]; }
  std::span<const NeighborId> vertices() const {
    return {vertices_.data(), static_cast<std::size_t>(size())};
  }

  // Single-threaded use only.
  void clear() { size_.store(0, std::memory_order_relaxed); }
  void push_back(NeighborId vertex) { vertices_[size_.fetch_add(1, std::memory_order_relaxed)] = vertex; }

  // Thread-safe: the space for `count` more vertices. Capacity is the vertex count, and a vertex
  // enters a queue at most once per level, so it never overflows.
  NeighborId* reserve(std::int64_t count) {
    return vertices_.data() + size_.fetch_add(count, std::memory_order_relaxed);
  }

 private:
  std::vector<NeighborId> vertices_;
  std::atomic<std::int64_t> size_{0};
};

// One thread's appends to a FrontierQueue; flush() before the parallel region ends.
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
    std::memcpy(queue_.reserve(size_), items_.data(), size_ * sizeof(NeighborId));
    size_ = 0;
  }

 private:
  static constexpr std::int64_t kCapacity = 4096;  // 16 KiB: stays in L1 between flushes
  FrontierQueue& queue_;
  std::array<NeighborId, kCapacity> items_;
  std::int64_t size_ = 0;
};

}  // namespace semibfs
