// RC-BFS's cache server (Cicotti and Carrington Sec. III-C): the ranks are split into
// groups of consecutive ranks, and the first rank of each group holds one remote vertex cache for
// the whole group. Each exchange round every member sends it a request (a count, then its
// (parent, child) pairs); the server checks each child against the cache, inserting the misses,
// and replies with a count, then the pairs that missed, which the member sends to their owners.
// The paper's server is a separate process reached over TCP; here it is a rank of the run that
// also searches, spoken to over MPI, so its hop costs what an MPI message within the group costs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "mpi/batched_remote_cache.hpp"
#include "mpi/communicator.hpp"
#include "mpi/remote_vertex_cache.hpp"

namespace semibfs {

class CacheServerGroup : public BatchedRemoteCache {
 public:
  // Collective over `world`: `servers` groups (1 to world.size()), each with a cache of `entries`.
  CacheServerGroup(Communicator& world, int servers, std::int64_t entries, CacheHash hash);

  std::int64_t drop_hits(std::vector<CompactEdge>& pairs) override;
  void next_search() override;
  std::int64_t bytes() const override { return table_ ? table_->bytes() : 0; }

  // The group of `rank`: `servers` groups of consecutive ranks, their sizes differing by one at most.
  static int group_of(int rank, int ranks, int servers) {
    return static_cast<int>(std::int64_t{rank} * servers / ranks);
  }
  // Whether `rank` holds its group's cache (it is the group's first rank).
  static bool holds_cache(int rank, int ranks, int servers) {
    return rank == 0 || group_of(rank, ranks, servers) != group_of(rank - 1, ranks, servers);
  }

 private:
  void answer(std::vector<std::vector<CompactEdge>>& replies);

  std::unique_ptr<Communicator> group_;
  std::unique_ptr<RemoteVertexCache> table_;  // on the group's first rank only
  std::vector<CompactEdge> requests_;         // the server's: every member's pairs, in member order
  std::vector<std::int64_t> request_counts_;  // pairs per member
  std::vector<std::uint8_t> hit_;             // per pair of requests_
};

}  // namespace semibfs
