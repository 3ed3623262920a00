// The remote vertex cache (Cicotti and Carrington's LC-BFS) against a model: an array of (search, vertex) per
// slot, indexed the way the cache's documented hashes say. A hit must mean that the same vertex
// was inserted earlier in the same search and not evicted since.
#include "mpi/remote_vertex_cache.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "support/racing_lookups.hpp"

namespace semibfs {
namespace {

TEST(RemoteVertexCacheTest, AVertexHitsAfterItsFirstSendAndNotInTheNextSearch) {
  RemoteVertexCache cache(1024, CacheHash::kMix);
  EXPECT_FALSE(cache.seen_before(0));  // a fresh slot must not look like vertex 0
  EXPECT_TRUE(cache.seen_before(0));
  EXPECT_FALSE(cache.seen_before(77));
  EXPECT_TRUE(cache.seen_before(77));
  EXPECT_FALSE(cache.seen_before(78));
  cache.next_search();
  EXPECT_FALSE(cache.seen_before(77));
  EXPECT_TRUE(cache.seen_before(77));
}

// With the low bits, v and v + entries share a slot: each evicts the other.
TEST(RemoteVertexCacheTest, ALowBitsCollisionEvicts) {
  RemoteVertexCache cache(16, CacheHash::kLowBits);
  EXPECT_FALSE(cache.seen_before(3));
  EXPECT_FALSE(cache.seen_before(3 + 16));
  EXPECT_FALSE(cache.seen_before(3));
  EXPECT_TRUE(cache.seen_before(3));
  EXPECT_FALSE(cache.seen_before(4));  // another slot: 3 stays
  EXPECT_TRUE(cache.seen_before(3));
}

// Random ids in several searches against a model of the table that knows nothing of the tags:
// a slot remembers the last vertex inserted and the search it was inserted in.
TEST(RemoteVertexCacheTest, MatchesAModelOfADirectMappedTable) {
  for (const CacheHash hash : {CacheHash::kLowBits, CacheHash::kMix}) {
    constexpr std::int64_t kEntries = 64;
    RemoteVertexCache cache(kEntries, hash);
    std::vector<std::pair<int, VertexId>> model(kEntries, {-1, -1});
    const auto slot = [&](VertexId v) {
      const auto id = static_cast<std::uint64_t>(v);
      return static_cast<std::size_t>(hash == CacheHash::kLowBits ? id % kEntries : (id * 0x9E3779B97F4A7C15ULL) >> 58);
    };
    std::mt19937_64 random(5);
    for (int search = 0; search < 5; ++search) {
      for (int k = 0; k < 4000; ++k) {
        const auto v = static_cast<VertexId>(random() % 300 + (random() % 2) * (VertexId{1} << 31));
        const bool expected = model[slot(v)] == std::pair(search, v);
        ASSERT_EQ(cache.seen_before(v), expected) << "search " << search << ", vertex " << v;
        model[slot(v)] = {search, v};
      }
      cache.next_search();
    }
  }
}

// Threads looking up at once: the first lookup of a vertex in a search cannot hit (a hit needs an
// earlier insert of it), so every vertex looked up was missed at least once, by some thread: its
// pair reached its owner. Vertex 0 is among them (a fresh slot must not look like it).
TEST(RemoteVertexCacheTest, RacingThreadsMissEveryVertexAtLeastOnce) {
  RemoteVertexCache cache(256, CacheHash::kLowBits);
  constexpr int kVertices = 20000;
  for (int search = 0; search < 3; ++search) {
    const testing::LookupCounts counts = testing::race_lookups(cache, kVertices, 4, 50000, 10 * search + 1);
    for (int v = 0; v < kVertices; ++v) {
      if (counts.lookups[v] > 0 && counts.misses[v] == 0) {
        ADD_FAILURE() << "search " << search << ": vertex " << v << " never missed";
      }
    }
    EXPECT_FALSE(cache.seen_before(kVertices + 1));
    cache.next_search();
  }
}

TEST(RemoteVertexCacheTest, RefusesSizesThatAreNotPowersOfTwo) {
  EXPECT_THROW(RemoteVertexCache(0, CacheHash::kMix), Error);
  EXPECT_THROW(RemoteVertexCache(1, CacheHash::kMix), Error);
  EXPECT_THROW(RemoteVertexCache(48, CacheHash::kMix), Error);
  EXPECT_THROW(RemoteVertexCache(std::int64_t{1} << 31, CacheHash::kMix), Error);
}

}  // namespace
}  // namespace semibfs
