// The search across ranks against a plain sequential BFS written here: every rank generates the
// whole edge list, builds the graph from its own share, searches, and the parents of all ranks,
// gathered, must give every vertex the sequential BFS distance, through a real edge.
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "dist/communicator.hpp"
#include "dist/distributed_bfs.hpp"
#include "dist/node_group.hpp"
#include "dist/traversed_edges.hpp"
#include "dist/rank_graph.hpp"
#include "gen/kronecker.hpp"

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
};

void expect_searches(int scale, const SearchCase& search) {
  Communicator comm;
  comm.set_message_limit(search.message_limit);
  KroneckerParams params;
  params.scale = scale;
  const EdgeList whole = generate_kronecker(params, false);
  const WholeGraph reference = whole_graph(whole);
  const EdgeList share = generate_edge_share(params, comm);
  const RankGraph graph = construct_rank_graph(comm, params.num_vertices(), share, NeighborOrder::kHubFirst);
  EXPECT_EQ(graph.global_adjacencies, static_cast<std::int64_t>(reference.edges.size()));
  BfsOptions options;
  options.policy = search.policy;
  options.summary_bits = search.summary_bits;
  std::unique_ptr<NodeGroup> node;
  if (search.ranks.queue_sharing != QueueSharing::kNone) node = std::make_unique<NodeGroup>(comm, search.ranks.node_size);
  DistributedBfs engine(comm, graph, options, search.ranks, node.get());
  std::vector<VertexId> own(static_cast<std::size_t>(graph.own.size()));
  for (const VertexId root : {VertexId{0}, VertexId{1}, params.num_vertices() - 1, params.num_vertices() / 3}) {
    engine.run(root, own);
    const std::vector<VertexId> parent = gather_parents(comm, graph, own);
    expect_bfs_tree(reference, root, parent);
    std::int64_t nedge = 0;
    for (const CompactEdge& edge : whole.edges) {
      nedge += edge.v0() != edge.v1() && parent[edge.v0()] != kUnreached && parent[edge.v1()] != kUnreached;
    }
    EXPECT_EQ(count_traversed_edges_across(comm, graph.ranks, share, own), nedge);
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

}  // namespace
}  // namespace semibfs
