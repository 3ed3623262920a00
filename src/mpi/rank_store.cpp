#include "mpi/rank_store.hpp"

#include <filesystem>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "graph500/graph500_run.hpp"
#include "store/array_checks.hpp"

namespace semibfs {

std::string rank_store_directory(const std::string& store, int rank) {
  return (std::filesystem::path(store) / ("rank-" + std::to_string(rank))).string();
}

StoreRequest rank_store_request(const KroneckerParams& kronecker, NeighborOrder order, const Communicator& comm) {
  return {store_made_from(kronecker), 1, order, GraphDirection::kUndirected, RankPart{comm.rank(), comm.size()}};
}

std::unique_ptr<StoreLock> create_rank_store(const std::string& store, int rank) {
  const std::string directory = rank_store_directory(store, rank);
  std::error_code error;
  std::filesystem::create_directory(directory, error);
  if (error) {
    throw Error("cannot create the rank's store directory '" + directory + "': " + error.message() +
                " (make --store writable)");
  }
  if (store_exists(directory)) {
    throw Error("store directory '" + directory +
                "' already holds a store (add --reuse to read it, or choose an empty --store directory)");
  }
  return std::make_unique<StoreLock>(directory, StoreLock::Mode::kWrite);
}

void write_rank_store(const std::string& directory, const RankGraph& graph, const EdgeList& share,
                      const StoreRequest& request, std::span<const float> list_weights) {
  write_rank_part_store(directory, graph.lists, graph.ranks.num_vertices(), *request.rank_part, request.order,
                        request.made_from, share.edges, list_weights,
                        list_weights.empty() ? std::span<const float>() : std::span<const float>(share.weights));
}

PlacementPlan everything_in_dram() {
  PlacementPlan plan;
  plan.fits_in_memory = true;
  return plan;
}

RankGraph open_rank_store(Communicator& comm, StoreIndex index, const PlacementPlan& plan) {
  RankGraph graph;
  graph.ranks = PartitionLayout(index.manifest.vertices, comm.size());
  graph.own = graph.ranks.range(comm.rank());
  const std::string directory = index.directory;
  PairDigest pairs;
  graph.tiered = open_rank_part_lists(std::move(index), plan, pairs);
  // Wrapping sums: the digests add modulo 2^64 (array_checks.hpp).
  std::vector<std::uint64_t> all(static_cast<std::size_t>(2 * comm.size()));
  const std::uint64_t mine[2] = {pairs.direct(), pairs.reversed()};
  comm.allgather<std::uint64_t>(mine, all, std::vector<std::int64_t>(static_cast<std::size_t>(comm.size()), 2),
                                TrafficKind::kConstruction);
  std::uint64_t direct = 0;
  std::uint64_t reversed = 0;
  for (int r = 0; r < comm.size(); ++r) {
    direct += all[2 * r];
    reversed += all[2 * r + 1];
  }
  if (direct != reversed) {
    throw Error("the rank parts of store '" + std::filesystem::path(directory).parent_path().string() +
                "' do not agree: some u in the list of v has no v in the list of u (the store is damaged; "
                "rebuild it in an empty directory)");
  }
  graph.global_adjacencies = comm.sum(graph.tiered.num_entries());
  // Read whole: the lists held as kernel 1 holds them, which SSSP across ranks reads.
  if (plan.fits_in_memory && !graph.tiered.has_tails()) {
    graph.lists = std::move(graph.tiered).into_csr();
    graph.tiered = TieredCsr::all_in_dram(graph.lists);
  }
  graph.finish_lists();
  return graph;
}

}  // namespace semibfs
