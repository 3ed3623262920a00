// MC-BFS's memcached cache (Cicotti and Carrington Sec. III-D) against a memcached server of the tests' own,
// started by rank 0: a child hits only when some rank inserted it earlier in the same run and
// search; the pairs kept keep their order; every request is counted. Built with libmemcached only.
#ifdef SEMIBFS_HAVE_MEMCACHED

#include "mpi/memcached_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "mpi/communicator.hpp"
#include "support/error_message.hpp"
#include "support/memcached_server.hpp"

namespace semibfs {
namespace {

// `count` pairs (i, child) with children rank * 2^20 + i: no two ranks share one.
std::vector<CompactEdge> pairs_of(int rank, int count) {
  std::vector<CompactEdge> pairs;
  for (int i = 0; i < count; ++i) pairs.push_back(CompactEdge::make(i, (VertexId{rank} << 20) + i));
  return pairs;
}

// Pairs as comparable words (parent, child).
std::vector<std::uint64_t> words_of(const std::vector<CompactEdge>& pairs) {
  std::vector<std::uint64_t> words;
  for (const CompactEdge& pair : pairs) words.push_back(std::uint64_t{pair.v0_id} << 32 | pair.v1_id);
  return words;
}

// Rank 0's choice of a port nothing listens on, on every rank.
int unused_port(Communicator& world) {
  const std::string port =
      world.broadcast(world.rank() == 0 ? std::to_string(semibfs::testing::free_local_port()) : "", 0);
  return std::stoi(port);
}

class MemcachedCacheTest : public ::testing::Test {
 protected:
  // One server for the suite, on rank 0; every rank learns its port, or why there is none.
  static void SetUpTestSuite() {
    Communicator world;
    std::string port;
    if (world.rank() == 0) {
      server_ = std::make_unique<semibfs::testing::MemcachedServer>();
      port = server_->started() ? std::to_string(server_->port()) : "0";
      problem_ = server_->problem();
    }
    port_ = std::stoi(world.broadcast(port, 0));
    problem_ = world.broadcast(problem_, 0);
  }
  static void TearDownTestSuite() {
    Communicator world;
    world.barrier();  // no rank talks to the server any more
    server_.reset();
  }
  void SetUp() override {
    if (port_ == 0) GTEST_SKIP() << problem_;
  }
  static std::string address() { return "127.0.0.1:" + std::to_string(port_); }

