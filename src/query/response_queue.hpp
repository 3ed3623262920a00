// A worker's response queue (ExtraV Sec. 4.2: replies land in per-worker queues in the form
// (vertex: {neighbour list})): the replies of one chunk of a query, handed to the algorithm
// together. A reply's neighbours are either copied into the queue (decoded, filtered or assembled
// from pieces) or, for a plain list whole in DRAM and unfiltered, a view of the graph's own array.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

class ResponseQueue {
 public:
  // A reply of at most `capacity` neighbours, written at the address returned; close_reply(count)
  // ends it with the first `count` of them (decoded lists are written straight into the queue).
  NeighborId* open_reply(VertexId vertex, std::int64_t capacity) {
    const auto offset = static_cast<std::int64_t>(entries_.size());
    entries_.resize(entries_.size() + static_cast<std::size_t>(capacity));
    replies_.push_back({vertex, nullptr, offset, 0});
    return entries_.data() + offset;
  }
  void close_reply(std::int64_t count) {
    replies_.back().count = count;
    entries_.resize(static_cast<std::size_t>(replies_.back().offset + count));
  }
  // A reply that views `neighbours` where they lie; they must stay until hand_over.
  void add_view(VertexId vertex, std::span<const NeighborId> neighbours) {
    replies_.push_back({vertex, neighbours.data(), 0, static_cast<std::int64_t>(neighbours.size())});
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
      const NeighborId* first = reply.view != nullptr ? reply.view : entries_.data() + reply.offset;
      consume(reply.vertex, std::span<const NeighborId>(first, static_cast<std::size_t>(reply.count)));
      handed.entries += reply.count;
    }
    handed.replies = static_cast<std::int64_t>(replies_.size());
    replies_.clear();
    entries_.clear();
    return handed;
  }

 private:
  struct Reply {
    VertexId vertex;
    const NeighborId* view;  // null: the entries from `offset` in entries_
    std::int64_t offset;
    std::int64_t count;
  };
  std::vector<Reply> replies_;
  std::vector<NeighborId> entries_;
};

}  // namespace semibfs
