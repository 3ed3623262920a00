// The neighbour lists of one range of consecutive vertices, the unit in which the external
// construction (external_build.hpp) holds adjacency in DRAM. They are collected from the edge
// file (both directions of every edge with an endpoint in the range, or one direction of a
// directed graph's edges, then sorted, self-loops and duplicates dropped: the lists build_csr
// makes), or loaded back from a scratch file of such lists, and then put in a NeighborOrder.
#pragma once

#include <cstdint>
#include <span>

#include "graph/csr_graph.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"
#include "construction/build_budget.hpp"
#include "edges/packed_edge_file.hpp"
#include "construction/scratch_file.hpp"

namespace semibfs {

// Which lists an edge (u, v) adds an entry to: u's and v's (undirected), u's only (directed
// out-lists) or v's only (directed in-lists).
enum class ListEnds { kBoth, kSource, kTarget };

// A list's start within its range: 32 bits, as a range holds at most kMaxRangeEntries entries,
// which leaves the lists 4 bytes more a vertex (at SCALE 26 in 2 GiB: one range, and one read of
// the edge file, fewer).
using RangeOffset = std::uint32_t;
inline constexpr std::int64_t kMaxRangeEntries = UINT32_MAX;

struct RangeLists {
  VertexRange range;
  LedgerArray<RangeOffset> offsets;   // range.size() + 1 of them, from 0
  LedgerArray<NeighborId> neighbors;  // [0, entries()) in use

  std::int64_t entries() const { return offsets[static_cast<std::size_t>(range.size())]; }
  // The list of vertex range.begin + local.
  std::span<NeighborId> list(std::int64_t local) {
    return {neighbors.data() + offsets[local], static_cast<std::size_t>(offsets[local + 1] - offsets[local])};
  }
};

// Bytes the lists of a range take, per list entry and per vertex (plan_vertex_ranges).
inline constexpr std::int64_t kRangeBytesPerEntry = sizeof(NeighborId);
inline constexpr std::int64_t kRangeBytesPerVertex = sizeof(RangeOffset);
// Ordering by degree also needs an 8-byte sort key per entry (neighbor_order.cpp).
inline constexpr std::int64_t kDegreeKeyBytesPerEntry = sizeof(std::uint64_t);

// The buffers a collect pass reads and sorts through: a chunk of edges and, for the entries of
// the chunk, sort keys and the radix sort's other half (kCollectBytesPerEdge in all).
static_assert(kCollectBytesPerEdge == sizeof(PackedEdge) + 2 * 2 * sizeof(std::uint64_t));
struct CollectBuffers {
  CollectBuffers(BufferLedger& ledger, std::int64_t chunk_edges)
      : chunk(ledger, static_cast<std::size_t>(chunk_edges)),
        keys(ledger, static_cast<std::size_t>(2 * chunk_edges)),
        sort_buffer(ledger, static_cast<std::size_t>(2 * chunk_edges)) {}

  LedgerArray<PackedEdge> chunk;
  LedgerArray<std::uint64_t> keys;
  LedgerArray<std::uint64_t> sort_buffer;
};

// One pass over the edge file, read through `buffers`. On entry degrees[v] holds the number of
// times v is an endpoint of an edge that is not a self-loop, counting only the `ends` whose lists
// are collected; for the range's vertices it holds their list lengths on return. OpenMP-parallel.
RangeLists collect_range_lists(const PackedEdgeFile& edges, CollectBuffers& buffers, VertexRange range,
                               std::span<std::uint32_t> degrees, BufferLedger& ledger, ListEnds ends = ListEnds::kBoth);

// The range's lists from `scratch`, where they start at byte `offset`; degrees are list lengths.
RangeLists load_range_lists(const ScratchFile& scratch, std::int64_t offset, VertexRange range,
                            std::span<const std::uint32_t> degrees, BufferLedger& ledger);

// Orders every list as order_neighbors does, given every vertex's list length. OpenMP-parallel.
void order_range_lists(RangeLists& lists, NeighborOrder order, std::span<const std::uint32_t> degrees,
                       BufferLedger& ledger);

}  // namespace semibfs
