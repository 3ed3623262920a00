// SSSP across ranks (mpi/distributed_sssp.hpp, mpi/rank_list_weights.hpp,
// mpi/distributed_sssp_validator.hpp), run by 1 to 4 ranks: every rank knows the whole weighted
// edge list and a plain Dijkstra's distances over it (tests/support), and each rank's own distances
// must equal them exactly, for several deltas; the trees pass the SSSP rules across ranks with the
// nedge counted from Dijkstra's reached set; trees broken at one vertex fail with the rule at fault,
// the same result on every rank. Under a budget (issue 40, across ranks): parts built within it keep
// the weights, and the search over their tiered lists (one entry of each list in DRAM, the rest and
// its weights read from the part) and the validation reading the part's share give the same.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_sssp.hpp"
#include "mpi/distributed_sssp_validator.hpp"
#include "mpi/rank_graph.hpp"
#include "mpi/rank_list_weights.hpp"
#include "mpi/rank_part_build.hpp"
#include "mpi/rank_store.hpp"
#include "sssp/weighted_lists.hpp"
#include "store/graph_store.hpp"
#include "store/store_manifest.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/scratch_directory.hpp"
#include "support/cut_short_file.hpp"
#include "support/error_message.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {
namespace {

// This rank's share of a whole edge list, weights and all, as generate_edge_share cuts it.
EdgeList share_of(const Communicator& comm, const EdgeList& whole) {
  const EdgeShare share = edge_share(whole.num_edges(), comm.rank(), comm.size());
  EdgeList part;
  part.num_vertices = whole.num_vertices;
  part.edges.assign(whole.edges.begin() + share.begin, whole.edges.begin() + share.end);
  part.weights.assign(whole.weights.begin() + share.begin, whole.weights.begin() + share.end);
  return part;
}

// Non-self-loop tuples with both endpoints reached: the TEPS numerator one process counts.
std::int64_t reached_tuples(const EdgeList& whole, const std::vector<float>& distance) {
  std::int64_t count = 0;
  for (const CompactEdge& edge : whole.edges) {
    if (edge.v0() != edge.v1() && std::isfinite(distance[edge.v0()]) && std::isfinite(distance[edge.v1()])) ++count;
  }
  return count;
}

// A rank's weighted graph, built across ranks from its share.
struct RankWeightedGraph {
  EdgeList share;
  RankGraph graph;
  std::vector<float> weights;
};

RankWeightedGraph build(Communicator& comm, EdgeList share) {
  RankWeightedGraph built{std::move(share), {}, {}};
  built.graph = construct_rank_graph(comm, built.share.num_vertices, built.share, NeighborOrder::kHubFirst);
  built.weights = make_rank_list_weights(comm, built.graph, built.share);
  return built;
}

// One phase a bucket, in ascending buckets, their counts (summed over the ranks) the search's.
void expect_phases_sum_to_the_search(const DistributedSsspStats& stats) {
  ASSERT_EQ(std::ssize(stats.search.phases), stats.search.buckets);
  SsspBucketPhase sum;
  for (std::size_t i = 0; i < stats.search.phases.size(); ++i) {
    const SsspBucketPhase& phase = stats.search.phases[i];
    if (i > 0) {
      EXPECT_GT(phase.bucket, stats.search.phases[i - 1].bucket);
    }
    sum.rounds += phase.rounds;
    add_phase_counts(sum, phase);
  }
  EXPECT_EQ(sum.rounds, stats.search.rounds);
  EXPECT_EQ(sum.edges_relaxed, stats.search.edges_relaxed);
  EXPECT_EQ(sum.light_edges, stats.search.light_edges);
  EXPECT_EQ(sum.distance_updates, stats.search.distance_updates);
  EXPECT_EQ(sum.updates_sent, stats.updates_sent);
  EXPECT_EQ(sum.exchange_bytes, stats.traffic.bytes);
  EXPECT_EQ(sum.exchange_messages, stats.traffic.messages);
  EXPECT_EQ(sum.bytes_read, stats.search.bytes_read);
  EXPECT_EQ(sum.read_requests, stats.search.read_requests);
  EXPECT_LE(stats.search.light_edges, stats.search.edges_relaxed);
}

// The labels of the own vertices after one search.
struct OwnLabels {
  std::vector<float> distance;
  std::vector<VertexId> parent;
};

OwnLabels search(Communicator& comm, const RankWeightedGraph& built, VertexId root, double delta) {
  DistributedDeltaStepping kernel(comm, built.graph, built.weights, SsspOptions{delta});
  OwnLabels labels{std::vector<float>(static_cast<std::size_t>(built.graph.own.size())),
                   std::vector<VertexId>(static_cast<std::size_t>(built.graph.own.size()))};
  const DistributedSsspStats stats = kernel.run(root, labels.distance, labels.parent);
  EXPECT_GT(stats.search.buckets, 0);
  EXPECT_GE(stats.search.edges_relaxed, stats.search.distance_updates);
  expect_phases_sum_to_the_search(stats);
  if (comm.size() == 1) {
    EXPECT_EQ(stats.updates_sent, 0);
  }
  return labels;
}

DistributedValidation validate(Communicator& comm, const RankWeightedGraph& built, VertexId root,
                               const OwnLabels& labels, std::int64_t tuples_per_round = 64) {
  const WeightedShare share{built.share.edges, built.share.weights};
  return validate_sssp_distributed(comm, built.graph.ranks, share, root, labels.distance, labels.parent,
                                   tuples_per_round);
}

// Every root's own distances equal Dijkstra's, and its tree passes with Dijkstra's nedge.
void expect_dijkstra_distances(Communicator& comm, const EdgeList& whole, const RankWeightedGraph& built,
                               std::initializer_list<VertexId> roots, double delta) {
  const VertexRange own = built.graph.own;
  for (const VertexId root : roots) {
    const std::vector<float> expected = testing::dijkstra_distances(whole, root);
    const OwnLabels labels = search(comm, built, root, delta);
    const std::vector<float> own_expected(expected.begin() + own.begin, expected.begin() + own.end);
    EXPECT_EQ(labels.distance, own_expected) << "root " << root << ", delta " << delta << ", rank " << comm.rank();
    const DistributedValidation validation = validate(comm, built, root, labels);
    EXPECT_TRUE(validation.ok()) << validation.first_failure;
    EXPECT_EQ(validation.nedge, reached_tuples(whole, expected)) << "root " << root;
  }
}

TEST(DistributedSssp, EqualsDijkstraOnKroneckerGraphs) {
  Communicator comm;
  for (const int scale : {8, 10}) {
    KroneckerParams params;
    params.scale = scale;
    const EdgeList whole = generate_kronecker(params, true);
    const EdgeList share = generate_edge_share(params, comm, true);
    // The generator's weights, bit for bit as one process generates them, whatever the share.
    EXPECT_EQ(share.weights, share_of(comm, whole).weights);
    const RankWeightedGraph built = build(comm, share);
    for (const double delta : {0.01, 0.1, 2.0}) {
      expect_dijkstra_distances(comm, whole, built, {0, 1, params.num_vertices() / 3, params.num_vertices() - 1}, delta);
    }
  }
}

// 70 vertices (at 3 and 4 ranks some own none): a path with chords, duplicates of other weights
// (the least must win, whichever rank holds it), self-loops, a triangle apart, isolated vertices.
EdgeList hand_made_graph() {
  EdgeList whole;
  whole.num_vertices = 70;
  const auto add = [&](VertexId u, VertexId v, float weight) {
    whole.edges.push_back(CompactEdge::make(u, v));
    whole.weights.push_back(weight);
  };
  for (VertexId v = 0; v + 1 < 40; ++v) add(v + 1, v, 0.25F + static_cast<float>(v % 3) * 0.125F);
  for (VertexId v = 0; v + 2 < 40; v += 5) add(v, v + 2, 0.3F);
  for (VertexId v = 0; v + 1 < 40; v += 4) add(v, v + 1, 0.01F);  // a lighter duplicate
  for (VertexId v = 2; v + 1 < 40; v += 7) add(v + 1, v, 0.9F);   // a heavier one
  add(50, 51, 0.5F);
  add(51, 52, 0.5F);
  add(52, 50, 0.75F);
  add(7, 7, 0.0F);
  add(69, 69, 0.5F);
  return whole;
}

TEST(DistributedSssp, KeepsTheLeastWeightOfDuplicatesOnAHandMadeGraph) {
  Communicator comm;
  const EdgeList whole = hand_made_graph();
  const RankWeightedGraph built = build(comm, share_of(comm, whole));
  expect_dijkstra_distances(comm, whole, built, {0, 39, 17, 51}, 0.1);
  expect_dijkstra_distances(comm, whole, built, {5}, 1e-4);
}

// A tree from vertex 0 of the hand-made graph, broken by `damage` on the rank that owns `vertex`
// (every rank passes the same vertex), must fail with `rule` on every rank.
template <class Damage>
void expect_failure(int rule, VertexId vertex, Damage&& damage, const std::string& words = {}) {
  Communicator comm;
  const EdgeList whole = hand_made_graph();
  RankWeightedGraph built = build(comm, share_of(comm, whole));
  OwnLabels labels = search(comm, built, 0, 0.1);
  ASSERT_TRUE(validate(comm, built, 0, labels).ok());
  if (built.graph.own.contains(vertex)) damage(labels, static_cast<std::size_t>(vertex - built.graph.own.begin));
  const DistributedValidation validation = validate(comm, built, 0, labels, 7);
  EXPECT_FALSE(validation.ok());
  EXPECT_EQ(validation.first_rule, rule) << validation.first_failure;
  EXPECT_NE(validation.first_failure.find(words), std::string::npos) << validation.first_failure;
  EXPECT_EQ(comm.sum(validation.first_rule), static_cast<std::int64_t>(rule) * comm.size());
}

TEST(DistributedSsspValidator, CatchesACorruptedDistance) {
  // Vertex 20's distance raised: its parent edge's weight is no longer the difference (rule 2),
  // and that edge now shortens it (rule 3): the lower rule is named.
  expect_failure(2, 20, [](OwnLabels& labels, std::size_t row) { labels.distance[row] += 0.0625F; }, "vertex 20");
  expect_failure(1, 0, [](OwnLabels& labels, std::size_t row) { labels.distance[row] = 0.5F; }, "root 0");
}

TEST(DistributedSsspValidator, CatchesAWrongParent) {
  // Vertex 30's parent set to vertex 10, reached but not its neighbour.
  expect_failure(2, 30, [](OwnLabels& labels, std::size_t row) { labels.parent[row] = 10; }, "vertex 30");
  expect_failure(1, 30, [](OwnLabels& labels, std::size_t row) { labels.parent[row] = 70; }, "vertex 30");
}

TEST(DistributedSsspValidator, CatchesAShortcutEdge) {
  // Every label holds up, but one more input tuple would shorten vertex 30's distance.
  Communicator comm;
  const EdgeList whole = hand_made_graph();
  RankWeightedGraph built = build(comm, share_of(comm, whole));
  const OwnLabels labels = search(comm, built, 0, 0.1);
  // The last rank's share gets one more tuple, from the root to vertex 30, the least float lighter
  // than 30's distance.
  const float distance = testing::dijkstra_distances(whole, 0)[30];
  if (comm.rank() == comm.size() - 1) {
    built.share.edges.push_back(CompactEdge::make(0, 30));
    built.share.weights.push_back(std::nextafter(distance, 0.0F));
  }
  const DistributedValidation validation = validate(comm, built, 0, labels, 5);
  EXPECT_EQ(validation.first_rule, 3) << validation.first_failure;
  EXPECT_NE(validation.first_failure.find("reaches vertex 30 below its distance"), std::string::npos)
      << validation.first_failure;
}

TEST(DistributedSsspValidator, CatchesAVertexLeftUnreached) {
  // Vertex 39 ends the path and is no vertex's parent: only its edge to 38 gives it away.
  expect_failure(4, 39, [](OwnLabels& labels, std::size_t row) {
    labels.distance[row] = std::numeric_limits<float>::infinity();
    labels.parent[row] = kUnreached;
  }, "vertex 39");
}

// A rank's part of the SCALE 10 graph built within a budget with its weights
// (mpi/rank_part_build.hpp), opened with one entry of each list in DRAM, as a run under
// --dram-budget reads it, and searched through its tiered lists.
class TieredRankPart : public ::testing::Test {
 protected:
  void SetUp() override {
    params_.scale = 10;
    whole_ = generate_kronecker(params_, true);
    directory_ = rank_store_directory(scratch_.path(), comm_.rank());
    std::filesystem::create_directory(directory_);
    std::ostringstream log;
    build_rank_part_within_budget(comm_, params_, NeighborOrder::kHubFirst, directory_, std::int64_t{1} << 20,
                                  std::int64_t{16} << 20, true, log);
    StoreIndex index = read_store_index(directory_, rank_store_request(params_, NeighborOrder::kHubFirst, comm_));
    const StoreManifest manifest = index.manifest;
    PlacementPlan plan;
    plan.head_entries = 1;
    graph_ = open_rank_store(comm_, std::move(index), plan);
    EXPECT_GT(graph_.tiered.rows_with_tails(), 0);
    view_.emplace(TieredGraph::view_of_partition(graph_.tiered, NeighborOrder::kHubFirst));
    weights_.emplace(TieredWeights::open(directory_, manifest, *view_, plan));
    lists_.emplace(*view_, *weights_);
  }

