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
  // A reply whose neighbours are appended next with add().
  void begin_reply(VertexId vertex) {
    replies_.push_back({vertex, nullptr, static_cast<std::int64_t>(entries_.size()), 0});
  }
  void add(NeighborId id) {
    entries_.push_back(id);
    ++replies_.back().count;
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
