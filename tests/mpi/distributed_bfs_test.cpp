// The search across ranks against a plain sequential BFS written here: every rank generates the
// whole edge list, builds the graph from its own share, searches, and the parents of all ranks,
// gathered, must give every vertex the sequential BFS distance, through a real edge. The TEPS
// edge count over the share, in one chunk, in chunks or from a packed file, must match.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mpi/communicator.hpp"
#include "mpi/distributed_bfs.hpp"
#include "mpi/node_group.hpp"
#include "mpi/traversed_edges.hpp"
#include "mpi/rank_graph.hpp"
#include "mpi/rank_store.hpp"
#include "edges/edge_source.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "gen/kronecker.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

struct WholeGraph {
  std::vector<std::vector<VertexId>> adjacency;
  std::set<std::pair<VertexId, VertexId>> edges;
};

WholeGraph whole_graph(const EdgeList& list) {
  WholeGraph graph;
  graph.adjacency.resize(static_cast<std::size_t>(list.num_vertices));
  for (const CompactEdge& edge : list.edges) {
    if (edge.v0() == edge.v1()) continue;
    graph.adjacency[edge.v0()].push_back(edge.v1());
    graph.adjacency[edge.v1()].push_back(edge.v0());
    graph.edges.insert({edge.v0(), edge.v1()});
    graph.edges.insert({edge.v1(), edge.v0()});
  }
  return graph;
}

std::vector<std::int64_t> distances_from(const WholeGraph& graph, VertexId root) {
  std::vector<std::int64_t> distance(graph.adjacency.size(), -1);
  std::deque<VertexId> queue{root};
  distance[root] = 0;
  while (!queue.empty()) {
    const VertexId vertex = queue.front();
    queue.pop_front();
    for (const VertexId neighbor : graph.adjacency[vertex]) {
      if (distance[neighbor] >= 0) continue;
      distance[neighbor] = distance[vertex] + 1;
      queue.push_back(neighbor);
    }
  }
  return distance;
}

// Every rank's parents in one array.
std::vector<VertexId> gather_parents(Communicator& comm, const RankGraph& graph, const std::vector<VertexId>& own) {
  std::vector<std::int64_t> counts(comm.size());
  for (int r = 0; r < comm.size(); ++r) counts[r] = graph.ranks.range(r).size();
  std::vector<VertexId> all(static_cast<std::size_t>(graph.ranks.num_vertices()));
  comm.allgather<VertexId>(own, all, counts, TrafficKind::kControl);
  return all;
}

void expect_bfs_tree(const WholeGraph& graph, VertexId root, const std::vector<VertexId>& parent) {
  const std::vector<std::int64_t> distance = distances_from(graph, root);
  ASSERT_EQ(parent[root], root);
  for (VertexId v = 0; v < static_cast<VertexId>(parent.size()); ++v) {
    if (distance[v] < 0) {
      EXPECT_EQ(parent[v], kUnreached) << "vertex " << v;
      continue;
    }
    if (v == root) continue;
    ASSERT_NE(parent[v], kUnreached) << "vertex " << v << " is reachable";
    EXPECT_TRUE(graph.edges.count({parent[v], v})) << "parent " << parent[v] << " of " << v << " is no neighbour";
    EXPECT_EQ(distance[parent[v]], distance[v] - 1) << "vertex " << v;
  }
}

struct SearchCase {
  PolicyKind policy;
  int summary_bits;
  std::int64_t message_limit;
  RankOptions ranks{QueueSharing::kNone, false, 0, 0};
  std::int64_t pair_bytes = 0;  // a bound of the pairs per round (rounds of 1024 pairs at 1 byte)
  bool tiered = false;          // the lists from the rank's part of a store, one entry each in DRAM
};

StoreRequest request_for(const Communicator& comm, const KroneckerParams& params) {
  return rank_store_request(params, NeighborOrder::kHubFirst, comm);
}

// The rank's lists written to its part of a store in `scratch` and opened with the first entry of
// each list in DRAM: every other entry is read from disk by the search.
RankGraph tiered_graph(Communicator& comm, const RankGraph& built, const EdgeList& share, const KroneckerParams& params,
                       const testing::ScratchDirectory& scratch) {
  const std::string directory = rank_store_directory(scratch.path(), comm.rank());
  std::filesystem::create_directory(directory);
  write_rank_store(directory, built, share, request_for(comm, params));
  PlacementPlan plan;
  plan.head_entries = 1;
  RankGraph opened = open_rank_store(comm, read_store_index(directory, request_for(comm, params)), plan);
  EXPECT_GT(opened.tiered.rows_with_tails(), 0);
  return opened;
}

