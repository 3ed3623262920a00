// The remote vertex cache a run asks for (Cicotti and Carrington), whichever kind it is:
// a table probed pair by pair while a top-down step expands (each rank's own, LC-BFS, or one shared
// by the ranks of a node), or a cache outside the rank asked once per exchange round (a cache
// server rank, RC-BFS, or memcached, MC-BFS).
#pragma once

#include <cstdint>
#include <memory>

#include "mpi/batched_remote_cache.hpp"
#include "mpi/communicator.hpp"
#include "mpi/node_group.hpp"
#include "mpi/remote_vertex_cache.hpp"
#include "graph500/rank_options.hpp"

namespace semibfs {

class RemoteCaches {
 public:
  // Collective over `world`; `node` (the ranks sharing memory with this one) is needed for the
  // node-shared kind. No cache when ranks.remote_cache_on() is false.
  RemoteCaches(Communicator& world, const RankOptions& ranks, NodeGroup* node);
  ~RemoteCaches();
  RemoteCaches(const RemoteCaches&) = delete;
  RemoteCaches& operator=(const RemoteCaches&) = delete;

  // The table to probe pair by pair, or null.
  RemoteVertexCache* table() { return table_.get(); }
  // The cache to ask per exchange round, or null.
  BatchedRemoteCache* batched() { return batched_.get(); }
  // Before each search, collective.
  void next_search();
  // Whether a top-down level whose frontier has `frontier_edges` edges (over all ranks, so every
  // rank decides alike) asks the cache: a level with fewer edges than the table has entries
  // repeats few children, and probing a table larger than the processor's caches then costs more
  // than the pairs it drops (the hybrid search's small top-down levels).
  bool pays_for(std::int64_t frontier_edges) const {
    return (table_ || batched_) && frontier_edges >= level_edges_;
  }
  // DRAM the caches take in this rank (a node's shared table counted on its local rank 0).
  std::int64_t bytes() const;

  // What a rank must reserve for the caches `ranks` asks for under a DRAM budget, with exchange
  // rounds of `pair_bytes`: a node's shared table counted whole on every rank of the node, a
  // server's table and the requests of its group on the server.
  static std::int64_t reserved_bytes(const RankOptions& ranks, int rank, int world_size, std::int64_t pair_bytes);
  // How many buffers of `pair_bytes` those reserved bytes hold (they grow with the budget).
  static int pair_buffers(const RankOptions& ranks, int rank, int world_size);

 private:
  std::int64_t level_edges_ = 0;               // the least frontier edges of a level that asks
  std::unique_ptr<SharedWords> shared_slots_;  // the node-shared kind's table
  Communicator* node_ = nullptr;
  std::unique_ptr<RemoteVertexCache> table_;
  std::unique_ptr<BatchedRemoteCache> batched_;
};

}  // namespace semibfs
