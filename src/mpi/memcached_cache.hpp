// MC-BFS's remote vertex cache (Cicotti and Carrington Sec. III-D): a memcached server
// that every rank of the run asks over its own TCP connection, in the binary protocol. Once per
// exchange round a rank asks for the children of its candidate pairs in batches of GETKQ requests,
// each batch closed by a NOOP (a GETKQ answers only on a hit; the NOOP's answer ends the batch),
// drops the pairs whose child hit, and inserts the other children with SETQ (never answered).
// A key names the run (a 64-bit nonce rank 0 draws), the search and the child, so that keys of
// earlier runs or searches on the same server never hit: a false hit would lose a BFS child.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "graph500/rank_options.hpp"
#include "mpi/batched_remote_cache.hpp"
#include "mpi/communicator.hpp"

// libmemcached's handles (<libmemcached/memcached.h>), named here so that users of this header need
// not find that header.
struct memcached_st;
struct memcached_result_st;

namespace semibfs {

class MemcachedCache : public BatchedRemoteCache {
 public:
  // Children asked per GETKQ batch. libmemcached reads no reply before it has written the batch's
  // NOOP, so the replies (about 60 bytes per hit) must fit in the socket buffers meanwhile, or
  // client and server both block on full buffers: 1024 hits take 64 KiB, half of Linux's default
  // receive buffer, at the cost of one round trip per 1024 children.
  static constexpr std::int64_t kBatchChildren = 1024;
  // Binary protocol sizes (memcached's protocol_binary.h): every request has a 24-byte header; a
  // SETQ adds 8 bytes of extras (flags, expiration), then its key and its 4-byte value (the parent).
  static constexpr std::int64_t kHeaderBytes = 24;
  static constexpr std::int64_t kSetExtrasBytes = 8;
  static constexpr std::int64_t kValueBytes = 4;

  // Collective over `world`: every rank connects to the server at `address` ("HOST:PORT") and
  // checks it with a round trip. Throws semibfs::UsageError for a malformed address, and on every
  // rank semibfs::Error (the lowest failing rank's message) when any rank cannot reach the server.
  MemcachedCache(Communicator& world, const std::string& address);
  ~MemcachedCache() override;
  MemcachedCache(const MemcachedCache&) = delete;
  MemcachedCache& operator=(const MemcachedCache&) = delete;

  // Needs no other rank; when it returns, the children it inserted are on the server (a last round
  // trip), so any rank's next round can hit them. Its requests count as TrafficKind::kCache.
  std::int64_t drop_hits(std::vector<CompactEdge>& pairs) override;
  void next_search() override;
  // The client's buffers: libmemcached's read and write buffers and this batch's keys.
  std::int64_t bytes() const override;

  // The key that stands for `child` in this run and search (hex text: nonce, search, child).
  std::string key(VertexId child) const;

 private:
  struct ClientDeleter {
    void operator()(memcached_st* client) const;
  };
  struct ResultDeleter {
    void operator()(memcached_result_st* result) const;
  };

  std::string connect(const MemcachedAddress& address);
  void set_key_prefix();
  void write_keys(const CompactEdge* pairs, std::size_t count);
  // These two return a memcached_return_t.
  int ask(std::size_t count, Traffic& traffic);
  int synchronize(Traffic& traffic);
  void insert_misses(const CompactEdge* pairs, std::size_t count, Traffic& traffic);
  [[noreturn]] void fail(const std::string& what, int status) const;

  Communicator& world_;
  std::string server_;  // "HOST:PORT", for messages
  std::unique_ptr<memcached_st, ClientDeleter> client_;
  std::unique_ptr<memcached_result_st, ResultDeleter> result_;
  std::string nonce_;  // 16 hex digits, the same on every rank of the run
  std::uint64_t search_ = 0;
  std::string prefix_;             // nonce, search, ':'
  std::vector<char> key_text_;     // the batch's keys, one slot of kKeySlot bytes each
  std::vector<const char*> keys_;  // into key_text_
  std::vector<std::size_t> key_lengths_;
  std::vector<std::uint8_t> hit_;  // per child of the batch
};

}  // namespace semibfs
