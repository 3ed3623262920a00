// What goes on the wire (libmemcached 1.1 in binary mode, checked against its get.cc and
// storage.cc, and against `memcached -vv`): memcached_mget() writes one GETKQ per key into the
// client's 8 KiB write buffer, then a NOOP, and flushes; the server answers only the hits, then
// the NOOP, which ends the batch. memcached_set() with MEMCACHED_BEHAVIOR_NOREPLY writes a SETQ,
// which the server never answers; with MEMCACHED_BEHAVIOR_BUFFER_REQUESTS it waits in the same
// buffer, so a batch's sets leave in few segments, ahead of the next batch's GETKQs.
#include "mpi/memcached_cache.hpp"


#include <algorithm>
#include <cstring>
#include <random>
#include <utility>

#include "core/error.hpp"
#include "core/timer.hpp"
#include "mpi/every_rank.hpp"
#include "mpi/memcached_library.hpp"

namespace semibfs {
namespace {

// Room for one key: 16 hex digits of nonce, up to 16 of search, ':', up to 8 of a 32-bit child.
constexpr std::size_t kKeySlot = 16 + 16 + 1 + 8;
constexpr auto kBatch = static_cast<std::size_t>(MemcachedCache::kBatchChildren);

// `value` in lowercase hex, without leading zeros, at `out`; returns the digits written.
std::size_t write_hex(std::uint64_t value, char* out) {
  constexpr char kDigits[] = "0123456789abcdef";
  char reversed[16];
  std::size_t count = 0;
  do {
    reversed[count++] = kDigits[value & 15];
    value >>= 4;
  } while (value != 0);
  for (std::size_t i = 0; i < count; ++i) out[i] = reversed[count - 1 - i];
  return count;
}

std::string hex_text(std::uint64_t value) {
  char digits[16];
  return std::string(digits, write_hex(value, digits));
}

// 64 bits from the system's entropy source, as 16 hex digits (fixed width: the prefix must be
// unambiguous).
std::string draw_nonce() {
  std::random_device device;
  const std::uint64_t nonce = std::uint64_t{device()} << 32 ^ device();
  const std::string digits = hex_text(nonce);
  return std::string(16 - digits.size(), '0') + digits;
}

// libmemcached's name for `status`, with the system's reason where it has one.
std::string describe(memcached_st* client, memcached_return_t status) {
  std::string text = memcached_library().strerror(client, status);
  const int error_number = client != nullptr ? memcached_library().last_error_errno(client) : 0;
  if (error_number != 0) text += " (" + std::string(std::strerror(error_number)) + ")";
  return text;
}

}  // namespace

void MemcachedCache::ClientDeleter::operator()(memcached_st* client) const { memcached_library().free(client); }
// The result lives in storage of ours: memcached_fetch_result() frees a result the library allocated.
void MemcachedCache::ResultDeleter::operator()(memcached_result_st* result) const {
  memcached_library().result_free(result);
  delete result;
}

MemcachedCache::MemcachedCache(Communicator& world, const std::string& address)
    : world_(world), server_(address), key_text_(kBatch * kKeySlot), keys_(kBatch), key_lengths_(kBatch), hit_(kBatch) {
  const MemcachedAddress parsed = parse_memcached_address(address);  // the same on every rank: all throw alike
  for (std::size_t i = 0; i < kBatch; ++i) keys_[i] = key_text_.data() + i * kKeySlot;
  nonce_ = world.broadcast(world.rank() == 0 ? draw_nonce() : std::string(), 0);
  set_key_prefix();
  const std::string problem = connect(parsed);
  throw_on_every_rank(world, problem);
}

MemcachedCache::~MemcachedCache() = default;

// Empty when the server answered a round trip; else why not, with what to do.
std::string MemcachedCache::connect(const MemcachedAddress& address) {
  const std::string where = "memcached server " + server_ + " (rank " + std::to_string(world_.rank()) + "): ";
  try {
    memcached_library();  // opened here, so that a missing library fails every rank alike
  } catch (const Error& error) {
    return error.what();
  }
  client_.reset(memcached_library().create(nullptr));
  if (!client_) return where + "libmemcached could not create a client";
  memcached_st* client = client_.get();
  // Binary protocol (GETKQ, NOOP, SETQ); quiet sets, buffered; no Nagle wait for a batch's last
  // segment; a short connect timeout, and a long one for the answers of a loaded server.
  const std::pair<memcached_behavior_t, std::uint64_t> behaviors[] = {
      {MEMCACHED_BEHAVIOR_BINARY_PROTOCOL, 1},    {MEMCACHED_BEHAVIOR_NOREPLY, 1},
      {MEMCACHED_BEHAVIOR_BUFFER_REQUESTS, 1},    {MEMCACHED_BEHAVIOR_TCP_NODELAY, 1},
      {MEMCACHED_BEHAVIOR_CONNECT_TIMEOUT, 2000}, {MEMCACHED_BEHAVIOR_POLL_TIMEOUT, 60000}};
  for (const auto& [behavior, value] : behaviors) {
    const memcached_return_t status = memcached_library().behavior_set(client, behavior, value);
    if (memcached_failed(status)) return where + "libmemcached refused a setting: " + describe(client, status);
  }
  auto* result = new memcached_result_st{};
  memcached_library().result_create(client, result);  // cannot fail over storage of ours
  result_.reset(result);
  memcached_return_t status = memcached_library().server_add(client, address.host.c_str(), static_cast<in_port_t>(address.port));
  if (memcached_success(status)) {
    Traffic probe;  // the check is no search's traffic
    status = static_cast<memcached_return_t>(synchronize(probe));
  }
  if (memcached_success(status)) return "";
  return where + "cannot be reached, or does not answer as memcached does: " + describe(client, status) +
         "; start one, e.g. `memcached -l " + address.host + " -p " + std::to_string(address.port) +
         "`, or pass the address of a running one";
}

void MemcachedCache::set_key_prefix() { prefix_ = nonce_ + hex_text(search_) + ":"; }

void MemcachedCache::next_search() {
  ++search_;
  set_key_prefix();
}

std::string MemcachedCache::key(VertexId child) const { return prefix_ + hex_text(static_cast<std::uint64_t>(child)); }

std::int64_t MemcachedCache::bytes() const {
  const std::size_t arrays = keys_.capacity() * sizeof(const char*) + key_lengths_.capacity() * sizeof(std::size_t);
  return static_cast<std::int64_t>(2 * MEMCACHED_MAX_BUFFER + key_text_.capacity() + arrays + hit_.capacity());
}

// The keys of the children of pairs[0, count) into the batch's key slots.
void MemcachedCache::write_keys(const CompactEdge* pairs, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    char* slot = key_text_.data() + i * kKeySlot;
    std::memcpy(slot, prefix_.data(), prefix_.size());
    key_lengths_[i] = prefix_.size() + write_hex(pairs[i].v1_id, slot + prefix_.size());
  }
}

