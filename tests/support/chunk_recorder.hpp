// Records what one pass over an EdgeSource visits, and checks it against the edge list it should
// give: chunks in edge-index order, none empty, none longer than asked, together every edge once.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"

namespace semibfs::testing {

struct VisitedChunk {
  std::int64_t first_index = 0;
  const CompactEdge* data = nullptr;  // where the span pointed, to tell a copy from a view
  std::vector<CompactEdge> edges;
};

inline std::vector<VisitedChunk> record_chunks(const EdgeSource& source) {
  std::vector<VisitedChunk> chunks;
  source.for_each_chunk([&](std::span<const CompactEdge> edges, std::int64_t first_index) {
    chunks.push_back({first_index, edges.data(), std::vector<CompactEdge>(edges.begin(), edges.end())});
  });
  return chunks;
}

inline ::testing::AssertionResult chunks_cover(const std::vector<VisitedChunk>& chunks, const EdgeList& expected,
                                               std::int64_t chunk_edges) {
  std::int64_t next = 0;
  for (const VisitedChunk& chunk : chunks) {
    const auto size = static_cast<std::int64_t>(chunk.edges.size());
    if (chunk.first_index != next || size == 0 || size > chunk_edges) {
      return ::testing::AssertionFailure() << "a chunk of " << size << " edges at " << chunk.first_index
                                           << " where edge " << next << " comes next (at most " << chunk_edges << ")";
    }
    for (std::int64_t i = 0; i < size; ++i) {
      const CompactEdge& want = expected.edges[static_cast<std::size_t>(next + i)];
      const CompactEdge& got = chunk.edges[static_cast<std::size_t>(i)];
      if (got.v0() != want.v0() || got.v1() != want.v1()) {
        return ::testing::AssertionFailure() << "edge " << next + i << " is (" << got.v0() << ", " << got.v1()
                                             << "), not (" << want.v0() << ", " << want.v1() << ")";
      }
    }
    next += size;
  }
  if (next != expected.num_edges()) {
    return ::testing::AssertionFailure() << next << " edges visited of " << expected.num_edges();
  }
  return ::testing::AssertionSuccess();
}

}  // namespace semibfs::testing
