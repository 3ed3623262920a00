#include "mpi/remote_vertex_cache.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/error.hpp"

namespace semibfs {

namespace {

std::int64_t checked_entries(std::int64_t entries) {
  if (entries < 2 || entries > (std::int64_t{1} << 30) || !std::has_single_bit(static_cast<std::uint64_t>(entries))) {
    throw Error("remote vertex cache: " + std::to_string(entries) + " entries; need a power of two from 2 to 2^30");
  }
  return entries;
}

}  // namespace

RemoteVertexCache::RemoteVertexCache(std::int64_t entries, CacheHash hash)
    : owned_(static_cast<std::size_t>(checked_entries(entries)), 0), slots_(owned_), hash_(hash),
      mask_(static_cast<std::uint64_t>(entries) - 1),
      shift_(64 - std::countr_zero(static_cast<std::uint64_t>(entries))) {}

RemoteVertexCache::RemoteVertexCache(std::span<std::uint64_t> slots, CacheHash hash)
    : slots_(slots), hash_(hash),
      mask_(static_cast<std::uint64_t>(checked_entries(static_cast<std::int64_t>(slots.size()))) - 1),
      shift_(64 - std::countr_zero(static_cast<std::uint64_t>(slots.size()))) {}

// Tags hold the search's number in their high 32 bits: after 2^32 - 1 searches the table is
// cleared once and the numbers start again.
bool RemoteVertexCache::next_search() {
  if (++search_ < (std::uint64_t{1} << 32)) return false;
  std::fill(slots_.begin(), slots_.end(), 0);
  search_ = 1;
  return true;
}

}  // namespace semibfs
