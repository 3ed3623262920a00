#include "mpi/rank_list_weights.hpp"

#include <limits>
#include <string>

#include "graph/least_weight_index.hpp"
#include "mpi/every_rank.hpp"

namespace semibfs {
namespace {

// A list entry (row, neighbour) with the weight of one tuple that joins the two, for the row's owner.
struct WeightedEntry {
  std::uint32_t row;  // global ids: in-memory tuples hold 32-bit ids
  std::uint32_t neighbor;
  float weight;
};

std::vector<std::vector<WeightedEntry>> entries_for_owners(const PartitionLayout& ranks, const EdgeList& share) {
  std::vector<std::vector<WeightedEntry>> outgoing(static_cast<std::size_t>(ranks.count()));
  for (std::int64_t e = 0; e < share.num_edges(); ++e) {
    const VertexId u = share.edges[e].v0(), v = share.edges[e].v1();
    if (u == v) continue;
    const float weight = share.weights[e];
    outgoing[static_cast<std::size_t>(ranks.partition_of(u))].push_back(
        {static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v), weight});
    outgoing[static_cast<std::size_t>(ranks.partition_of(v))].push_back(
        {static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(u), weight});
  }
  return outgoing;
}

// The entries grouped by row (a counting sort): each row's lookups then stay in its own keys, where
// entries in the senders' tuple order each missed the cache several times in a binary search
// (4 s of 6 for kernel 1 at SCALE 18 on 2 ranks).
std::vector<WeightedEntry> grouped_by_row(const std::vector<WeightedEntry>& entries, VertexRange own,
                                          std::vector<std::int64_t>& row_starts) {
  row_starts.assign(static_cast<std::size_t>(own.size()) + 1, 0);
  for (const WeightedEntry& entry : entries) ++row_starts[static_cast<std::size_t>(entry.row - own.begin) + 1];
  for (std::size_t row = 1; row < row_starts.size(); ++row) row_starts[row] += row_starts[row - 1];
  std::vector<WeightedEntry> grouped(entries.size());
  std::vector<std::int64_t> next(row_starts.begin(), row_starts.end() - 1);
  for (const WeightedEntry& entry : entries) {
    grouped[static_cast<std::size_t>(next[static_cast<std::size_t>(entry.row - own.begin)]++)] = entry;
  }
  return grouped;
}

}  // namespace

std::vector<float> make_rank_list_weights(Communicator& comm, const RankGraph& graph, const EdgeList& share) {
  throw_on_every_rank(comm, share.weights.size() == share.edges.size()
                                ? std::string()
                                : "list weights: rank " + std::to_string(comm.rank()) + "'s share has no weights");
  std::vector<std::int64_t> row_starts;
  const std::vector<WeightedEntry> entries = grouped_by_row(
      comm.exchange(entries_for_owners(graph.ranks, share), TrafficKind::kConstruction), graph.own, row_starts);
  const CsrGraph& lists = graph.lists;
  std::vector<std::uint64_t> keys(static_cast<std::size_t>(lists.num_adjacencies()));
  index_by_neighbor(lists.offsets(), lists.all_neighbors(), keys);
  std::vector<float> weights(keys.size(), std::numeric_limits<float>::infinity());
  std::int64_t missing = 0;
  const std::int64_t rows = graph.own.size();
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : missing)
  for (std::int64_t row = 0; row < rows; ++row) {
    for (std::int64_t k = row_starts[static_cast<std::size_t>(row)]; k < row_starts[static_cast<std::size_t>(row) + 1]; ++k) {
      const WeightedEntry& entry = entries[static_cast<std::size_t>(k)];
      if (!keep_least_weight(lists.offsets(), keys, weights, row, entry.neighbor, entry.weight)) ++missing;
    }
  }
  throw_on_every_rank(comm, missing == 0 ? std::string()
                                         : "list weights: " + std::to_string(missing) + " tuples sent to rank " +
                                               std::to_string(comm.rank()) + " have no entry in its lists");
  return weights;
}

}  // namespace semibfs
