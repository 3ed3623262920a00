#include "dist/rank_graph.hpp"

#include <algorithm>
#include <limits>

#include "core/numa_placement.hpp"

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
    graph.lists = build_row_lists(graph.own, num_vertices, entries);
  }
  graph.global_adjacencies = comm.sum(graph.lists.num_adjacencies());
  if (order != NeighborOrder::kById) order_neighbors(graph.lists, order, gather_degrees(comm, graph));
  graph.tiered = TieredCsr::all_in_dram(graph.lists);
  graph.collect_heads();
  graph.place_partitions(1);
  return graph;
}

void RankGraph::place_partitions(int count) {
  partitions = PartitionLayout(own.size(), count);
  for (int k = 0; k < count; ++k) {
    const VertexRange rows = partitions.range(k);
    const int node = numa_node_of_partition(k);
    tiered.place_rows_on_numa_node(rows.begin, rows.end, node);
    place_on_numa_node(heads.data() + rows.begin, static_cast<std::size_t>(rows.size()) * sizeof(NeighborId), node);
  }
}

void RankGraph::collect_heads() {
  heads.resize(static_cast<std::size_t>(own.size()));
  tiered.first_entries(heads);
}

}  // namespace semibfs
