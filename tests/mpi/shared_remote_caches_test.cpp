// The remote vertex caches that several ranks share (Cicotti and Carrington): one table in a node's shared
// window, and a cache server rank asked by its group. Whatever the races between ranks, every
// child that some rank looked up must have been a miss for at least one of them (its pair reached
// its owner); a child already sent must hit for any rank sharing the cache.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "core/error.hpp"
#include "mpi/cache_server.hpp"
#include "mpi/remote_caches.hpp"
#include "support/racing_lookups.hpp"

namespace semibfs {
namespace {

constexpr int kVertices = 5000;

RankOptions cache_options(CacheKind kind, std::int64_t entries, int servers = 1) {
  RankOptions options;
  options.queue_sharing = QueueSharing::kNone;
  options.remote_cache = kind;
  options.remote_cache_entries = entries;
  options.cache_server_ranks = servers;
  options.remote_cache_hash = CacheHash::kLowBits;  // vertices below `entries` never collide
  return options;
}

// Every vertex some rank looked up was missed by some rank: sums of both counts over the ranks.
void expect_every_lookup_missed_somewhere(Communicator& comm, std::vector<std::int64_t> lookups,
                                          std::vector<std::int64_t> misses, const std::string& what) {
  comm.sum(lookups);
  comm.sum(misses);
  int never_missed = 0;
  for (int v = 0; v < kVertices; ++v) never_missed += lookups[v] > 0 && misses[v] == 0 ? 1 : 0;
  EXPECT_EQ(never_missed, 0) << what << ": vertices looked up that no rank sent";
}

// Every rank of the node looks up random vertices from one pool with two threads, in a small
// table (slots overwritten all the time, by other ranks too) and then a large one.
TEST(NodeSharedRemoteCache, RacingRanksMissEveryVertexAtLeastOnce) {
  Communicator comm;
  NodeGroup node(comm, 0);
  for (const std::int64_t entries : {std::int64_t{64}, std::int64_t{1} << 16}) {
    RemoteCaches caches(comm, cache_options(CacheKind::kNode, entries), &node);
    RemoteVertexCache& table = *caches.table();
    for (int search = 0; search < 3; ++search) {
      caches.next_search();
      const testing::LookupCounts counts =
          testing::race_lookups(table, kVertices, 2, 20000, static_cast<std::uint64_t>(comm.rank() * 100 + search));
      expect_every_lookup_missed_somewhere(comm, counts.lookups, counts.misses, "entries " + std::to_string(entries));
      node.node().barrier();  // no rank starts the next search's lookups while others check
    }
  }
}

// What one rank inserted, the node's other ranks find (after a barrier, with a table large enough
// that nothing is evicted); the next search finds nothing.
TEST(NodeSharedRemoteCache, ARankHitsWhatAnotherRankOfItsNodeSent) {
  Communicator comm;
  NodeGroup node(comm, 0);
  RemoteCaches caches(comm, cache_options(CacheKind::kNode, std::int64_t{1} << 16), &node);
  caches.next_search();
  if (node.local_rank() == 0) {
    for (int v = 0; v < 100; ++v) EXPECT_FALSE(caches.table()->seen_before(v));
  }
  node.node().barrier();
  for (int v = 0; v < 100; ++v) EXPECT_TRUE(caches.table()->seen_before(v)) << "vertex " << v;
  EXPECT_EQ(caches.bytes(), node.local_rank() == 0 ? (std::int64_t{1} << 16) * 8 : 0);
  node.node().barrier();
  caches.next_search();
  node.node().barrier();
  EXPECT_FALSE(caches.table()->seen_before(100 + node.local_rank()));
}

// Rank r asks about children from one pool (with repeats) whose parents name r and their
// position: the kept pairs are the asked ones in order, and every child asked was kept somewhere.
std::vector<CompactEdge> random_requests(int rank, int round, int count) {
  std::mt19937_64 random(static_cast<std::uint64_t>(rank * 7 + round));
  std::vector<CompactEdge> pairs;
  for (int k = 0; k < count; ++k) pairs.push_back(CompactEdge::make(rank * 100000 + k, static_cast<VertexId>(random() % kVertices)));
  return pairs;
}

void expect_kept_in_order(const std::vector<CompactEdge>& asked, const std::vector<CompactEdge>& kept) {
  std::size_t at = 0;
  for (const CompactEdge pair : kept) {
    while (at < asked.size() && !(asked[at].v0_id == pair.v0_id && asked[at].v1_id == pair.v1_id)) ++at;
    ASSERT_LT(at, asked.size()) << "a kept pair that was not asked, or out of order";
    ++at;
  }
}

TEST(CacheServerGroup, EveryChildAskedIsKeptOnceAndHitsAfterwards) {
  Communicator comm;
  for (const int servers : {1, 2}) {
    if (servers > comm.size()) continue;
    for (const std::int64_t entries : {std::int64_t{32}, std::int64_t{1} << 16}) {
      CacheServerGroup cache(comm, servers, entries, CacheHash::kLowBits);
      cache.next_search();
      std::vector<std::int64_t> lookups(kVertices, 0), misses(kVertices, 0);
      const int count = comm.rank() == 1 ? 0 : 3000;  // a rank without pairs still takes part
      const std::vector<CompactEdge> asked = random_requests(comm.rank(), servers, count);
      std::vector<CompactEdge> pairs = asked;
      const std::int64_t dropped = cache.drop_hits(pairs);
      EXPECT_EQ(dropped + static_cast<std::int64_t>(pairs.size()), count);
      expect_kept_in_order(asked, pairs);
      for (const CompactEdge pair : asked) ++lookups[pair.v1()];
      for (const CompactEdge pair : pairs) ++misses[pair.v1()];
      expect_every_lookup_missed_somewhere(comm, lookups, misses, std::to_string(servers) + " servers");
      if (entries > kVertices) {  // nothing evicted: a second round hits everything
        std::vector<CompactEdge> again = asked;
        EXPECT_EQ(cache.drop_hits(again), count);
        EXPECT_TRUE(again.empty());
      }
      cache.next_search();
      std::vector<CompactEdge> fresh = {CompactEdge::make(1, 7), CompactEdge::make(2, 7)};
      cache.drop_hits(fresh);  // in each group one pair for 7 misses (more only if threads race)
      const std::int64_t kept = comm.sum(static_cast<std::int64_t>(fresh.size()));
      EXPECT_GE(kept, servers);
      if (omp_get_max_threads() == 1) {
        EXPECT_EQ(kept, servers);
      }
      const bool first = CacheServerGroup::holds_cache(comm.rank(), comm.size(), servers);
      EXPECT_EQ(cache.bytes(), first ? entries * 8 : 0);
    }
  }
}

TEST(CacheServerGroup, GroupsAreConsecutiveAndBalanced) {
  EXPECT_TRUE(CacheServerGroup::holds_cache(0, 8, 3));
  std::vector<int> sizes(3, 0);
  for (int rank = 0; rank < 8; ++rank) ++sizes[CacheServerGroup::group_of(rank, 8, 3)];
  EXPECT_EQ(sizes, (std::vector<int>{3, 3, 2}));
  int holders = 0;
  for (int rank = 0; rank < 8; ++rank) holders += CacheServerGroup::holds_cache(rank, 8, 3) ? 1 : 0;
  EXPECT_EQ(holders, 3);
  Communicator comm;
  EXPECT_THROW(CacheServerGroup(comm, comm.size() + 1, 64, CacheHash::kMix), UsageError);
}

}  // namespace
}  // namespace semibfs