  Communicator world_;
  static inline std::unique_ptr<semibfs::testing::MemcachedServer> server_;
  static inline int port_ = 0;
  static inline std::string problem_;
};

TEST_F(MemcachedCacheTest, FreshChildrenAllMissAndNothingIsRemoved) {
  MemcachedCache cache(world_, address());
  std::vector<CompactEdge> pairs = pairs_of(world_.rank(), 300);
  const std::vector<std::uint64_t> asked = words_of(pairs);
  EXPECT_EQ(cache.drop_hits(pairs), 0);
  EXPECT_EQ(words_of(pairs), asked);
}

// A hit is by child: another parent of an inserted child is dropped too.
TEST_F(MemcachedCacheTest, TheSameChildrenAgainAllHitAndAreRemoved) {
  MemcachedCache cache(world_, address());
  std::vector<CompactEdge> pairs = pairs_of(world_.rank(), 300);
  cache.drop_hits(pairs);
  std::vector<CompactEdge> again = pairs_of(world_.rank(), 300);
  for (CompactEdge& pair : again) pair.v0_id += 7;
  EXPECT_EQ(cache.drop_hits(again), 300);
  EXPECT_TRUE(again.empty());
}

// Children spread over four GETKQ batches, every third one inserted before, asked in a shuffled
// order: the others stay, in that order.
TEST_F(MemcachedCacheTest, KeptPairsKeepTheirOrderAcrossBatches) {
  MemcachedCache cache(world_, address());
  const int count = 3 * static_cast<int>(MemcachedCache::kBatchChildren) + 17;
  std::vector<CompactEdge> all = pairs_of(world_.rank(), count);
  std::vector<CompactEdge> inserted;
  for (int i = 0; i < count; i += 3) inserted.push_back(all[static_cast<std::size_t>(i)]);
  EXPECT_EQ(cache.drop_hits(inserted), 0);
  for (std::size_t i = 0; i < all.size(); ++i) std::swap(all[i], all[(i * 7919) % all.size()]);
  std::vector<CompactEdge> expected;
  for (const CompactEdge& pair : all) {
    if (pair.v0_id % 3 != 0) expected.push_back(pair);
  }
  EXPECT_EQ(cache.drop_hits(all), (count + 2) / 3);
  EXPECT_EQ(words_of(all), words_of(expected));
}

// A child asked twice in one call may be sent twice, never not at all; later it hits.
TEST_F(MemcachedCacheTest, AChildAskedTwiceInOneCallIsKept) {
  MemcachedCache cache(world_, address());
  std::vector<CompactEdge> pairs = pairs_of(world_.rank(), 10);
  pairs.push_back(pairs[3]);
  EXPECT_EQ(cache.drop_hits(pairs), 0);
  EXPECT_EQ(pairs.size(), 11u);
  std::vector<CompactEdge> again = {pairs[3]};
  EXPECT_EQ(cache.drop_hits(again), 1);
}

TEST_F(MemcachedCacheTest, AfterNextSearchTheChildrenMissAgain) {
  MemcachedCache cache(world_, address());
  std::vector<CompactEdge> pairs = pairs_of(world_.rank(), 200);
  cache.drop_hits(pairs);
  cache.next_search();
  EXPECT_EQ(cache.drop_hits(pairs), 0);
  EXPECT_EQ(pairs.size(), 200u);
  EXPECT_EQ(cache.drop_hits(pairs), 200);
}

// Each rank inserts its children, then asks for the next rank's: drop_hits returns only once its
// inserts are on the server, so after the barrier they all hit.
TEST_F(MemcachedCacheTest, ChildrenInsertedByAnotherRankHit) {
  MemcachedCache cache(world_, address());
  std::vector<CompactEdge> mine = pairs_of(world_.rank(), 500);
  EXPECT_EQ(cache.drop_hits(mine), 0);
  world_.barrier();
  std::vector<CompactEdge> next = pairs_of((world_.rank() + 1) % world_.size(), 500);
  EXPECT_EQ(cache.drop_hits(next), 500);
  EXPECT_TRUE(next.empty());
}

// Two runs against one server: each has its own nonce, the same on all of its ranks.
TEST_F(MemcachedCacheTest, TwoRunsDoNotSeeEachOthersChildren) {
  MemcachedCache first(world_, address());
  MemcachedCache second(world_, address());
  EXPECT_EQ(world_.broadcast(first.key(5), 0), first.key(5));
  EXPECT_NE(first.key(5), second.key(5));
  std::vector<CompactEdge> pairs = pairs_of(world_.rank(), 200);
  EXPECT_EQ(first.drop_hits(pairs), 0);
  world_.barrier();
  EXPECT_EQ(second.drop_hits(pairs), 0);
  EXPECT_EQ(pairs.size(), 200u);
  EXPECT_EQ(first.drop_hits(pairs), 200);
}

// Requests by the binary protocol's sizes: a GETKQ per child and a NOOP per batch; for a call with
// misses a SETQ per miss and a last GETKQ and NOOP (the round trip that ends it).
TEST_F(MemcachedCacheTest, TrafficCountsEveryRequest) {
  MemcachedCache cache(world_, address());
  const int count = static_cast<int>(MemcachedCache::kBatchChildren) + 5;
  std::vector<CompactEdge> pairs = pairs_of(world_.rank(), count);
  std::int64_t key_bytes = 0;
  for (const CompactEdge& pair : pairs) key_bytes += static_cast<std::int64_t>(cache.key(pair.v1()).size());
  const auto sync_key_bytes = static_cast<std::int64_t>(cache.key(0).size() - 1 + 4);
  const Traffic before = world_.traffic(TrafficKind::kCache);
  cache.drop_hits(pairs);
  const Traffic misses = world_.traffic(TrafficKind::kCache);
  EXPECT_EQ(misses.messages - before.messages, 2 * count + 2 + 2);
  EXPECT_EQ(misses.bytes - before.bytes,
            (24 * count + key_bytes) + 2 * 24 + (36 * count + key_bytes) + (24 + sync_key_bytes) + 24);
  EXPECT_GT(misses.seconds, before.seconds);
  cache.drop_hits(pairs);
  const Traffic hits = world_.traffic(TrafficKind::kCache);
  EXPECT_EQ(hits.messages - misses.messages, count + 2);
  EXPECT_EQ(hits.bytes - misses.bytes, 24 * count + key_bytes + 2 * 24);
  std::vector<CompactEdge> none;
  EXPECT_EQ(cache.drop_hits(none), 0);
  EXPECT_EQ(world_.traffic(TrafficKind::kCache).messages, hits.messages);
}

// Only the last rank's address leads nowhere: every rank throws that rank's complaint.
TEST_F(MemcachedCacheTest, OneRankThatCannotReachTheServerFailsEveryRank) {
  const int port = unused_port(world_);
  const bool last = world_.rank() == world_.size() - 1;
  const std::string message = semibfs::testing::error_of(
      [&] { MemcachedCache cache(world_, last ? "127.0.0.1:" + std::to_string(port) : address()); });
  EXPECT_NE(
      message.find("memcached server 127.0.0.1:" + std::to_string(port) + " (rank " +
                   std::to_string(world_.size() - 1) + "): cannot be reached, or does not answer as memcached does: "),
      std::string::npos)
      << message;
}

TEST(MemcachedCacheErrors, AnUnreachableServerIsOneErrorLineOnEveryRank) {
  Communicator world;
  const std::string port = std::to_string(unused_port(world));
  const std::string message = semibfs::testing::error_of([&] { MemcachedCache cache(world, "127.0.0.1:" + port); });
  EXPECT_NE(message.find("memcached server 127.0.0.1:" + port +
                         " (rank 0): cannot be reached, or does not answer as memcached does: "),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("start one, e.g. `memcached -l 127.0.0.1 -p " + port + "`"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

// A server that answers, but not as memcached does (a wrong port behind a proxy): an error, not a
// cache where every child misses.
TEST(MemcachedCacheErrors, AServerThatIsNotMemcachedIsAnError) {
  Communicator world;
  std::unique_ptr<semibfs::testing::NotMemcachedServer> server;
  if (world.rank() == 0) server = std::make_unique<semibfs::testing::NotMemcachedServer>(world.size());
  const std::string port = world.broadcast(server ? std::to_string(server->port()) : "", 0);
  ASSERT_NE(port, "0");
  const std::string message = semibfs::testing::error_of([&] { MemcachedCache cache(world, "127.0.0.1:" + port); });
  EXPECT_NE(message.find("memcached server 127.0.0.1:" + port + " (rank "), std::string::npos) << message;
}

TEST(MemcachedCacheErrors, AMalformedAddressIsAUsageError) {
  Communicator world;
  for (const std::string address : {"", "localhost", "localhost:", ":11211", "host:0", "host:65536", "host:12x",
                                    "host:-1", "::1:11211", "two words:11211"}) {
    EXPECT_THROW((MemcachedCache{world, address}), UsageError) << address;
  }
  const std::string message = semibfs::testing::error_of([&] { MemcachedCache{world, "localhost"}; });
  EXPECT_EQ(message,
            "memcached server address 'localhost': expected HOST:PORT with a port from 1 to 65535, e.g. "
            "127.0.0.1:11211");
  EXPECT_EQ(parse_memcached_address("[::1]:11211").host, "::1");
  EXPECT_EQ(parse_memcached_address("cache.example:99").port, 99);
}

}  // namespace
}  // namespace semibfs

#endif  // SEMIBFS_HAVE_MEMCACHED