void expect_searches(int scale, const SearchCase& search) {
  Communicator comm;
  comm.set_message_limit(search.message_limit);
  KroneckerParams params;
  params.scale = scale;
  const EdgeList whole = generate_kronecker(params, false);
  const WholeGraph reference = whole_graph(whole);
  const EdgeList share = generate_edge_share(params, comm);
  const RankGraph built = construct_rank_graph(comm, params.num_vertices(), share, NeighborOrder::kHubFirst);
  const testing::ScratchDirectory scratch;  // one per rank
  const RankGraph opened = search.tiered ? tiered_graph(comm, built, share, params, scratch) : RankGraph{};
  const RankGraph& graph = search.tiered ? opened : built;
  EXPECT_EQ(graph.global_adjacencies, static_cast<std::int64_t>(reference.edges.size()));
  BfsOptions options;
  options.policy = search.policy;
  options.summary_bits = search.summary_bits;
  std::unique_ptr<NodeGroup> node;
  if (search.ranks.queue_sharing != QueueSharing::kNone) node = std::make_unique<NodeGroup>(comm, search.ranks.node_size);
  DistributedSearchLimits limits;
  limits.pair_bytes = search.pair_bytes;
  DistributedBfs engine(comm, graph, options, search.ranks, node.get(), limits);
  std::vector<VertexId> own(static_cast<std::size_t>(graph.own.size()));
  for (const VertexId root : {VertexId{0}, VertexId{1}, params.num_vertices() - 1, params.num_vertices() / 3}) {
    engine.run(root, own);
    const std::vector<VertexId> parent = gather_parents(comm, graph, own);
    expect_bfs_tree(reference, root, parent);
    std::int64_t nedge = 0;
    for (const CompactEdge& edge : whole.edges) {
      nedge += edge.v0() != edge.v1() && parent[edge.v0()] != kUnreached && parent[edge.v1()] != kUnreached;
    }
    EXPECT_EQ(count_traversed_edges_across(comm, graph.ranks, InMemoryEdgeSource(share), own), nedge);
    EXPECT_EQ(count_traversed_edges_across(comm, graph.ranks, InMemoryEdgeSource(share, 7), own), nedge);
  }
}

TEST(DistributedBfs, TopDownAlone) { expect_searches(10, {PolicyKind::kTopDown, 0, kMaxMessageBytes}); }
TEST(DistributedBfs, BottomUpAlone) { expect_searches(10, {PolicyKind::kBottomUp, 0, kMaxMessageBytes}); }
TEST(DistributedBfs, BottomUpWithSummaries) {
  for (const int bits : {64, 128, 256, 512, 1024}) expect_searches(11, {PolicyKind::kBottomUp, bits, kMaxMessageBytes});
}
TEST(DistributedBfs, HybridAlphaBeta) { expect_searches(12, {PolicyKind::kAlphaBeta, 256, kMaxMessageBytes}); }
TEST(DistributedBfs, HybridBeamer) { expect_searches(12, {PolicyKind::kBeamer, 0, kMaxMessageBytes}); }
TEST(DistributedBfs, HybridInPiecesOfSevenBytes) { expect_searches(9, {PolicyKind::kAlphaBeta, 64, 7}); }

// Node-shared queues, in and all, with one machine as one node or as "nodes" of one or two ranks
// (several nodes: the leaders' allgather; nodes of two: the parallel allgather by subgroups).
TEST(DistributedBfs, NodeSharedQueues) {
  for (const QueueSharing sharing : {QueueSharing::kInQueue, QueueSharing::kAll}) {
    for (const int node_size : {0, 1, 2}) {
      for (const bool parallel : {false, true}) {
        const RankOptions ranks{sharing, parallel, node_size, 0};
        expect_searches(10, {PolicyKind::kBottomUp, 256, kMaxMessageBytes, ranks});
        expect_searches(11, {PolicyKind::kAlphaBeta, 0, kMaxMessageBytes, ranks});
      }
    }
  }
}

// With 1024 pairs a round, top-down levels at SCALE 12 take several rounds of expansion and delivery.
TEST(DistributedBfs, PairsInBoundedRounds) {
  SearchCase search{PolicyKind::kTopDown, 0, kMaxMessageBytes};
  search.pair_bytes = 1;
  expect_searches(12, search);
  search.policy = PolicyKind::kAlphaBeta;
  expect_searches(12, search);
}

