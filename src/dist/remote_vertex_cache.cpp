#include "dist/remote_vertex_cache.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/error.hpp"

namespace semibfs {

RemoteVertexCache::RemoteVertexCache(std::int64_t entries, CacheHash hash)
    : hash_(hash),
      mask_(static_cast<std::uint64_t>(entries) - 1),
      shift_(64 - std::countr_zero(static_cast<std::uint64_t>(entries))) {
  if (entries < 2 || entries > (std::int64_t{1} << 30) || !std::has_single_bit(static_cast<std::uint64_t>(entries))) {
    throw Error("remote vertex cache: " + std::to_string(entries) + " entries; need a power of two from 2 to 2^30");
  }
  slots_.assign(static_cast<std::size_t>(entries), 0);
}

// Tags hold the search's number in their high 32 bits: after 2^32 - 1 searches the table is
// cleared once and the numbers start again.
void RemoteVertexCache::next_search() {
  if (++search_ == (std::uint64_t{1} << 32)) {
    std::fill(slots_.begin(), slots_.end(), 0);
    search_ = 1;
  }
}

}  // namespace semibfs
