// The in-memory edge source: views into the edge list, whole or cut into chunks, never copied;
// sources concatenated: one list whose edge indexes run on from each part to the next.
#include "edges/edge_source.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/error.hpp"
#include "support/chunk_recorder.hpp"
#include "gen/kronecker.hpp"

namespace semibfs {
namespace {

using testing::chunks_cover;
using testing::record_chunks;

EdgeList small_kronecker() {
  KroneckerParams params;
  params.scale = 8;
  return generate_kronecker(params, false);
}

TEST(EdgeSourceInMemory, TheWholeListIsOneChunkThatIsNotACopy) {
  const EdgeList edge_list = small_kronecker();
  const InMemoryEdgeSource source(edge_list);
  EXPECT_EQ(source.num_vertices(), edge_list.num_vertices);
  EXPECT_EQ(source.num_edges(), edge_list.num_edges());
  EXPECT_EQ(source.buffer_bytes(), 0);
  const std::vector<testing::VisitedChunk> chunks = record_chunks(source);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0].data, edge_list.edges.data());
  EXPECT_TRUE(chunks_cover(chunks, edge_list, edge_list.num_edges()));
}

TEST(EdgeSourceInMemory, ChunksAreViewsCutAtTheChunkSize) {
  const EdgeList edge_list = small_kronecker();  // 4096 edges
  for (const std::int64_t chunk_edges : {1, 1000, 1024, 4095, 4096, 5000}) {
    SCOPED_TRACE(chunk_edges);
    const std::vector<testing::VisitedChunk> chunks = record_chunks(InMemoryEdgeSource(edge_list, chunk_edges));
    EXPECT_EQ(static_cast<std::int64_t>(chunks.size()), (edge_list.num_edges() + chunk_edges - 1) / chunk_edges);
    EXPECT_TRUE(chunks_cover(chunks, edge_list, chunk_edges));
    for (const testing::VisitedChunk& chunk : chunks) EXPECT_EQ(chunk.data, &edge_list.edges[chunk.first_index]);
  }
}

TEST(EdgeSourceInMemory, AnEmptyListHasNoChunks) {
  const EdgeList empty{4, {}, {}};
  EXPECT_TRUE(record_chunks(InMemoryEdgeSource(empty)).empty());
  EXPECT_TRUE(record_chunks(InMemoryEdgeSource(empty, 10)).empty());
}

TEST(EdgeSourceInMemory, ANegativeChunkSizeThrows) {
  const EdgeList edge_list = small_kronecker();
  EXPECT_THROW(InMemoryEdgeSource(edge_list, -1), Error);
}

TEST(EdgeSourceConcatenated, PartsReadInTurnAsOneList) {
  const EdgeList whole = small_kronecker();  // 4096 edges, cut at 1000 into a first and a second part
  EdgeList first{whole.num_vertices, {whole.edges.begin(), whole.edges.begin() + 1000}, {}};
  EdgeList second{whole.num_vertices, {whole.edges.begin() + 1000, whole.edges.end()}, {}};
  std::vector<std::unique_ptr<EdgeSource>> parts;
  parts.push_back(std::make_unique<InMemoryEdgeSource>(first, 300));
  parts.push_back(std::make_unique<InMemoryEdgeSource>(second, 300));
  const ConcatenatedEdgeSource source(std::move(parts));
  EXPECT_EQ(source.num_vertices(), whole.num_vertices);
  EXPECT_EQ(source.num_edges(), whole.num_edges());
  const std::vector<testing::VisitedChunk> chunks = record_chunks(source);
  EXPECT_EQ(chunks.size(), 4u + 11u);  // 1000 in chunks of 300, then 3096
  EXPECT_TRUE(chunks_cover(chunks, whole, 300));
}

TEST(EdgeSourceConcatenated, PartsOfOtherVerticesOrNoneAreRefused) {
  const EdgeList a{8, {}, {}};
  const EdgeList b{9, {}, {}};
  std::vector<std::unique_ptr<EdgeSource>> parts;
  parts.push_back(std::make_unique<InMemoryEdgeSource>(a));
  parts.push_back(std::make_unique<InMemoryEdgeSource>(b));
  EXPECT_THROW(ConcatenatedEdgeSource(std::move(parts)), Error);
  EXPECT_THROW(ConcatenatedEdgeSource({}), Error);
}

}  // namespace
}  // namespace semibfs