// One batch: a GETKQ for each of the first `count` keys and a NOOP; marks hit_ for the keys that
// hit. Returns a memcached_return_t, MEMCACHED_SUCCESS when the batch was answered.
int MemcachedCache::ask(std::size_t count, Traffic& traffic) {
  memcached_st* client = client_.get();
  std::fill_n(hit_.begin(), count, std::uint8_t{0});
  traffic.messages += static_cast<std::int64_t>(count) + 1;
  traffic.bytes += kHeaderBytes * (static_cast<std::int64_t>(count) + 1);
  for (std::size_t i = 0; i < count; ++i) traffic.bytes += static_cast<std::int64_t>(key_lengths_[i]);
  memcached_return_t status = memcached_library().mget(client, keys_.data(), key_lengths_.data(), count);
  if (memcached_failed(status)) return status;
  std::size_t cursor = 0;
  while (memcached_library().fetch_result(client, result_.get(), &status) != nullptr) {
    // A server answers one connection's requests in order: the hit is the next key asked like it.
    const char* key = memcached_library().result_key_value(result_.get());
    const std::size_t length = memcached_library().result_key_length(result_.get());
    while (cursor < count && (key_lengths_[cursor] != length || std::memcmp(keys_[cursor], key, length) != 0)) ++cursor;
    if (cursor == count) return MEMCACHED_PROTOCOL_ERROR;  // a key not asked for, or out of order
    hit_[cursor++] = 1;
  }
  // The NOOP's answer ends the batch: END after hits, NOTFOUND after none. memcached_fetch_result()
  // also says NOTFOUND after a reply it could not read when nothing hit; memcached_mget() cleared
  // the client's last error, so that failure is still there.
  const memcached_return_t recorded = memcached_library().last_error(client);
  if (recorded != MEMCACHED_SUCCESS) return recorded;
  return status == MEMCACHED_END || status == MEMCACHED_NOTFOUND ? MEMCACHED_SUCCESS : status;
}

