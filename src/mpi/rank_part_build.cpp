#include "mpi/rank_part_build.hpp"

#include <algorithm>
#include <vector>

#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/interrupt.hpp"
#include "core/sha256.hpp"
#include "core/timer.hpp"
#include "mpi/rank_graph.hpp"
#include "mpi/rank_store.hpp"
#include "edges/edge_file_writer.hpp"
#include "edges/packed_edge_file.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "graph/partition_layout.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

// The scratch file of received entries, beside the part's files until the part is built.
constexpr const char* kEntriesName = "rank-entries.packed48";
constexpr std::int64_t kMinChunkEdges = 1024;
constexpr std::int64_t kMaxChunkEdges = std::int64_t{1} << 22;

// Step 2: every rank's share, chunk by chunk, to the rows' owners; what this rank receives goes to
// `entries`. Every rank takes part in as many rounds as the rank with the most chunks. Returns the
// edge file's SHA-256, taken on the way.
std::string exchange_entries(Communicator& comm, const PartitionLayout& ranks, const PackedEdgeFile& share,
                             EdgeFileWriter& entries, std::int64_t chunk_edges, RankPartBuildStats& stats) {
  const std::int64_t chunks = (share.num_edges() + chunk_edges - 1) / chunk_edges;
  stats.exchange_rounds = comm.max(chunks);
  std::vector<PackedEdge> chunk(static_cast<std::size_t>(chunk_edges));
  std::vector<std::vector<CompactEdge>> outgoing(static_cast<std::size_t>(comm.size()));
  std::vector<CompactEdge> incoming;
  std::vector<PackedEdge> packed;
  Sha256 sha;
  for (std::int64_t round = 0; round < stats.exchange_rounds; ++round) {
    throw_if_interrupted();
    const std::int64_t first = std::min(round * chunk_edges, share.num_edges());
    const std::span<PackedEdge> edges(chunk.data(), static_cast<std::size_t>(std::min(chunk_edges, share.num_edges() - first)));
    share.read(first, edges);
    sha.update(edges.data(), edges.size_bytes());
    entries_by_owner(std::span<const PackedEdge>(edges), ranks, outgoing);
    comm.exchange_into(outgoing, TrafficKind::kConstruction, incoming);
    packed.resize(incoming.size());
    std::transform(incoming.begin(), incoming.end(), packed.begin(),
                   [](const CompactEdge& entry) { return PackedEdge::make(entry.v0(), entry.v1()); });
    entries.append(packed);
  }
  entries.commit();
  return sha.finish_hex();
}

std::int64_t exchange_chunk_edges(std::int64_t construction_bytes, int ranks) {
  // Half the budget: the scratch file's writer and the MPI library's own buffers take the rest.
  return std::clamp(construction_bytes / 2 / rank_exchange_bytes_per_edge(ranks), kMinChunkEdges, kMaxChunkEdges);
}

}  // namespace

std::int64_t rank_exchange_bytes_per_edge(int ranks) {
  return static_cast<std::int64_t>(sizeof(PackedEdge) + 2 * sizeof(CompactEdge)) +
         ranks * static_cast<std::int64_t>(2 * sizeof(CompactEdge) + 2 * sizeof(PackedEdge));
}

RankPartBuildStats build_rank_part_within_budget(Communicator& comm, const KroneckerParams& kronecker,
                                                 NeighborOrder order, const std::string& directory,
                                                 std::int64_t generation_bytes, std::int64_t construction_bytes,
                                                 std::ostream& log) {
  RankPartBuildStats stats;
  const EdgeShare share = edge_share(kronecker.num_edges(), comm.rank(), comm.size());
  RemovedUnlessKept edge_file(store_path(directory, kEdgeFileName));
  const std::string& edge_path = edge_file.path();
  comm.barrier();
  const Stopwatch generation_time;
  write_kronecker_edge_file(kronecker, EdgeIndexRange{share.begin, share.end}, edge_path, generation_bytes,
                            comm.rank() == 0 ? &log : nullptr);
  stats.generation_seconds = comm.max(generation_time.seconds());

  comm.barrier();
  const Stopwatch construction_time;
  const PartitionLayout ranks(kronecker.num_vertices(), comm.size());
  const RemovedUnlessKept entries_path(store_path(directory, kEntriesName));
  RankPartLists part;
  part.part = {comm.rank(), comm.size()};
  part.rows = ranks.range(comm.rank());
  part.gather_degrees = [&](std::span<std::uint32_t> degrees) { gather_degrees(comm, ranks, degrees); };
  {
    const PackedEdgeFile edges(edge_path);
    EdgeFileWriter entries(entries_path.path(), EdgeFormat::kG500Packed);
    part.edge_share = {kEdgeFileName, edges.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge)),
                       exchange_entries(comm, ranks, edges, entries, exchange_chunk_edges(construction_bytes, comm.size()), stats)};
  }
  ExternalBuildOptions build;
  build.dram_budget_bytes = construction_bytes;
  build.order = order;
  build.made_from = rank_store_request(kronecker, order, comm).made_from;
  build.progress = comm.rank() == 0 ? &log : nullptr;
  build.rank_part = std::move(part);
  stats.lists = build_store_from_edge_file(entries_path.path(), kronecker.num_vertices(), directory, build);
  edge_file.keep();
  stats.construction_seconds = comm.max(construction_time.seconds());
  return stats;
}

}  // namespace semibfs
