#include "mpi/rank_part_build.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/file_at.hpp"
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
#include "store/stored_weights.hpp"

namespace semibfs {
namespace {

// The scratch file of received entries, beside the part's files until the part is built.
constexpr const char* kEntriesName = "rank-entries.packed48";
constexpr std::int64_t kMinChunkEdges = 1024;
constexpr std::int64_t kMaxChunkEdges = std::int64_t{1} << 22;

// The scratch file of received entries' weights, one float per entry of kEntriesName.
constexpr const char* kEntryWeightsName = "rank-entries.weights";

// Step 2's weights (`run --sssp`): the share's read beside its edges and sent with their entries,
// in the order entries_by_owner sends them; what this rank receives goes to the scratch file.
struct WeightExchange {
  WeightExchange(const std::string& share_path, const std::string& entries_path)
      : share(share_path), entries(entries_path) {}

  FileAt share;
  AtomicFileWriter entries;
  std::vector<float> chunk;
  std::vector<std::vector<float>> outgoing;
  std::vector<float> incoming;

  void send(Communicator& comm, const PartitionLayout& ranks, std::int64_t first, std::span<const PackedEdge> edges) {
    chunk.resize(edges.size());
    share.read(first, std::span<float>(chunk));
    outgoing.resize(static_cast<std::size_t>(comm.size()));
    for (std::vector<float>& to_rank : outgoing) to_rank.clear();
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const VertexId u = edges[e].v0(), v = edges[e].v1();
      if (u == v) continue;
      outgoing[static_cast<std::size_t>(ranks.partition_of(u))].push_back(chunk[e]);
      outgoing[static_cast<std::size_t>(ranks.partition_of(v))].push_back(chunk[e]);
    }
    comm.exchange_into(outgoing, TrafficKind::kConstruction, incoming);
    entries.append(std::as_bytes(std::span<const float>(incoming)));
  }
};

// Step 2: every rank's share, chunk by chunk, to the rows' owners; what this rank receives goes to
// `entries` (and, weighted, the weights to theirs). Every rank takes part in as many rounds as the
// rank with the most chunks. Returns the edge file's SHA-256, taken on the way.
std::string exchange_entries(Communicator& comm, const PartitionLayout& ranks, const PackedEdgeFile& share,
                             EdgeFileWriter& entries, WeightExchange* weights, std::int64_t chunk_edges,
                             RankPartBuildStats& stats) {
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
    if (weights != nullptr) weights->send(comm, ranks, first, edges);
  }
  entries.commit();
  if (weights != nullptr) weights->entries.commit();
  return sha.finish_hex();
}

std::int64_t exchange_chunk_edges(std::int64_t construction_bytes, int ranks, bool weighted) {
  // Half the budget: the scratch file's writer and the MPI library's own buffers take the rest.
  return std::clamp(construction_bytes / 2 / rank_exchange_bytes_per_edge(ranks, weighted), kMinChunkEdges,
                    kMaxChunkEdges);
}

// Step 1: the share's edges, and weighted its weights, into the part; the weights' manifest entry.
std::optional<StoreArray> generate_share_file(const KroneckerParams& kronecker, const Communicator& comm,
                                              const std::string& directory, const std::string& edge_path,
                                              std::int64_t generation_bytes, bool weighted, std::ostream& log) {
  const EdgeShare share = edge_share(kronecker.num_edges(), comm.rank(), comm.size());
  std::optional<EdgeWeightsWriter> weights;
  if (weighted) weights.emplace(directory);
  const EdgeWeightSink sink =
      weights ? EdgeWeightSink([&weights](std::span<const float> chunk) { weights->append(chunk); }) : EdgeWeightSink();
  write_kronecker_edge_file(kronecker, EdgeIndexRange{share.begin, share.end}, edge_path, generation_bytes,
                            comm.rank() == 0 ? &log : nullptr, sink);
  return weights ? std::optional(weights->finish()) : std::nullopt;
}

}  // namespace

std::int64_t rank_exchange_bytes_per_edge(int ranks, bool weighted) {
  constexpr auto kWeight = static_cast<std::int64_t>(sizeof(float));
  return static_cast<std::int64_t>(sizeof(PackedEdge) + 2 * sizeof(CompactEdge)) +
         ranks * static_cast<std::int64_t>(2 * sizeof(CompactEdge) + 2 * sizeof(PackedEdge)) +
         (weighted ? 3 * kWeight + ranks * 2 * kWeight : 0);
}

RankPartBuildStats build_rank_part_within_budget(Communicator& comm, const KroneckerParams& kronecker,
                                                 NeighborOrder order, const std::string& directory,
                                                 std::int64_t generation_bytes, std::int64_t construction_bytes,
                                                 bool weighted, std::ostream& log) {
  RankPartBuildStats stats;
  RemovedUnlessKept edge_file(store_path(directory, kEdgeFileName));
  RemovedUnlessKept share_weights(store_path(directory, kEdgeWeightsName));  // as the edge file
  const std::string& edge_path = edge_file.path();
  comm.barrier();
  const Stopwatch generation_time;
  const std::optional<StoreArray> weights_entry =
      generate_share_file(kronecker, comm, directory, edge_path, generation_bytes, weighted, log);
  stats.generation_seconds = comm.max(generation_time.seconds());

  comm.barrier();
  const Stopwatch construction_time;
  const PartitionLayout ranks(kronecker.num_vertices(), comm.size());
  const RemovedUnlessKept entries_path(store_path(directory, kEntriesName));
  const RemovedUnlessKept entry_weights_path(store_path(directory, kEntryWeightsName));
  RankPartLists part;
  part.part = {comm.rank(), comm.size()};
  part.rows = ranks.range(comm.rank());
  part.gather_degrees = [&](std::span<std::uint32_t> degrees) { gather_degrees(comm, ranks, degrees); };
  if (weighted) part.entry_weights_path = entry_weights_path.path();
  {
    const PackedEdgeFile edges(edge_path);
    EdgeFileWriter entries(entries_path.path(), EdgeFormat::kG500Packed);
    std::optional<WeightExchange> entry_weights;
    if (weighted) entry_weights.emplace(share_weights.path(), entry_weights_path.path());
    part.edge_share = {kEdgeFileName, edges.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge)),
                       exchange_entries(comm, ranks, edges, entries, entry_weights ? &*entry_weights : nullptr,
                                        exchange_chunk_edges(construction_bytes, comm.size(), weighted), stats)};
  }
  ExternalBuildOptions build;
  build.dram_budget_bytes = construction_bytes;
  build.order = order;
  build.made_from = rank_store_request(kronecker, order, comm).made_from;
  build.progress = comm.rank() == 0 ? &log : nullptr;
  build.rank_part = std::move(part);
  build.edge_weights = weights_entry;  // the part then keeps list weights too
  stats.lists = build_store_from_edge_file(entries_path.path(), kronecker.num_vertices(), directory, build);
  edge_file.keep();
  share_weights.keep();
  stats.construction_seconds = comm.max(construction_time.seconds());
  return stats;
}

}  // namespace semibfs
