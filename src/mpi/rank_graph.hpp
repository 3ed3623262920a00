// Ranks as the third level of partitioning (Cui et al. Sec. II-D; DESIGN.md "Distributed"): rank r
// owns the contiguous vertex range r of a PartitionLayout over all vertices, the same split that
// gives NUMA partitions their ranges inside one process, and holds the whole neighbour list of
// each of its vertices, with global ids. Kernel 1 across ranks builds it: every rank generates
// its own share of the reference edge list, sends each edge to the owners of its two endpoints,
// and builds the lists of its own vertices.
#pragma once

#include <cstdint>
#include <vector>

#include "mpi/communicator.hpp"
#include "edges/edge_list.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {

// The edges [begin, end) of the edge list that a rank generates, holds and validates against.
struct EdgeShare {
  std::int64_t begin = 0;
  std::int64_t end = 0;
};
EdgeShare edge_share(std::int64_t num_edges, int rank, int ranks);

// With a store and a DRAM budget, a rank's lists are tiered like one process's partitions: the
// first entries of each list in DRAM, the tails in the rank's part of the store (DIR/rank-K).
struct RankGraph {
  PartitionLayout ranks;  // every rank's vertex range
  VertexRange own;        // this rank's
  // Rows: the own vertices, minus own.begin; entries: global neighbour ids, self-loops and
  // duplicates dropped, ordered as asked (neighbor_order.hpp, with global degrees). Empty when
  // the lists were opened from a store under a budget.
  CsrGraph lists;
  // The lists as the search reads them: a view of `lists` (which moves with it, its arrays in
  // place), or the rows split between DRAM and the store.
  TieredCsr tiered;
  // The first resident entry of every own list, kNoFirstNeighbor for a list without one (a bottom-up
  // step's first probe, as in one process: TieredCsr::first_entries).
  std::vector<NeighborId> first_neighbors;
  std::int64_t global_adjacencies = 0;  // adjacency entries of all ranks together

  // The own rows split into NUMA partitions (Iwabuchi et al. Sec. V-B inside a rank): partition k's
  // lists, heads and search status on NUMA node k mod nodes, its bottom-up words scanned by its
  // team of threads. One partition unless place_partitions says otherwise.
  PartitionLayout partitions;

  // Once the lists are in place: fills `heads` from `tiered`, and makes the rows one partition
  // until place_partitions splits them.
  void finish_lists();
  // Splits the own rows into `count` partitions and binds each one's lists and heads to its node.
  void place_partitions(int count);

  std::int64_t degree(VertexId vertex) const { return tiered.degree(vertex - own.begin); }
  std::int64_t first_neighbor_bytes() const { return static_cast<std::int64_t>(first_neighbors.size() * sizeof(NeighborId)); }
  // Bytes of the lists in DRAM.
  std::int64_t dram_bytes() const { return tiered.owned_bytes() > 0 ? tiered.owned_bytes() : lists.bytes(); }
};

// The adjacency entries (row, neighbour) of `edges` by the rank that owns their row: both ways
// round for each edge, self-loops dropped. `outgoing` (one list per rank) is cleared first and
// keeps its capacity, so that rounds of chunks reuse it. Any edge type with v0() and v1().
template <typename Edge>
void entries_by_owner(std::span<const Edge> edges, const PartitionLayout& ranks,
                      std::vector<std::vector<CompactEdge>>& outgoing) {
  std::vector<std::int64_t> totals(outgoing.size(), 0);
  for (const Edge& edge : edges) {
    if (edge.v0() == edge.v1()) continue;
    ++totals[static_cast<std::size_t>(ranks.partition_of(edge.v0()))];
    ++totals[static_cast<std::size_t>(ranks.partition_of(edge.v1()))];
  }
  for (std::size_t d = 0; d < outgoing.size(); ++d) {
    outgoing[d].clear();
    outgoing[d].reserve(static_cast<std::size_t>(totals[d]));
  }
  for (const Edge& edge : edges) {
    const VertexId u = edge.v0(), v = edge.v1();
    if (u == v) continue;
    outgoing[static_cast<std::size_t>(ranks.partition_of(u))].push_back(CompactEdge::make(u, v));
    outgoing[static_cast<std::size_t>(ranks.partition_of(v))].push_back(CompactEdge::make(v, u));
  }
}

// Every vertex's degree into `degrees` (one per vertex), which holds this rank's own rows' already:
// the other ranks' come from their owners. Ordering a rank's lists by their neighbours' degrees
// needs them (kernel 1 in DRAM and within a budget alike). Collective.
void gather_degrees(Communicator& comm, const PartitionLayout& ranks, std::span<std::uint32_t> degrees);

// This rank's share of the Kronecker edge list, in edge-index order (kept for validation), with
// each edge's SSSP weight when asked (the reference's weights, as one process generates them).
EdgeList generate_edge_share(const KroneckerParams& params, const Communicator& comm, bool with_weights = false);

// Kernel 1 across ranks: collective; `edges` is this rank's share of the input edges.
RankGraph construct_rank_graph(Communicator& comm, std::int64_t num_vertices, const EdgeList& edges,
                               NeighborOrder order);

}  // namespace semibfs
