// The in-memory edge source: views into the edge list, whole or cut into chunks, never copied.
#include "edges/edge_source.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace semibfs
