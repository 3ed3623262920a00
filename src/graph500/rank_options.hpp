// How the ranks of a run under mpirun hold and move the bottom-up frontier (Cui et al.
// Sec. III), each optimization switchable so that it can be measured.
#pragma once

#include <cstdint>
#include <string>

namespace semibfs {

// Which frontier bitmaps the ranks of a node share (Sec. III-A, Fig. 5b): none (each rank holds
// its own copy; the slices go through a plain allgather), the current one (in_queue: the leader
// gathers the node's slices and allgathers between nodes into the shared copy), or both (each
// rank writes its slice of the next frontier in place; only the leaders move anything).
enum class QueueSharing { kNone, kInQueue, kAll };
std::string to_string(QueueSharing sharing);
// Parses "none", "in" or "all"; throws UsageError otherwise.
QueueSharing parse_queue_sharing(const std::string& text);

// How a remote vertex cache (Cicotti and Carrington) maps a vertex id to its slot: its
// low bits (the generator's ids are permuted at random already), or a multiplicative mix of all its
// bits (Fibonacci hashing).
enum class CacheHash { kLowBits, kMix };
std::string to_string(CacheHash hash);
// Parses "low" or "mix"; throws UsageError otherwise.
CacheHash parse_cache_hash(const std::string& text);

// Where the remote vertex cache lives (Cicotti and Carrington Sec. III): in each rank (LC-BFS), in one MPI-3
// shared window for the ranks of a node, in a cache server rank that a group of ranks asks in
// batches (RC-BFS, spoken to over MPI instead of TCP), or in a memcached server (MC-BFS).
enum class CacheKind { kLocal, kNode, kServer, kMemcached };
std::string to_string(CacheKind kind);

// Entries of a remote vertex cache when only its kind is given: the best of the sweep at SCALE 20
// with 4 ranks (docs/PERFORMANCE.md, "Remote vertex caches").
inline constexpr std::int64_t kDefaultRemoteCacheEntries = std::int64_t{1} << 18;

// "HOST:PORT" (an IPv6 host in brackets), checked.
struct MemcachedAddress {
  std::string host;
  int port = 0;
};
// Throws semibfs::UsageError, in one line, when `address` is not HOST:PORT with a port in [1, 65535]:
// the option's check, before any work, and the cache's when it connects.
MemcachedAddress parse_memcached_address(const std::string& address);

struct RankOptions {
  QueueSharing queue_sharing = QueueSharing::kAll;
  // With shared queues, every local rank moves its share of the node's bitmap between nodes in
  // its own subgroup (Sec. III-B, Fig. 7) instead of the leader moving all of it.
  bool parallel_allgather = true;
  // 0: a node is the ranks that share memory; N: every N consecutive ranks (tests on one machine).
  int node_size = 0;
  std::int64_t message_limit = 0;  // bytes per MPI call; 0 keeps MPI's own limit
  // Entries of each cache of remote children already sent (Cicotti and Carrington): per rank, per node or per
  // cache server as remote_cache says; 0: no cache. Unused by memcached, which sizes its own.
  std::int64_t remote_cache_entries = 0;
  CacheHash remote_cache_hash = CacheHash::kMix;
  CacheKind remote_cache = CacheKind::kLocal;
  int cache_server_ranks = 1;     // kServer: ranks holding a cache, each for a group of consecutive ranks
  std::string memcached_address{};  // kMemcached: HOST:PORT
  // Whether any remote vertex cache is on.
  bool remote_cache_on() const { return remote_cache == CacheKind::kMemcached || remote_cache_entries > 0; }
};

}  // namespace semibfs
