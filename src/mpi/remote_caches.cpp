#include "mpi/remote_caches.hpp"

#include "core/error.hpp"
#include "mpi/cache_server.hpp"
#ifdef SEMIBFS_HAVE_MEMCACHED
#include "mpi/memcached_cache.hpp"
#endif

namespace semibfs {
namespace {

std::unique_ptr<BatchedRemoteCache> make_memcached_cache([[maybe_unused]] Communicator& world,
                                                         [[maybe_unused]] const std::string& address) {
#ifdef SEMIBFS_HAVE_MEMCACHED
  return std::make_unique<MemcachedCache>(world, address);
#else
  throw UsageError("--remote-cache memcached: this semibfs was built without libmemcached; install "
                   "libmemcached-dev and build again");
#endif
}

}  // namespace

// The node-shared table: a rank that finds a child another rank of its node inserted drops its
// pair. That is safe because the inserting rank queued its own pair for the child before (or as)
// it inserted, and exchange rounds are collective, so that pair reaches the owner in the same round's
// exchange or an earlier one. Two ranks writing one slot at once leave one tag: the other
// child's later pairs miss and are sent again. Slots are aligned 64-bit words written whole with
// atomic stores, so no rank reads half a tag.
RemoteCaches::RemoteCaches(Communicator& world, const RankOptions& ranks, NodeGroup* node) {
  if (!ranks.remote_cache_on()) return;
  // memcached, the paper's experiment, is asked in every top-down level.
  level_edges_ = ranks.remote_cache == CacheKind::kMemcached ? 0 : ranks.remote_cache_entries;
  switch (ranks.remote_cache) {
    case CacheKind::kLocal:
      table_ = std::make_unique<RemoteVertexCache>(ranks.remote_cache_entries, ranks.remote_cache_hash);
      break;
    case CacheKind::kNode:
      if (node == nullptr) throw Error("a node-shared remote vertex cache needs the ranks grouped by node");
      node_ = &node->node();
      shared_slots_ = std::make_unique<SharedWords>(*node_, ranks.remote_cache_entries);
      table_ = std::make_unique<RemoteVertexCache>(
          std::span<std::uint64_t>(shared_slots_->data(), static_cast<std::size_t>(ranks.remote_cache_entries)),
          ranks.remote_cache_hash);
      break;
    case CacheKind::kServer:
      batched_ = std::make_unique<CacheServerGroup>(world, ranks.cache_server_ranks, ranks.remote_cache_entries,
                                                    ranks.remote_cache_hash);
      break;
    case CacheKind::kMemcached: batched_ = make_memcached_cache(world, ranks.memcached_address); break;
  }
}

RemoteCaches::~RemoteCaches() = default;

// A shared table's numbers wrap on every rank at the same search; all clear it, and none starts
// inserting before all have cleared.
void RemoteCaches::next_search() {
  if (table_ && table_->next_search() && shared_slots_) shared_slots_->synchronize(*node_);
  if (batched_) batched_->next_search();
}

std::int64_t RemoteCaches::bytes() const {
  if (shared_slots_) return node_->rank() == 0 ? table_->bytes() : 0;
  if (table_) return table_->bytes();
  return batched_ ? batched_->bytes() : 0;
}

std::int64_t RemoteCaches::reserved_bytes(const RankOptions& ranks, int rank, int world_size, std::int64_t pair_bytes) {
  if (!ranks.remote_cache_on()) return 0;
  const bool holds_table = ranks.remote_cache == CacheKind::kLocal || ranks.remote_cache == CacheKind::kNode ||
                           (ranks.remote_cache == CacheKind::kServer &&
                            CacheServerGroup::holds_cache(rank, world_size, ranks.cache_server_ranks));
  return (holds_table ? RemoteVertexCache::bytes_for(ranks.remote_cache_entries) : 0) +
         pair_buffers(ranks, rank, world_size) * pair_bytes;
}

int RemoteCaches::pair_buffers(const RankOptions& ranks, int rank, int world_size) {
  if (!ranks.remote_cache_on()) return 0;
  switch (ranks.remote_cache) {
    case CacheKind::kLocal:
    case CacheKind::kNode: return 0;
    // Every member holds its request and reply; a server also the group's requests and replies.
    case CacheKind::kServer: return CacheServerGroup::holds_cache(rank, world_size, ranks.cache_server_ranks) ? 2 : 1;
    case CacheKind::kMemcached: return 1;
  }
  return 0;
}

}  // namespace semibfs
