// A worker's response queue (ExtraV Sec. 4.2: replies land in per-worker queues in the form
// (vertex: {neighbour list})): the replies of one chunk of a query, handed to the algorithm
// together. A reply's neighbours are either copied into the queue (decoded, filtered or assembled
// from pieces) or, for a plain list whole in DRAM and unfiltered, a view of the graph's own array.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/error.hpp"
#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

class ResponseQueue {
 public:
  // `room`: the entries a chunk holds unless one list is longer. Reserved at the first reply, so
  // that the queue's capacity stays the larger of it and the longest list, never a doubling beyond.
  explicit ResponseQueue(std::int64_t room) : room_(room) {}

  // A reply of at most `capacity` neighbours; returns its number. Its neighbours are either
  // written at entries(reply) and ended with close_last(count) before the next reply opens, or
  // appended one by one (a list arriving in pieces) while other replies open.
  std::size_t open_reply(VertexId vertex, std::int64_t capacity) {
    const std::int64_t offset = held_;
    make_room(held_ + capacity);
    held_ += capacity;
    replies_.push_back({vertex, nullptr, offset, 0, capacity});
    return replies_.size() - 1;
  }
  NeighborId* entries(std::size_t reply) { return entries_.get() + replies_[reply].offset; }
  void close_last(std::int64_t count) {
    replies_.back().count = count;
    held_ = replies_.back().offset + count;
  }
  void append(std::size_t reply, NeighborId id) {
    Reply& open = replies_[reply];
    if (open.count == open.capacity) throw_overfull();
    entries_[static_cast<std::size_t>(open.offset + open.count++)] = id;
  }
  // Appends a piece of a list at once (a plain tail read from disk, unfiltered).
  void append(std::size_t reply, std::span<const NeighborId> ids) {
    Reply& open = replies_[reply];
    if (static_cast<std::int64_t>(ids.size()) > open.capacity - open.count) throw_overfull();
    std::copy(ids.begin(), ids.end(), entries_.get() + open.offset + open.count);
    open.count += static_cast<std::int64_t>(ids.size());
  }
  // A reply that views `neighbours` where they lie; they must stay until hand_over.
  void add_view(VertexId vertex, std::span<const NeighborId> neighbours) {
    const auto count = static_cast<std::int64_t>(neighbours.size());
    replies_.push_back({vertex, neighbours.data(), 0, count, count});
  }
  struct Handed {
    std::int64_t replies = 0;
    std::int64_t entries = 0;
  };
  // consume(vertex, neighbours) for each reply, in order; empties the queue.
  template <typename Consume>
  Handed hand_over(Consume& consume) {
    Handed handed;
    for (const Reply& reply : replies_) {
      const NeighborId* first = reply.view != nullptr ? reply.view : entries_.get() + reply.offset;
      consume(reply.vertex, std::span<const NeighborId>(first, static_cast<std::size_t>(reply.count)));
      handed.entries += reply.count;
    }
    handed.replies = static_cast<std::int64_t>(replies_.size());
    replies_.clear();
    held_ = 0;
    return handed;
  }
  // The entries the replies hold now, and those the queue has room for.
  std::int64_t held() const { return held_; }
  std::int64_t room() const { return capacity_; }
  // DRAM a queue holds beyond its entries, per reply.
  static std::int64_t bytes_per_reply() { return sizeof(Reply); }

 private:
  struct Reply {
    VertexId vertex;
    const NeighborId* view;  // null: the entries from `offset` in entries_
    std::int64_t offset;
    std::int64_t count;
    std::int64_t capacity;
  };
  // Room for `entries` entries: `room` at first, the longest list beyond it; the entries held are
  // kept. Not zeroed: every reply writes its entries before it is handed over.
  void make_room(std::int64_t entries) {
    if (entries <= capacity_) return;
    const std::int64_t capacity = std::max(entries, room_);
    std::unique_ptr<NeighborId[]> grown(new NeighborId[static_cast<std::size_t>(capacity)]);
    std::copy(entries_.get(), entries_.get() + held_, grown.get());
    entries_ = std::move(grown);
    capacity_ = capacity;
  }
  // Only a damaged store gives a list more entries than its degree.
  [[noreturn]] static void throw_overfull() {
    throw Error("a list holds more entries than its degree; the store is damaged");
  }

  std::int64_t room_;
  std::vector<Reply> replies_;
  std::unique_ptr<NeighborId[]> entries_;
  std::int64_t held_ = 0;
  std::int64_t capacity_ = 0;
};

}  // namespace semibfs