  OwnLabels search(VertexId root, double delta, std::int64_t exchange_bytes = 0) {
    DistributedDeltaStepping kernel(comm_, graph_, *lists_, SsspOptions{delta});
    kernel.limit_exchange(exchange_bytes);
    OwnLabels labels{std::vector<float>(static_cast<std::size_t>(graph_.own.size())),
                     std::vector<VertexId>(static_cast<std::size_t>(graph_.own.size()))};
    const DistributedSsspStats stats = kernel.run(root, labels.distance, labels.parent);
    expect_phases_sum_to_the_search(stats);
    // Lists with tails on every rank: a search past a few rows reads some, counted on every rank.
    if (stats.search.edges_relaxed > 64) {
      EXPECT_GT(stats.search.bytes_read, 0);
      EXPECT_GT(stats.search.read_requests, 0);
    }
    return labels;
  }

  // The SSSP rules across ranks, each rank reading its part's share and weights a round at a time.
  DistributedValidation validate(VertexId root, const OwnLabels& labels) {
    FileWeightedShare share(store_path(directory_, kEdgeFileName), store_path(directory_, kEdgeWeightsName));
    return validate_sssp_distributed(comm_, graph_.ranks, share, root, labels.distance, labels.parent, 1000);
  }

  Communicator comm_;
  KroneckerParams params_;
  EdgeList whole_;
  testing::ScratchDirectory scratch_;
  std::string directory_;
  RankGraph graph_;
  std::optional<TieredGraph> view_;
  std::optional<TieredWeights> weights_;
  std::optional<TieredWeightedLists> lists_;
};

// At three deltas, with each phase's updates exchanged at once and in pieces of about 100 updates
// (as a budget bounds them; the ranks take part in different numbers of pieces).
TEST_F(TieredRankPart, SearchesEqualDijkstra) {
  const VertexRange own = graph_.own;
  const std::int64_t pieces = 100 * static_cast<std::int64_t>(sizeof(DistributedDeltaStepping::Update));
  for (const auto& [delta, exchange_bytes] :
       {std::pair{0.01, std::int64_t{0}}, std::pair{0.1, std::int64_t{0}}, std::pair{2.0, std::int64_t{0}},
        std::pair{0.01, pieces}, std::pair{2.0, pieces}}) {
    for (const VertexId root : {VertexId{0}, VertexId{1}, params_.num_vertices() / 3}) {
      const std::vector<float> expected = testing::dijkstra_distances(whole_, root);
      const OwnLabels labels = search(root, delta, exchange_bytes);
      EXPECT_EQ(labels.distance, std::vector<float>(expected.begin() + own.begin, expected.begin() + own.end))
          << "root " << root << ", delta " << delta << ", exchange bytes " << exchange_bytes << ", rank " << comm_.rank();
      const DistributedValidation validation = validate(root, labels);
      EXPECT_TRUE(validation.ok()) << validation.first_failure;
      EXPECT_EQ(validation.nedge, reached_tuples(whole_, expected)) << "root " << root;
    }
  }
}

TEST_F(TieredRankPart, TheValidatorReadingThePartsShareCatchesACorruptedDistance) {
  OwnLabels labels = search(0, 0.1);
  ASSERT_TRUE(validate(0, labels).ok());
  // The farthest vertex Dijkstra reaches, its distance raised on the rank that owns it.
  const std::vector<float> expected = testing::dijkstra_distances(whole_, 0);
  VertexId farthest = 0;
  for (VertexId v = 0; v < params_.num_vertices(); ++v) {
    if (std::isfinite(expected[v]) && expected[v] > expected[farthest]) farthest = v;
  }
  if (graph_.own.contains(farthest)) labels.distance[static_cast<std::size_t>(farthest - graph_.own.begin)] += 0.0625F;
  const DistributedValidation validation = validate(0, labels);
  EXPECT_EQ(validation.first_rule, 2) << validation.first_failure;
  EXPECT_NE(validation.first_failure.find("vertex " + std::to_string(farthest)), std::string::npos)
      << validation.first_failure;
}

// A tail read that fails on every rank's part (its lists file cut short after it was opened) ends
// the search with an error on every rank, none left waiting in an exchange and none ending the
// program from inside its threads; with the file whole again the next search is right.
TEST_F(TieredRankPart, AFailedReadEndsTheSearchOnEveryRank) {
  testing::CutShortFile lists(view_->backward(0).tail_path(), 4096);
  const std::string message = testing::error_of<Error>([&] { search(0, 0.1); });
  EXPECT_NE(message.find("read"), std::string::npos) << "rank " << comm_.rank() << ": " << message;
  lists.restore();
  const std::vector<float> expected = testing::dijkstra_distances(whole_, 0);
  const OwnLabels labels = search(0, 0.1);
  EXPECT_EQ(labels.distance, std::vector<float>(expected.begin() + graph_.own.begin, expected.begin() + graph_.own.end));
}

}  // namespace
}  // namespace semibfs
