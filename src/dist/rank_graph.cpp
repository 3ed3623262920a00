#include "dist/rank_graph.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <limits>

#include "graph/prefix_sum.hpp"

namespace semibfs {
namespace {

// Per destination rank, the adjacency entries (row, neighbour) this rank sends it: both ways round
// for each edge, self-loops dropped.
std::vector<std::vector<CompactEdge>> entries_by_owner(const PartitionLayout& ranks, const EdgeList& edges) {
  const int destinations = ranks.count();
  const std::int64_t count = edges.num_edges();
  std::vector<std::vector<CompactEdge>> outgoing(destinations);
  std::vector<std::int64_t> totals(destinations, 0);
  for (const CompactEdge& edge : edges.edges) {
    if (edge.v0_id == edge.v1_id) continue;
    ++totals[ranks.partition_of(edge.v0())];
    ++totals[ranks.partition_of(edge.v1())];
  }
  for (int d = 0; d < destinations; ++d) outgoing[d].reserve(static_cast<std::size_t>(totals[d]));
  for (std::int64_t i = 0; i < count; ++i) {
    const CompactEdge edge = edges.edges[i];
    if (edge.v0_id == edge.v1_id) continue;
    outgoing[ranks.partition_of(edge.v0())].push_back(edge);
    outgoing[ranks.partition_of(edge.v1())].push_back(CompactEdge{edge.v1_id, edge.v0_id});
  }
  return outgoing;
}

// The received entries as sorted, duplicate-free lists of the own rows.
CsrGraph lists_of_own_rows(const VertexRange& own, const std::vector<CompactEdge>& entries) {
  const std::int64_t rows = own.size();
  std::vector<std::int64_t> offsets(rows + 1, 0);
  const auto count = static_cast<std::int64_t>(entries.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    std::atomic_ref<std::int64_t>(offsets[entries[i].v0() - own.begin + 1]).fetch_add(1, std::memory_order_relaxed);
  }
  inclusive_prefix_sum(offsets);
  std::vector<std::int64_t> cursor(offsets.begin(), offsets.end() - 1);
  std::vector<NeighborId> neighbors(static_cast<std::size_t>(count));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    const std::int64_t slot =
        std::atomic_ref<std::int64_t>(cursor[entries[i].v0() - own.begin]).fetch_add(1, std::memory_order_relaxed);
    neighbors[slot] = entries[i].v1_id;
  }
  // Sort and deduplicate each row in place, then close the gaps.
  std::vector<std::int64_t> unique(rows + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t row = 0; row < rows; ++row) {
    const auto first = neighbors.begin() + offsets[row], last = neighbors.begin() + offsets[row + 1];
    std::sort(first, last);
    unique[row + 1] = std::unique(first, last) - first;
  }
  inclusive_prefix_sum(unique);
  std::vector<NeighborId> compact(static_cast<std::size_t>(unique.back()));
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t row = 0; row < rows; ++row) {
    std::copy_n(neighbors.begin() + offsets[row], unique[row + 1] - unique[row], compact.begin() + unique[row]);
  }
  return CsrGraph(rows, std::move(unique), std::move(compact));
}

// Every vertex's degree (clamped to 2^32 - 1), gathered from the owners, for ordering the own lists
// by their neighbours' degrees.
std::vector<std::uint32_t> gather_degrees(Communicator& comm, const RankGraph& graph) {
  const std::int64_t rows = graph.own.size();
  std::vector<std::uint32_t> own(static_cast<std::size_t>(rows));
  for (std::int64_t row = 0; row < rows; ++row) {
    own[row] = static_cast<std::uint32_t>(
        std::min<std::int64_t>(graph.lists.degree(row), std::numeric_limits<std::uint32_t>::max()));
  }
  std::vector<std::int64_t> counts(comm.size());
  for (int r = 0; r < comm.size(); ++r) counts[r] = graph.ranks.range(r).size();
  std::vector<std::uint32_t> all(static_cast<std::size_t>(graph.ranks.num_vertices()));
  comm.allgather<std::uint32_t>(own, all, counts, TrafficKind::kConstruction);
  return all;
}

}  // namespace

EdgeShare edge_share(std::int64_t num_edges, int rank, int ranks) {
  // num_edges * r / ranks without overflow: quotient and remainder apart.
  const auto share = [&](int r) { return num_edges / ranks * r + num_edges % ranks * r / ranks; };
  return {share(rank), share(rank + 1)};
}

EdgeList generate_edge_share(const KroneckerParams& params, const Communicator& comm) {
  check_compact_vertex_count(params.num_vertices());
  const EdgeShare share = edge_share(params.num_edges(), comm.rank(), comm.size());
  EdgeList list;
  list.num_vertices = params.num_vertices();
  list.edges.resize(static_cast<std::size_t>(share.end - share.begin));
  generate_kronecker_range(params, share.begin, share.end, list.edges.data(), nullptr);
  return list;
}

RankGraph construct_rank_graph(Communicator& comm, std::int64_t num_vertices, const EdgeList& edges,
                               NeighborOrder order) {
  RankGraph graph;
  graph.ranks = PartitionLayout(num_vertices, comm.size());
  graph.own = graph.ranks.range(comm.rank());
  {
    const std::vector<CompactEdge> entries =
        comm.exchange(entries_by_owner(graph.ranks, edges), TrafficKind::kConstruction);
    graph.lists = lists_of_own_rows(graph.own, entries);
  }
  graph.global_adjacencies = comm.sum(graph.lists.num_adjacencies());
  if (order != NeighborOrder::kById) order_neighbors(graph.lists, order, gather_degrees(comm, graph));
  graph.tiered = TieredCsr::all_in_dram(graph.lists);
  return graph;
}

}  // namespace semibfs