// A SETQ (buffered, never answered) for each key of the batch that missed, the parent as value.
void MemcachedCache::insert_misses(const CompactEdge* pairs, std::size_t count, Traffic& traffic) {
  for (std::size_t i = 0; i < count; ++i) {
    if (hit_[i]) continue;
    const std::uint32_t parent = pairs[i].v0_id;
    char value[kValueBytes];
    std::memcpy(value, &parent, sizeof(value));
    const memcached_return_t status =
        memcached_library().set(client_.get(), keys_[i], key_lengths_[i], value, sizeof(value), 0, 0);
    if (status != MEMCACHED_BUFFERED && status != MEMCACHED_SUCCESS) fail("inserting children (SETQ)", status);
    traffic.messages += 1;
    traffic.bytes += kHeaderBytes + kSetExtrasBytes + static_cast<std::int64_t>(key_lengths_[i]) + kValueBytes;
  }
}

// A round trip behind the buffered SETQs (a GETKQ for a key never set, ':' then "sync", and a
// NOOP): the server handles a connection's requests in order, so once it answers, every child this
// rank inserted is in the cache. Returns a memcached_return_t.
int MemcachedCache::synchronize(Traffic& traffic) {
  const std::string sync = prefix_ + "sync";  // children's keys end in hex digits only
  std::memcpy(key_text_.data(), sync.data(), sync.size());
  key_lengths_[0] = sync.size();
  return ask(1, traffic);
}

std::int64_t MemcachedCache::drop_hits(std::vector<CompactEdge>& pairs) {
  const Stopwatch stopwatch;
  Traffic traffic;
  std::size_t kept = 0;
  for (std::size_t first = 0; first < pairs.size(); first += kBatch) {
    const std::size_t count = std::min(pairs.size() - first, kBatch);
    write_keys(pairs.data() + first, count);
    const int status = ask(count, traffic);
    if (status != MEMCACHED_SUCCESS) fail("asking for children (GETKQ)", status);
    insert_misses(pairs.data() + first, count, traffic);
    // Kept pairs move down in place, in order: `kept` never passes the pair being read.
    for (std::size_t i = 0; i < count; ++i) {
      if (!hit_[i]) pairs[kept++] = pairs[first + i];
    }
  }
  const auto dropped = static_cast<std::int64_t>(pairs.size() - kept);
  pairs.resize(kept);
  if (kept > 0) {
    const int status = synchronize(traffic);
    if (status != MEMCACHED_SUCCESS) fail("inserting children (SETQ)", status);
  }
  traffic.seconds = stopwatch.seconds();
  world_.count(TrafficKind::kCache, traffic);
  return dropped;
}

void MemcachedCache::fail(const std::string& what, int status) const {
  throw Error("memcached server " + server_ + ": " + what + ": " +
              describe(client_.get(), static_cast<memcached_return_t>(status)));
}

}  // namespace semibfs
