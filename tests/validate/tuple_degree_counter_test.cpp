// The validator's tuple degrees counted from an edge file's bytes as another reader hands them (the
// store's edge file check at the open, issue 41): the same counts as the pass over the tuples,
// whatever the cuts, and a file that is not whole tuples of the graph's vertices refused.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "edges/packed_edge.hpp"
#include "validate/tuple_degrees.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::PackedEdge;
using semibfs::TupleDegreeCounter;

std::vector<std::byte> packed_bytes_of(const semibfs::EdgeList& edges) {
  std::vector<std::byte> bytes(edges.edges.size() * sizeof(PackedEdge));
  for (std::size_t i = 0; i < edges.edges.size(); ++i) {
    const PackedEdge edge = PackedEdge::make(edges.edges[i].v0(), edges.edges[i].v1());
    std::memcpy(bytes.data() + i * sizeof(PackedEdge), &edge, sizeof(PackedEdge));
  }
  return bytes;
}

// Pieces of `piece` bytes, a record split wherever 12 does not divide it.
std::vector<std::uint32_t> counted_in_pieces(const std::vector<std::byte>& bytes, std::int64_t vertices,
                                             std::size_t piece, std::int64_t expected_tuples) {
  TupleDegreeCounter counter(vertices);
  for (std::size_t first = 0; first < bytes.size(); first += piece) {
    counter.add_packed_bytes(std::span(bytes).subspan(first, std::min(piece, bytes.size() - first)));
  }
  return counter.finish(expected_tuples);
}

TEST(TupleDegreeCounterTest, PiecesCutAnywhereGiveTheCountsOfThePassOverTheTuples) {
  const RandomGraph graph = random_graph(10, 3);  // repeats and self-loops among its tuples
  const semibfs::InMemoryEdgeSource edges(graph.edge_list, 1000);
  const std::vector<std::uint32_t> expected = semibfs::tuple_degrees(edges);
  const std::vector<std::byte> bytes = packed_bytes_of(graph.edge_list);
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{12}, std::size_t{4096}, bytes.size()}) {
    EXPECT_EQ(counted_in_pieces(bytes, edges.num_vertices(), piece, edges.num_edges()), expected) << piece;
  }
}

TEST(TupleDegreeCounterTest, AFileThatIsNotWholeTuplesOfTheGraphIsRefused) {
  const RandomGraph graph = random_graph(8, 5);
  const semibfs::InMemoryEdgeSource edges(graph.edge_list, 1000);
  std::vector<std::byte> bytes = packed_bytes_of(graph.edge_list);
  const std::int64_t tuples = edges.num_edges();
  // A piece missed, or one too many: the count would be short or long.
  EXPECT_THROW(counted_in_pieces(bytes, edges.num_vertices(), 4096, tuples + 1), semibfs::Error);
  EXPECT_THROW(counted_in_pieces(bytes, edges.num_vertices(), 4096, tuples - 1), semibfs::Error);
  // A record cut short at the end.
  std::vector<std::byte> cut(bytes.begin(), bytes.end() - 5);
  EXPECT_THROW(counted_in_pieces(cut, edges.num_vertices(), 4096, tuples - 1), semibfs::Error);
  // An endpoint past the vertices, and one with the high 16 bits of a 48-bit id set.
  for (const semibfs::VertexId bad : {edges.num_vertices(), (semibfs::VertexId{1} << 32) + 3}) {
    const PackedEdge edge = PackedEdge::make(1, bad);
    std::vector<std::byte> damaged = bytes;
    std::memcpy(damaged.data() + 10 * sizeof(PackedEdge), &edge, sizeof(PackedEdge));
    try {
      counted_in_pieces(damaged, edges.num_vertices(), 100, tuples);
      ADD_FAILURE() << "endpoint " << bad << " counted";
    } catch (const semibfs::Error& error) {
      EXPECT_NE(std::string(error.what()).find("edge 10 "), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace validate_test
