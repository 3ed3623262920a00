#include "mpi/rank_graph.hpp"

#include <algorithm>
#include <limits>

#include "core/numa_placement.hpp"

namespace semibfs {
namespace {

// Every vertex's degree (clamped to 2^32 - 1): the own lists' lengths, the rest from the owners.
std::vector<std::uint32_t> all_degrees(Communicator& comm, const RankGraph& graph) {
  std::vector<std::uint32_t> degrees(static_cast<std::size_t>(graph.ranks.num_vertices()));
  for (std::int64_t row = 0; row < graph.own.size(); ++row) {
    degrees[static_cast<std::size_t>(graph.own.begin + row)] = static_cast<std::uint32_t>(
        std::min<std::int64_t>(graph.lists.degree(row), std::numeric_limits<std::uint32_t>::max()));
  }
  gather_degrees(comm, graph.ranks, degrees);
  return degrees;
}

}  // namespace

void gather_degrees(Communicator& comm, const PartitionLayout& ranks, std::span<std::uint32_t> degrees) {
  const VertexRange own = ranks.range(comm.rank());
  const std::vector<std::uint32_t> mine(degrees.begin() + own.begin, degrees.begin() + own.end);
  std::vector<std::int64_t> counts(static_cast<std::size_t>(comm.size()));
  for (int r = 0; r < comm.size(); ++r) counts[static_cast<std::size_t>(r)] = ranks.range(r).size();
  comm.allgather<std::uint32_t>(mine, degrees, counts, TrafficKind::kConstruction);
}

EdgeShare edge_share(std::int64_t num_edges, int rank, int ranks) {
  // num_edges * r / ranks without overflow: quotient and remainder apart.
  const auto share = [&](int r) { return num_edges / ranks * r + num_edges % ranks * r / ranks; };
  return {share(rank), share(rank + 1)};
}

EdgeList generate_edge_share(const KroneckerParams& params, const Communicator& comm, bool with_weights) {
  check_compact_vertex_count(params.num_vertices());
  const EdgeShare share = edge_share(params.num_edges(), comm.rank(), comm.size());
  EdgeList list;
  list.num_vertices = params.num_vertices();
  list.edges.resize(static_cast<std::size_t>(share.end - share.begin));
  if (with_weights) list.weights.resize(list.edges.size());
  generate_kronecker_range(params, share.begin, share.end, list.edges.data(), with_weights ? list.weights.data() : nullptr);
  return list;
}

RankGraph construct_rank_graph(Communicator& comm, std::int64_t num_vertices, const EdgeList& edges,
                               NeighborOrder order) {
  RankGraph graph;
  graph.ranks = PartitionLayout(num_vertices, comm.size());
  graph.own = graph.ranks.range(comm.rank());
  {
    std::vector<std::vector<CompactEdge>> outgoing(static_cast<std::size_t>(comm.size()));
    entries_by_owner(std::span<const CompactEdge>(edges.edges), graph.ranks, outgoing);
    const std::vector<CompactEdge> entries = comm.exchange(outgoing, TrafficKind::kConstruction);
    outgoing = {};  // freed before the lists are built
    graph.lists = build_row_lists(graph.own, num_vertices, entries);
  }
  graph.global_adjacencies = comm.sum(graph.lists.num_adjacencies());
  if (order != NeighborOrder::kById) order_neighbors(graph.lists, order, all_degrees(comm, graph));
  graph.tiered = TieredCsr::all_in_dram(graph.lists);
  graph.finish_lists();
  return graph;
}

void RankGraph::place_partitions(int count) {
  partitions = PartitionLayout(own.size(), count);
  for (int k = 0; k < count; ++k) {
    const VertexRange rows = partitions.range(k);
    const int node = numa_node_of_partition(k);
    tiered.place_rows_on_numa_node(rows.begin, rows.end, node);
    place_on_numa_node(first_neighbors.data() + rows.begin, static_cast<std::size_t>(rows.size()) * sizeof(NeighborId), node);
  }
}

void RankGraph::finish_lists() {
  first_neighbors.resize(static_cast<std::size_t>(own.size()));
  tiered.first_entries(first_neighbors);
  partitions = PartitionLayout(own.size(), 1);
}

}  // namespace semibfs
