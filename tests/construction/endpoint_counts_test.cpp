// The staged endpoint count (construction/endpoint_counts.hpp, EndpointCounter): per vertex, what
// a plain count of each edge's ends finds, and the seal the edge file's bytes give read whole,
// whatever the piece (staging) size, the buckets and the threads; a bad id is named by its edge.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "construction/endpoint_counts.hpp"
#include "store/edge_file_seal.hpp"
#include "support/error_message.hpp"
#include "support/thread_count.hpp"

namespace semibfs {
namespace {

// Skewed edges (a few hubs take many endpoints), self-loops and repeats among them.
std::vector<PackedEdge> random_edges(std::int64_t num_vertices, std::int64_t count, unsigned seed) {
  std::mt19937_64 random(seed);
  std::vector<PackedEdge> edges;
  for (std::int64_t index = 0; index < count; ++index) {
    const auto pick = [&] {
      const auto draw = static_cast<std::int64_t>(random() % static_cast<std::uint64_t>(num_vertices));
      return random() % 4 == 0 ? draw % 7 : draw;
    };
    const VertexId u = pick();
    edges.push_back(PackedEdge::make(u, random() % 16 == 0 ? u : pick()));
  }
  return edges;
}

std::vector<std::uint32_t> plain_counts(std::int64_t num_vertices, std::span<const PackedEdge> edges, ListEnds ends) {
  std::vector<std::uint32_t> counts(static_cast<std::size_t>(num_vertices), 0);
  for (const PackedEdge& edge : edges) {
    if (edge.v0() == edge.v1()) continue;
    if (ends != ListEnds::kTarget) ++counts[static_cast<std::size_t>(edge.v0())];
    if (ends != ListEnds::kSource) ++counts[static_cast<std::size_t>(edge.v1())];
  }
  return counts;
}

// Chunks of 70001 edges (pieces and blocks cut inside them) through a counter with `staging` entries.
std::vector<std::uint32_t> staged_counts(std::int64_t num_vertices, std::span<const PackedEdge> edges, ListEnds ends,
                                         std::size_t staging_entries, EdgeFileSeal* seal) {
  std::vector<std::uint32_t> counts(static_cast<std::size_t>(num_vertices), 7);
  std::vector<std::uint32_t> staging(staging_entries);
  EndpointCounter counter(counts, ends, "edges", staging, seal);
  for (std::size_t first = 0; first < edges.size(); first += 70001) {
    counter.add(static_cast<std::int64_t>(first), edges.subspan(first, std::min<std::size_t>(70001, edges.size() - first)));
  }
  counter.finish();
  return counts;
}

TEST(EndpointCounterTest, CountsAsAPlainCountWhateverThePiecesBucketsAndThreads) {
  for (const std::int64_t num_vertices : {std::int64_t{1}, std::int64_t{5000}, std::int64_t{3} << 20}) {
    const std::vector<PackedEdge> edges = random_edges(num_vertices, 400000, 3);
    for (const ListEnds ends : {ListEnds::kBoth, ListEnds::kSource, ListEnds::kTarget}) {
      for (const std::size_t staging : {std::size_t{2}, std::size_t{9999}, std::size_t{1} << 22}) {
        for (const int threads : {1, 3}) {
          SCOPED_TRACE(std::to_string(num_vertices) + " vertices, ends " + std::to_string(static_cast<int>(ends)) +
                       ", staging " + std::to_string(staging) + ", threads " + std::to_string(threads));
          // One edge a piece: a few thousand edges are enough.
          const std::span<const PackedEdge> some = std::span(edges).first(staging == 2 ? 3000 : edges.size());
          const testing::ThreadCount thread_count(threads);
          EXPECT_EQ(staged_counts(num_vertices, some, ends, staging, nullptr), plain_counts(num_vertices, some, ends));
        }
      }
    }
  }
}

TEST(EndpointCounterTest, TheSealIsThatOfTheWholeFileReadAtOnce) {
  const std::int64_t num_vertices = 100000;
  const std::vector<PackedEdge> edges = random_edges(num_vertices, 300000, 5);
  EdgeFileSeal whole(GraphDirection::kUndirected);
  whole.update(std::span<const PackedEdge>(edges));
  const StoreArray expected = whole.finish(static_cast<std::int64_t>(edges.size() * sizeof(PackedEdge)));
  for (const std::size_t staging : {std::size_t{1000}, std::size_t{1} << 20}) {
    EdgeFileSeal staged(GraphDirection::kUndirected);
    staged_counts(num_vertices, edges, ListEnds::kBoth, staging, &staged);
    const StoreArray sealed = staged.finish(static_cast<std::int64_t>(edges.size() * sizeof(PackedEdge)));
    EXPECT_EQ(sealed.sha256, expected.sha256);
    EXPECT_EQ(sealed.pair_digest, expected.pair_digest);
  }
}

TEST(EndpointCounterTest, AnIdOutsideTheVerticesIsNamedByItsEdge) {
  std::vector<PackedEdge> edges = random_edges(1000, 200000, 7);
  edges[150000] = PackedEdge::make(5, 1000);
  edges[190000] = PackedEdge::make(1001, 2);
  const std::string message = testing::error_of([&] { staged_counts(1000, edges, ListEnds::kBoth, 50000, nullptr); });
  EXPECT_NE(message.find("edge 150000 (5, 1000) has a vertex id outside [0, 1000)"), std::string::npos) << message;
}

TEST(EndpointCounterTest, TooSmallAStagingIsRefused) {
  std::vector<std::uint32_t> counts(10);
  std::vector<std::uint32_t> staging(1);
  const std::string message = testing::error_of([&] { EndpointCounter(counts, ListEnds::kBoth, "edges", staging); });
  EXPECT_NE(message.find("1 staging entries; need at least 2"), std::string::npos) << message;
}

}  // namespace
}  // namespace semibfs
