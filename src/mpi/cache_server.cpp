#include "mpi/cache_server.hpp"

#include <string>
#include <utility>

#include "core/error.hpp"

namespace semibfs {
namespace {

MPI_Comm split_groups(Communicator& world, int servers) {
  const int color = CacheServerGroup::group_of(world.rank(), world.size(), servers);
  MPI_Comm group = MPI_COMM_NULL;
  check_mpi(MPI_Comm_split(world.comm(), color, world.rank(), &group), "MPI_Comm_split");
  return group;
}

}  // namespace

CacheServerGroup::CacheServerGroup(Communicator& world, int servers, std::int64_t entries, CacheHash hash) {
  if (servers < 1 || servers > world.size()) {
    throw UsageError("--cache-server-ranks " + std::to_string(servers) + " with " + std::to_string(world.size()) +
                     " ranks; give 1 to the number of ranks");
  }
  group_ = std::make_unique<Communicator>(split_groups(world, servers), world);
  if (group_->rank() == 0) table_ = std::make_unique<RemoteVertexCache>(entries, hash);
}

void CacheServerGroup::next_search() {
  if (table_) table_->next_search();
}

// Requests and replies go through the group's all-to-all (a count, then the pairs), so a member
// with nothing to ask still sends its zero count, as the paper's acknowledgements.
std::int64_t CacheServerGroup::drop_hits(std::vector<CompactEdge>& pairs) {
  const auto asked = static_cast<std::int64_t>(pairs.size());
  std::vector<std::vector<CompactEdge>> request(static_cast<std::size_t>(group_->size()));
  request[0] = std::move(pairs);
  group_->exchange_into(request, TrafficKind::kCache, requests_, &request_counts_);
  std::vector<std::vector<CompactEdge>> replies(static_cast<std::size_t>(group_->size()));
  if (table_) answer(replies);
  pairs = std::move(request[0]);
  group_->exchange_into(replies, TrafficKind::kCache, pairs);
  return asked - static_cast<std::int64_t>(pairs.size());
}

// The children are checked by all threads at once: a race between two threads on one slot can
// only make both miss (RemoteVertexCache::seen_before), so a pair is at worst sent twice. The
// misses are then copied out per member in their order.
void CacheServerGroup::answer(std::vector<std::vector<CompactEdge>>& replies) {
  const auto count = static_cast<std::int64_t>(requests_.size());
  hit_.resize(requests_.size());
  RemoteVertexCache& table = *table_;
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < count; ++i) hit_[i] = table.seen_before(requests_[i].v1()) ? 1 : 0;
  std::int64_t next = 0;
  for (std::size_t member = 0; member < replies.size(); ++member) {
    const std::int64_t end = next + request_counts_[member];
    for (; next < end; ++next) {
      if (hit_[next] == 0) replies[member].push_back(requests_[next]);
    }
  }
}

}  // namespace semibfs