// Lists with tails on disk, read by the top-down and the bottom-up steps (and both, in rounds).
TEST(DistributedBfs, ListsWithTailsOnDisk) {
  // Two threads per rank while ranks x threads fit the test machine's cores; beyond, the spinning
  // threads of the other ranks starve a rank that waits for its reads (seconds per search).
  const int threads = omp_get_max_threads();
  omp_set_num_threads(Communicator().size() > 2 ? 1 : std::min(threads, 2));
  for (const PolicyKind policy : {PolicyKind::kTopDown, PolicyKind::kBottomUp}) {
    SearchCase search{policy, 0, kMaxMessageBytes};
    search.tiered = true;
    expect_searches(10, search);
  }
  SearchCase search{PolicyKind::kAlphaBeta, 256, kMaxMessageBytes};
  search.tiered = true;
  search.pair_bytes = 1;
  expect_searches(10, search);
  omp_set_num_threads(threads);
}

// A part whose lists lost one entry (its checksums recomputed, so the part alone looks sound): the
// ranks' pair digests no longer agree, and every rank says so.
TEST(DistributedBfs, PartsThatDisagreeAreRefusedOnEveryRank) {
  Communicator comm;
  if (comm.size() < 2) GTEST_SKIP() << "needs two ranks";
  KroneckerParams params;
  params.scale = 10;
  const EdgeList share = generate_edge_share(params, comm);
  RankGraph built = construct_rank_graph(comm, params.num_vertices(), share, NeighborOrder::kHubFirst);
  if (comm.rank() == 1) {
    std::vector<std::int64_t> offsets = built.lists.offsets();
    std::vector<NeighborId> neighbors = built.lists.all_neighbors();
    neighbors.pop_back();  // the last row loses its last entry
    offsets.back() -= 1;
    built.lists = CsrGraph(built.own.size(), std::move(offsets), std::move(neighbors));
  }
  const testing::ScratchDirectory scratch;
  const std::string directory = rank_store_directory(scratch.path(), comm.rank());
  std::filesystem::create_directory(directory);
  write_rank_store(directory, built, share, request_for(comm, params));
  EXPECT_THAT([&] { open_rank_store(comm, read_store_index(directory, request_for(comm, params)), everything_in_dram()); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr("do not agree")));
}

TEST(DistributedBfs, NodeSharedQueuesInPieces) {
  expect_searches(10, {PolicyKind::kBottomUp, 64, 16, RankOptions{QueueSharing::kAll, true, 2, 0}});
}

TEST(DistributedBfs, EdgeSharesCoverTheListOnce) {
  for (const int ranks : {1, 2, 3, 7}) {
    std::int64_t next = 0;
    for (int r = 0; r < ranks; ++r) {
      const EdgeShare share = edge_share(1001, r, ranks);
      EXPECT_EQ(share.begin, next);
      next = share.end;
    }
    EXPECT_EQ(next, 1001);
  }
}

// The count over each rank's share written to a packed file and read in chunks of 1000 tuples; a
// file with a tuple outside the graph on one rank throws on every rank.
TEST(DistributedBfs, TraversedEdgesFromAPackedFile) {
  Communicator comm;
  KroneckerParams params;
  params.scale = 10;
  EdgeList share = generate_edge_share(params, comm);
  const RankGraph graph = construct_rank_graph(comm, params.num_vertices(), share, NeighborOrder::kHubFirst);
  DistributedBfs engine(comm, graph, BfsOptions{}, RankOptions{QueueSharing::kNone, false, 0, 0});
  VertexId root = -1;  // an endpoint of some rank's first tuple that is no self-loop: not isolated
  for (const CompactEdge& edge : share.edges)
    if (root < 0 && edge.v0() != edge.v1()) root = edge.v0();
  std::vector<VertexId> own(static_cast<std::size_t>(graph.own.size()));
  engine.run(comm.max(root), own);
  const std::int64_t nedge = count_traversed_edges_across(comm, graph.ranks, InMemoryEdgeSource(share), own);
  EXPECT_GT(nedge, 0);
  const testing::ScratchDirectory directory;  // one per rank
  PackedFileOptions chunks;
  chunks.chunk_edges = 1000;
  const PackedFileEdgeSource file(testing::write_packed_edge_file(directory.file("share.packed48"), share),
                                  params.num_vertices(), chunks);
  EXPECT_EQ(count_traversed_edges_across(comm, graph.ranks, file, own), nedge);
  if (comm.rank() == comm.size() - 1) share.edges.push_back(CompactEdge::make(params.num_vertices(), 0));
  const PackedFileEdgeSource bad_file(testing::write_packed_edge_file(directory.file("bad.packed48"), share),
                                      params.num_vertices(), chunks);
  EXPECT_THAT([&] { count_traversed_edges_across(comm, graph.ranks, bad_file, own); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr("bad.packed48")));
}

}  // namespace
}  // namespace semibfs
