// Distributed validation (mpi/distributed_validator.hpp): every rank knows the whole graph and
// the whole parent array, computed here by a plain sequential BFS, and hands the validator only an
// uneven share of the tuples and the parents of its own vertices. Correct trees must pass with
// the nedge counted here and by the single-process Validator; trees broken at one vertex must fail
// with the rule at fault, the same result on every rank. Each rank's share comes through an
// EdgeSource: in one chunk, cut into chunks (so that the ranks' passes take different numbers of
// rounds), or read from a packed edge file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_validator.hpp"
#include "mpi/rank_batch_checker.hpp"
#include "edges/edge_source.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "core/parent_array.hpp"
#include "gen/kronecker.hpp"
#include "graph/partition_layout.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/scratch_directory.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

struct Graph {
  EdgeList edges;                                 // the whole input, on every rank
  std::vector<std::vector<VertexId>> neighbours;  // both ways, self-loops left out
};

Graph make_graph(EdgeList edges) {
  Graph graph{std::move(edges), {}};
  graph.neighbours.resize(static_cast<std::size_t>(graph.edges.num_vertices));
  for (const CompactEdge& edge : graph.edges.edges) {
    if (edge.v0() == edge.v1()) continue;
    graph.neighbours[static_cast<std::size_t>(edge.v0())].push_back(edge.v1());
    graph.neighbours[static_cast<std::size_t>(edge.v1())].push_back(edge.v0());
  }
  return graph;
}

Graph kronecker_graph(int scale, std::int64_t edgefactor = 16) {
  KroneckerParams params;
  params.scale = scale;
  params.edgefactor = edgefactor;
  return make_graph(generate_kronecker(params, false));
}

// 70 vertices (two words: at 3 and 4 ranks some own none): a path 0-1-...-39 with chords, a
// triangle 50-51-52 apart, self-loops and duplicates, the rest isolated.
Graph hand_made_graph() {
  EdgeList edges;
  edges.num_vertices = 70;
  for (VertexId v = 0; v + 1 < 40; ++v) edges.edges.push_back(CompactEdge::make(v + 1, v));
  for (VertexId v = 0; v + 2 < 40; v += 5) edges.edges.push_back(CompactEdge::make(v, v + 2));
  const std::initializer_list<std::pair<VertexId, VertexId>> more = {{50, 51}, {51, 52}, {52, 50}, {7, 7},
                                                                     {3, 4},   {3, 4},   {69, 69}};
  for (const auto& [a, b] : more) edges.edges.push_back(CompactEdge::make(a, b));
  return make_graph(std::move(edges));
}

struct Tree {
  std::vector<VertexId> parent;
  std::vector<std::int64_t> depth;  // -1 where unreached
};

Tree breadth_first_tree(const Graph& graph, VertexId root) {
  const auto n = static_cast<std::size_t>(graph.edges.num_vertices);
  Tree tree{std::vector<VertexId>(n, kUnreached), std::vector<std::int64_t>(n, -1)};
  tree.parent[static_cast<std::size_t>(root)] = root;
  tree.depth[static_cast<std::size_t>(root)] = 0;
  std::deque<VertexId> queue{root};
  while (!queue.empty()) {
    const VertexId u = queue.front();
    queue.pop_front();
    for (const VertexId v : graph.neighbours[static_cast<std::size_t>(u)]) {
      if (tree.parent[static_cast<std::size_t>(v)] != kUnreached) continue;
      tree.parent[static_cast<std::size_t>(v)] = u;
      tree.depth[static_cast<std::size_t>(v)] = tree.depth[static_cast<std::size_t>(u)] + 1;
      queue.push_back(v);
    }
  }
  return tree;
}

// Rank r gets a share of the tuples in proportion to (r + 1)^2, so the last rank has the most.
EdgeList share_of(const EdgeList& all, int rank, int size) {
  std::int64_t total_weight = 0;
  for (int r = 0; r < size; ++r) total_weight += (r + 1) * (r + 1);
  std::int64_t before = 0;
  for (int r = 0; r < rank; ++r) before += (r + 1) * (r + 1);
  const auto cut = [&](std::int64_t weight) { return all.num_edges() * weight / total_weight; };
  EdgeList share;
  share.num_vertices = all.num_vertices;
  share.edges.assign(all.edges.begin() + cut(before), all.edges.begin() + cut(before + (rank + 1) * (rank + 1)));
  return share;
}

std::int64_t count_nedge(const EdgeList& edges, const std::vector<VertexId>& parent) {
  std::int64_t nedge = 0;
  for (const CompactEdge& edge : edges.edges) {
    nedge += edge.v0() != edge.v1() && parent[static_cast<std::size_t>(edge.v0())] != kUnreached &&
             parent[static_cast<std::size_t>(edge.v1())] != kUnreached;
  }
  return nedge;
}

// Every rank must return the same result.
void expect_same_on_every_rank(Communicator& comm, const DistributedValidation& result) {
  EXPECT_EQ(comm.broadcast(result.first_failure, 0), result.first_failure);
  EXPECT_EQ(comm.sum(result.first_rule), std::int64_t{result.first_rule} * comm.size());
  EXPECT_EQ(comm.sum(result.failure_count), result.failure_count * comm.size());
  EXPECT_EQ(comm.sum(result.nedge), result.nedge * comm.size());
}

// Validates `parent` with this rank's share of the tuples read from `share` and its own parents.
DistributedValidation validate_source(const Graph& graph, VertexId root, const std::vector<VertexId>& parent,
                                      const EdgeSource& share) {
  Communicator comm;
  const PartitionLayout ranks(graph.edges.num_vertices, comm.size());
  const VertexRange mine = ranks.range(comm.rank());
  const std::vector<VertexId> own_parent(parent.begin() + mine.begin, parent.begin() + mine.end);
  const DistributedValidation result = validate_distributed(comm, ranks, share, root, own_parent);
  expect_same_on_every_rank(comm, result);
  return result;
}

// The same with this rank's share of the tuples (or `share` when given) in memory, in chunks of
// `chunk_edges` (0: one chunk).
DistributedValidation validate_here(const Graph& graph, VertexId root, const std::vector<VertexId>& parent,
                                    std::optional<EdgeList> share = std::nullopt, std::int64_t chunk_edges = 0) {
  Communicator comm;
  const EdgeList edges = share ? std::move(*share) : share_of(graph.edges, comm.rank(), comm.size());
  return validate_source(graph, root, parent, InMemoryEdgeSource(edges, chunk_edges));
}

// share_of, but rank 0's share is empty (rank 1 takes it): a pass without a chunk.
EdgeList share_without_rank_0(const EdgeList& all, int rank, int size) {
  if (size == 1 || rank > 1) return share_of(all, rank, size);
  EdgeList share = share_of(all, 0, size);
  if (rank == 0) {
    share.edges.clear();
  } else {
    const EdgeList second = share_of(all, 1, size);
    share.edges.insert(share.edges.end(), second.edges.begin(), second.edges.end());
  }
  return share;
}

void expect_same_result(const DistributedValidation& result, const DistributedValidation& expected) {
  EXPECT_EQ(result.nedge, expected.nedge);
  EXPECT_EQ(result.failure_count, expected.failure_count);
  EXPECT_EQ(result.first_rule, expected.first_rule);
  EXPECT_EQ(result.first_failure, expected.first_failure);
}

void expect_passes(const Graph& graph, VertexId root, const std::vector<VertexId>& parent,
                   std::optional<EdgeList> share = std::nullopt) {
  const DistributedValidation result = validate_here(graph, root, parent, std::move(share));
  EXPECT_TRUE(result.ok()) << result.first_failure;
  EXPECT_EQ(result.first_rule, 0);
  EXPECT_EQ(result.first_failure, "");
  EXPECT_EQ(result.nedge, count_nedge(graph.edges, parent));
  const ValidationReport report = Validator(graph.edges).validate(root, parent);
  EXPECT_TRUE(report.ok());
  EXPECT_EQ(result.nedge, report.nedge);
}

// Fails with `rule` first, naming `vertex` (unless -1); the single-process Validator fails too.
DistributedValidation expect_fails(const Graph& graph, VertexId root, const std::vector<VertexId>& parent, int rule,
                                   VertexId vertex) {
  const DistributedValidation result = validate_here(graph, root, parent);
  EXPECT_FALSE(result.ok());
  EXPECT_GE(result.failure_count, 1);
  EXPECT_EQ(result.first_rule, rule) << result.first_failure;
  EXPECT_THAT(result.first_failure, HasSubstr("rule " + std::to_string(rule) + " "));
  if (vertex >= 0) {
    EXPECT_THAT(result.first_failure, HasSubstr("vertex " + std::to_string(vertex) + " "));
  }
  EXPECT_FALSE(Validator(graph.edges).validate(root, parent).ok());
  return result;
}

// The first endpoint of a non-self-loop tuple: in the big component of a Kronecker graph.
VertexId connected_root(const Graph& graph) {
  for (const CompactEdge& edge : graph.edges.edges)
    if (edge.v0() != edge.v1()) return edge.v0();
  return 0;
}

bool adjacent(const Graph& graph, VertexId u, VertexId v) {
  for (const VertexId w : graph.neighbours[static_cast<std::size_t>(u)])
    if (w == v) return true;
  return false;
}

bool is_ancestor(const Tree& tree, VertexId ancestor, VertexId v) {
  for (VertexId at = v;; at = tree.parent[static_cast<std::size_t>(at)]) {
    if (at == ancestor) return true;
    if (tree.parent[static_cast<std::size_t>(at)] == at) return false;
  }
}

// The lowest and the highest vertex that is reached, not the root, and passes `accept` (so that
// the tests break the tree on the first rank and on the last).
template <class Accept>
std::vector<VertexId> lowest_and_highest(const Tree& tree, VertexId root, const Accept& accept) {
  std::vector<VertexId> found;
  for (VertexId v = 0; v < static_cast<VertexId>(tree.parent.size()); ++v)
    if (v != root && tree.parent[static_cast<std::size_t>(v)] != kUnreached && accept(v)) found.push_back(v);
  if (found.empty()) {
    ADD_FAILURE() << "no tree vertex fits";
    return {};
  }
  return {found.front(), found.back()};
}

class DistributedValidatorTest : public ::testing::Test {
 protected:
  DistributedValidatorTest()
      : graph_(kronecker_graph(9)), root_(connected_root(graph_)), tree_(breadth_first_tree(graph_, root_)) {}
  std::int64_t depth(VertexId v) const { return tree_.depth[static_cast<std::size_t>(v)]; }
  VertexId& parent(std::vector<VertexId>& parents, VertexId v) const { return parents[static_cast<std::size_t>(v)]; }
  std::vector<std::vector<VertexId>> trees_to_compare() const;

  Graph graph_;
  VertexId root_;
  Tree tree_;
};

// The tree, and copies of it broken at one vertex: a cycle (rule 1), a vertex re-parented to a deeper
// neighbour (rule 3), a leaf left unreached (rule 4), a parent one level up but no neighbour (rule 5).
std::vector<std::vector<VertexId>> DistributedValidatorTest::trees_to_compare() const {
  std::vector<std::vector<VertexId>> trees(5, tree_.parent);
  const VertexId deep = lowest_and_highest(tree_, root_, [&](VertexId u) { return depth(u) >= 2; }).back();
  parent(trees[1], tree_.parent[static_cast<std::size_t>(deep)]) = deep;
  const auto deeper_neighbour = [&](VertexId u) {
    for (const VertexId w : graph_.neighbours[static_cast<std::size_t>(u)])
      if (depth(w) > depth(u) && !is_ancestor(tree_, u, w)) return w;
    return kUnreached;
  };
  const VertexId sinking = lowest_and_highest(tree_, root_, [&](VertexId u) { return deeper_neighbour(u) >= 0; })[0];
  parent(trees[2], sinking) = deeper_neighbour(sinking);
  std::vector<std::uint8_t> has_child(tree_.parent.size(), 0);
  for (const VertexId p : tree_.parent)
    if (p != kUnreached) has_child[static_cast<std::size_t>(p)] = 1;
  const VertexId leaf =
      lowest_and_highest(tree_, root_, [&](VertexId u) { return has_child[static_cast<std::size_t>(u)] == 0; }).back();
  parent(trees[3], leaf) = kUnreached;
  const auto far_parent = [&](VertexId u) {
    for (VertexId w = 0; w < graph_.edges.num_vertices; ++w)
      if (depth(u) >= 2 && depth(w) == depth(u) - 1 && !adjacent(graph_, u, w)) return w;
    return kUnreached;
  };
  const VertexId moved = lowest_and_highest(tree_, root_, [&](VertexId u) { return far_parent(u) >= 0; }).back();
  parent(trees[4], moved) = far_parent(moved);
  return trees;
}

TEST_F(DistributedValidatorTest, AcceptsABreadthFirstTree) { expect_passes(graph_, root_, tree_.parent); }

TEST_F(DistributedValidatorTest, AcceptsTreesFromSeveralRoots) {
  for (const VertexId root : {VertexId{0}, VertexId{1}, VertexId{100}, VertexId{511}})
    expect_passes(graph_, root, breadth_first_tree(graph_, root).parent);
}

TEST_F(DistributedValidatorTest, AcceptsWhenOneRankHoldsEveryTuple) {
  Communicator comm;
  EdgeList share;
  share.num_vertices = graph_.edges.num_vertices;
  if (comm.rank() == comm.size() - 1) share.edges = graph_.edges.edges;
  expect_passes(graph_, root_, tree_.parent, share);
}

TEST_F(DistributedValidatorTest, AcceptsTheHandMadeGraphWithRanksOwningNoVertex) {
  const Graph graph = hand_made_graph();
  for (const VertexId root : {VertexId{0}, VertexId{39}, VertexId{51}, VertexId{60}})
    expect_passes(graph, root, breadth_first_tree(graph, root).parent);
}

// Over a million tuples on the last rank: it takes two rounds of the edge pass, the others none
// of their own but must join both.
TEST(DistributedValidatorLargeTest, AcceptsAShareOfSeveralChunks) {
  Communicator comm;
  const Graph graph = kronecker_graph(17, 10);
  const VertexId root = connected_root(graph);
  EdgeList share;
  share.num_vertices = graph.edges.num_vertices;
  if (comm.rank() == comm.size() - 1) share.edges = graph.edges.edges;
  expect_passes(graph, root, breadth_first_tree(graph, root).parent, share);
}

TEST_F(DistributedValidatorTest, RejectsACycleOfTwoVertices) {
  for (const VertexId v : lowest_and_highest(tree_, root_, [&](VertexId u) { return depth(u) >= 2; })) {
    std::vector<VertexId> parents = tree_.parent;
    parent(parents, parent(parents, v)) = v;  // v and its parent now point at each other
    const DistributedValidation result = expect_fails(graph_, root_, parents, 1, -1);
    EXPECT_THAT(result.first_failure, HasSubstr("cycle"));
  }
}

TEST_F(DistributedValidatorTest, RejectsAVertexThatIsItsOwnParent) {
  for (const VertexId v : lowest_and_highest(tree_, root_, [](VertexId) { return true; })) {
    std::vector<VertexId> parents = tree_.parent;
    parent(parents, v) = v;
    expect_fails(graph_, root_, parents, 1, -1);
  }
}

TEST_F(DistributedValidatorTest, RejectsAParentOutOfRange) {
  for (const VertexId v : lowest_and_highest(tree_, root_, [](VertexId) { return true; })) {
    for (const VertexId bad : {graph_.edges.num_vertices, VertexId{-7}}) {
      std::vector<VertexId> parents = tree_.parent;
      parent(parents, v) = bad;
      const DistributedValidation result = expect_fails(graph_, root_, parents, 1, v);
      EXPECT_EQ(result.failure_count, 1);
      EXPECT_EQ(result.nedge, 0);  // as the single-process validator: nothing past rule 1
    }
  }
}

TEST_F(DistributedValidatorTest, RejectsAnUnreachedParent) {
  VertexId unreached = static_cast<VertexId>(tree_.parent.size()) - 1;
  while (tree_.parent[static_cast<std::size_t>(unreached)] != kUnreached) --unreached;
  for (const VertexId v : lowest_and_highest(tree_, root_, [](VertexId) { return true; })) {
    std::vector<VertexId> parents = tree_.parent;
    parent(parents, v) = unreached;
    const DistributedValidation result = expect_fails(graph_, root_, parents, 1, v);
    EXPECT_THAT(result.first_failure, HasSubstr("is unreached"));
  }
}

TEST_F(DistributedValidatorTest, RejectsARootThatIsNotItsOwnParent) {
  const VertexId child = lowest_and_highest(tree_, root_, [&](VertexId u) { return depth(u) == 1; }).back();
  for (const VertexId bad : {child, kUnreached}) {
    std::vector<VertexId> parents = tree_.parent;
    parent(parents, root_) = bad;
    const DistributedValidation result = expect_fails(graph_, root_, parents, 1, -1);
    EXPECT_THAT(result.first_failure, HasSubstr("root " + std::to_string(root_) + " has parent"));
  }
}

TEST_F(DistributedValidatorTest, RejectsAParentThatIsNotANeighbour) {
  // A vertex one level above u that no tuple joins to u, or -1.
  const auto far_parent = [&](VertexId u) {
    for (VertexId w = 0; w < graph_.edges.num_vertices; ++w)
      if (depth(u) >= 2 && depth(w) == depth(u) - 1 && !adjacent(graph_, u, w)) return w;
    return kUnreached;
  };
  for (const VertexId v : lowest_and_highest(tree_, root_, [&](VertexId u) { return far_parent(u) >= 0; })) {
    std::vector<VertexId> parents = tree_.parent;
    parent(parents, v) = far_parent(v);  // one level up, so the levels stay right
    const DistributedValidation result = expect_fails(graph_, root_, parents, 5, v);
    EXPECT_EQ(result.failure_count, 1);
    EXPECT_EQ(result.nedge, count_nedge(graph_.edges, parents));
    EXPECT_EQ(Validator(graph_.edges).validate(root_, parents).failures.front().rule, 5);
  }
}

// Re-parents a vertex to a neighbour `levels_down` or more levels below it that is not in its
// subtree: the vertex sinks by at least levels_down + 1, and the edge to its old parent spans that
// plus one.
void expect_rule_3_when_reparented(const Graph& graph, VertexId root, const Tree& tree, std::int64_t levels_down) {
  const auto depth = [&](VertexId v) { return tree.depth[static_cast<std::size_t>(v)]; };
  const auto new_parent = [&](VertexId u) {
    for (const VertexId w : graph.neighbours[static_cast<std::size_t>(u)])
      if (depth(w) >= depth(u) + levels_down && (levels_down > 0 || depth(w) == depth(u)) && !is_ancestor(tree, u, w))
        return w;
    return kUnreached;
  };
  for (const VertexId v : lowest_and_highest(tree, root, [&](VertexId u) { return new_parent(u) >= 0; })) {
    std::vector<VertexId> parents = tree.parent;
    parents[static_cast<std::size_t>(v)] = new_parent(v);
    expect_fails(graph, root, parents, 3, -1);
  }
}

TEST_F(DistributedValidatorTest, RejectsAVertexTwoLevelsBelowItsOldParent) {
  expect_rule_3_when_reparented(graph_, root_, tree_, 0);  // a gap of exactly 2
}

TEST_F(DistributedValidatorTest, RejectsAVertexReparentedToADeeperNeighbour) {
  expect_rule_3_when_reparented(graph_, root_, tree_, 1);
}

TEST_F(DistributedValidatorTest, RejectsAnUnreachedVertexInTheComponent) {
  std::vector<std::uint8_t> has_child(tree_.parent.size(), 0);
  for (const VertexId p : tree_.parent)
    if (p != kUnreached) has_child[static_cast<std::size_t>(p)] = 1;
  const auto is_leaf = [&](VertexId u) { return has_child[static_cast<std::size_t>(u)] == 0; };
  for (const VertexId leaf : lowest_and_highest(tree_, root_, is_leaf)) {
    std::vector<VertexId> parents = tree_.parent;
    parent(parents, leaf) = kUnreached;
    const DistributedValidation result = expect_fails(graph_, root_, parents, 4, leaf);
    EXPECT_EQ(result.failure_count, 1);
    EXPECT_EQ(Validator(graph_.edges).validate(root_, parents).failures.front().rule, 4);
  }
}

TEST_F(DistributedValidatorTest, ThrowsOnEveryRankForARootOutsideTheGraph) {
  EXPECT_THROW(validate_here(graph_, graph_.edges.num_vertices, tree_.parent), Error);
}

TEST_F(DistributedValidatorTest, ThrowsOnEveryRankWhenOneRankHasTooFewParents) {
  Communicator comm;
  const PartitionLayout ranks(graph_.edges.num_vertices, comm.size());
  const VertexRange mine = ranks.range(comm.rank());
  const bool short_one = comm.rank() == comm.size() - 1;
  const std::vector<VertexId> own_parent(tree_.parent.begin() + mine.begin,
                                         tree_.parent.begin() + mine.end - (short_one ? 1 : 0));
  const EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  EXPECT_THROW(validate_distributed(comm, ranks, InMemoryEdgeSource(share), root_, own_parent), Error);
}

TEST_F(DistributedValidatorTest, ThrowsOnEveryRankWhenOneRankHasATupleOutsideTheGraph) {
  Communicator comm;
  EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  if (comm.rank() == 0) share.edges.push_back(CompactEdge::make(0, graph_.edges.num_vertices));
  EXPECT_THROW(validate_here(graph_, root_, tree_.parent, share), Error);
}

// Shares cut into chunks of 7 tuples take each rank another number of rounds (a rank with an empty
// share none of its own): every tree gives the result it gives in one chunk.
TEST_F(DistributedValidatorTest, GivesTheSameResultsInChunksAsInOne) {
  Communicator comm;
  const std::vector<std::vector<VertexId>> trees = trees_to_compare();
  for (const bool rank_0_empty : {false, true}) {
    const EdgeList share = rank_0_empty ? share_without_rank_0(graph_.edges, comm.rank(), comm.size())
                                        : share_of(graph_.edges, comm.rank(), comm.size());
    for (std::size_t t = 0; t < trees.size(); ++t) {
      const DistributedValidation whole = validate_here(graph_, root_, trees[t], share);
      EXPECT_EQ(whole.ok(), t == 0) << "tree " << t << ": " << whole.first_failure;
      expect_same_result(validate_here(graph_, root_, trees[t], share, 7), whole);
    }
  }
}

TEST_F(DistributedValidatorTest, GivesTheSameResultsFromAPackedFile) {
  Communicator comm;
  const testing::ScratchDirectory directory;  // one per rank
  const EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  PackedFileOptions chunks;
  chunks.chunk_edges = 200;
  const PackedFileEdgeSource file(testing::write_packed_edge_file(directory.file("share.packed48"), share),
                                  graph_.edges.num_vertices, chunks);
  const std::vector<std::vector<VertexId>> trees = trees_to_compare();
  const std::vector<int> rules = {0, 1, 3, 4, 5};
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const DistributedValidation result = validate_source(graph_, root_, trees[t], file);
    EXPECT_EQ(result.first_rule, rules[t]) << result.first_failure;
    expect_same_result(result, validate_here(graph_, root_, trees[t], share));
  }
  EXPECT_EQ(validate_source(graph_, root_, tree_.parent, file).nedge, count_nedge(graph_.edges, tree_.parent));
}

// A tuple outside the graph in the last chunk of one rank's pass, whichever rank has it, with the
// tree intact (the edge pass finds it) or broken at rule 1 (the edge pass is skipped).
TEST_F(DistributedValidatorTest, ThrowsOnEveryRankForAChunkedTupleOutsideTheGraph) {
  Communicator comm;
  std::vector<VertexId> no_tree = tree_.parent;
  parent(no_tree, root_) = kUnreached;
  for (int bad_rank = 0; bad_rank < comm.size(); ++bad_rank) {
    for (const std::vector<VertexId>* parents : {&tree_.parent, &no_tree}) {
      EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
      if (comm.rank() == bad_rank) share.edges.push_back(CompactEdge::make(0, graph_.edges.num_vertices));
      EXPECT_THAT([&] { validate_here(graph_, root_, *parents, share, 7); },
                  ThrowsMessage<Error>(HasSubstr("rank " + std::to_string(bad_rank) + ": its tuple")));
    }
  }
}

TEST_F(DistributedValidatorTest, ThrowsOnEveryRankWhenOneRanksFileHasATupleOutsideTheGraph) {
  Communicator comm;
  const testing::ScratchDirectory directory;
  EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  if (comm.rank() == 0) share.edges.push_back(CompactEdge::make(graph_.edges.num_vertices, 1));
  PackedFileOptions chunks;
  chunks.chunk_edges = 200;
  const PackedFileEdgeSource file(testing::write_packed_edge_file(directory.file("share.packed48"), share),
                                  graph_.edges.num_vertices, chunks);
  EXPECT_THAT([&] { validate_source(graph_, root_, tree_.parent, file); },
              ThrowsMessage<Error>(HasSubstr("share.packed48")));
}

// The in-memory source in chunks of 7, but the last rank's throws after its second chunk.
class FailingEdgeSource final : public EdgeSource {
 public:
  explicit FailingEdgeSource(const EdgeList& edges, bool fails) : chunks_(edges, 7), fails_(fails) {}
  std::int64_t num_vertices() const override { return chunks_.num_vertices(); }
  std::int64_t num_edges() const override { return chunks_.num_edges(); }
  std::int64_t buffer_bytes() const override { return 0; }
  void for_each_chunk(const EdgeChunkVisitor& visit) const override {
    int visited = 0;
    chunks_.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
      if (fails_ && visited++ == 2) throw std::runtime_error("the disk is gone");
      visit(chunk, first_index);
    });
  }

 private:
  InMemoryEdgeSource chunks_;
  bool fails_;
};

TEST_F(DistributedValidatorTest, ThrowsOnEveryRankWhenOneRanksSourceThrows) {
  Communicator comm;
  const EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  const FailingEdgeSource source(share, comm.rank() == comm.size() - 1);
  bool threw_error = false;
  try {
    validate_source(graph_, root_, tree_.parent, source);
    ADD_FAILURE() << "nothing thrown";
  } catch (const EveryRankError& error) {
    threw_error = true;
    EXPECT_THAT(error.what(), HasSubstr("rank " + std::to_string(comm.size() - 1) + ": the disk is gone"));
  }
  // The failing rank too: the job ends with one line through MPI_Finalize (mpi/every_rank.hpp).
  EXPECT_TRUE(threw_error) << "every rank throws the failing rank's error";
  expect_passes(graph_, root_, tree_.parent);  // the ranks are in step again
}

// Batches of trees (validate_distributed_trees): each tree's result is the one it gets alone.

// This rank's own parents of each tree.
std::vector<std::vector<VertexId>> own_parents_of(const PartitionLayout& ranks, int rank,
                                                  const std::vector<std::vector<VertexId>>& trees) {
  const VertexRange mine = ranks.range(rank);
  std::vector<std::vector<VertexId>> own;
  for (const std::vector<VertexId>& parents : trees) own.emplace_back(parents.begin() + mine.begin, parents.begin() + mine.end);
  return own;
}

// Validates `trees` (from `roots`) in one batch over this rank's share in chunks of `chunk_edges`
// (0: one chunk), and each alone; expects the same result from both, on every rank.
std::vector<DistributedValidation> expect_batch_as_alone(const Graph& graph, const std::vector<VertexId>& roots,
                                                         const std::vector<std::vector<VertexId>>& trees,
                                                         std::int64_t chunk_edges = 0) {
  Communicator comm;
  const PartitionLayout ranks(graph.edges.num_vertices, comm.size());
  const EdgeList share = share_of(graph.edges, comm.rank(), comm.size());
  const InMemoryEdgeSource source(share, chunk_edges);
  const std::vector<std::vector<VertexId>> own = own_parents_of(ranks, comm.rank(), trees);
  std::vector<OwnTree> batch;
  for (std::size_t i = 0; i < trees.size(); ++i) batch.push_back({roots[i], own[i]});
  const std::vector<DistributedValidation> results = validate_distributed_trees(comm, ranks, source, batch);
  EXPECT_EQ(results.size(), trees.size());
  for (std::size_t i = 0; i < results.size() && i < trees.size(); ++i) {
    SCOPED_TRACE("tree " + std::to_string(i) + " of " + std::to_string(trees.size()));
    expect_same_on_every_rank(comm, results[i]);
    expect_same_result(results[i], validate_distributed(comm, ranks, source, roots[i], own[i]));
  }
  return results;
}

class DistributedBatchValidatorTest : public DistributedValidatorTest {
 protected:
  // Good trees from other roots, one of them isolated and one on the far side of the graph.
  std::vector<VertexId> other_roots() const { return {VertexId{0}, VertexId{1}, VertexId{100}, VertexId{511}}; }
  // The tree of root_ broken as trees_to_compare()[broken] breaks it, at `position` of a batch
  // whose other trees pass; expects the broken one's result alone and the others' to pass.
  void expect_broken_at(std::size_t broken, std::size_t position, std::int64_t chunk_edges = 0);
};

void DistributedBatchValidatorTest::expect_broken_at(std::size_t broken, std::size_t position,
                                                     std::int64_t chunk_edges) {
  std::vector<VertexId> roots = other_roots();
  std::vector<std::vector<VertexId>> trees;
  for (const VertexId root : roots) trees.push_back(breadth_first_tree(graph_, root).parent);
  roots.insert(roots.begin() + static_cast<std::ptrdiff_t>(position), root_);
  trees.insert(trees.begin() + static_cast<std::ptrdiff_t>(position), trees_to_compare()[broken]);
  const std::vector<DistributedValidation> results = expect_batch_as_alone(graph_, roots, trees, chunk_edges);
  const std::vector<int> rules = {0, 1, 3, 4, 5};
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i].first_rule, i == position ? rules[broken] : 0) << "tree " << i << ": " << results[i].first_failure;
    const bool past_rule_1 = i != position || rules[broken] != 1;  // else nothing counted, as alone
    EXPECT_EQ(results[i].nedge, past_rule_1 ? count_nedge(graph_.edges, trees[i]) : 0) << "tree " << i;
  }
}

TEST_F(DistributedBatchValidatorTest, GivesEachTreeOfABatchItsResultAlone) {
  for (std::size_t broken = 0; broken < 5; ++broken) {
    for (const std::size_t position : {std::size_t{0}, std::size_t{2}, std::size_t{4}}) {
      SCOPED_TRACE("broken as tree " + std::to_string(broken) + " at position " + std::to_string(position));
      expect_broken_at(broken, position);
    }
  }
}

TEST_F(DistributedBatchValidatorTest, GivesTheSameResultsInChunks) {
  for (std::size_t broken = 1; broken < 5; ++broken) expect_broken_at(broken, 2, 7);
}

// Trees broken at each stage in one batch: each leaves the batch at its own stage, and the trees
// that pass keep their nedge; the same tree twice gives the same result twice.
TEST_F(DistributedBatchValidatorTest, KeepsTreesBrokenAtDifferentStagesApart) {
  std::vector<VertexId> out_of_range = tree_.parent;
  parent(out_of_range, lowest_and_highest(tree_, root_, [](VertexId) { return true; }).back()) =
      graph_.edges.num_vertices;
  const std::vector<std::vector<VertexId>> broken = trees_to_compare();
  const std::vector<VertexId> roots = {root_, root_, root_, VertexId{100}, root_, root_, root_};
  const std::vector<std::vector<VertexId>> trees = {broken[4], out_of_range, broken[1], breadth_first_tree(graph_, 100).parent,
                                                    broken[3], broken[2], broken[4]};
  const std::vector<DistributedValidation> results = expect_batch_as_alone(graph_, roots, trees);
  std::vector<int> rules;
  for (const DistributedValidation& result : results) rules.push_back(result.first_rule);
  EXPECT_EQ(rules, (std::vector<int>{5, 1, 1, 0, 4, 3, 5}));
  // Nothing past rule 1 (as the single-process validator); the others count every tuple they reach.
  std::vector<std::int64_t> nedges;
  for (const DistributedValidation& result : results) nedges.push_back(result.nedge);
  EXPECT_EQ(nedges, (std::vector<std::int64_t>{count_nedge(graph_.edges, trees[0]), 0, 0,
                                               count_nedge(graph_.edges, trees[3]), count_nedge(graph_.edges, trees[4]),
                                               count_nedge(graph_.edges, trees[5]), count_nedge(graph_.edges, trees[6])}));
}

TEST_F(DistributedBatchValidatorTest, AcceptsAFullBatchOfTrees) {
  std::vector<VertexId> roots;
  std::vector<std::vector<VertexId>> trees;
  for (VertexId root = 0; std::ssize(roots) < kMaxTreesPerPass; root += 7) {
    roots.push_back(root);
    trees.push_back(breadth_first_tree(graph_, root).parent);
  }
  for (const DistributedValidation& result : expect_batch_as_alone(graph_, roots, trees)) EXPECT_TRUE(result.ok());
}

TEST_F(DistributedBatchValidatorTest, ThrowsOnEveryRankForTooManyTreesOrNone) {
  Communicator comm;
  const PartitionLayout ranks(graph_.edges.num_vertices, comm.size());
  const EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  const std::vector<VertexId> own = own_parents_of(ranks, comm.rank(), {tree_.parent}).front();
  const std::vector<OwnTree> trees(kMaxTreesPerPass + 1, OwnTree{root_, own});
  EXPECT_THROW(validate_distributed_trees(comm, ranks, InMemoryEdgeSource(share), trees), Error);
  EXPECT_THROW(validate_distributed_trees(comm, ranks, InMemoryEdgeSource(share), {}), Error);
}

// A root outside the graph in the last tree of a batch is named, as alone.
TEST_F(DistributedBatchValidatorTest, ThrowsOnEveryRankForABadRootInTheLastTree) {
  Communicator comm;
  const PartitionLayout ranks(graph_.edges.num_vertices, comm.size());
  const EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  const std::vector<VertexId> own = own_parents_of(ranks, comm.rank(), {tree_.parent}).front();
  const std::vector<OwnTree> trees = {{root_, own}, {graph_.edges.num_vertices, own}};
  EXPECT_THAT([&] { validate_distributed_trees(comm, ranks, InMemoryEdgeSource(share), trees); },
              ThrowsMessage<Error>(HasSubstr("root " + std::to_string(graph_.edges.num_vertices) + " is not a vertex")));
}

TEST_F(DistributedBatchValidatorTest, ThrowsOnEveryRankForATupleOutsideTheGraph) {
  Communicator comm;
  const PartitionLayout ranks(graph_.edges.num_vertices, comm.size());
  EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  if (comm.rank() == comm.size() - 1) share.edges.push_back(CompactEdge::make(0, graph_.edges.num_vertices));
  const std::vector<std::vector<VertexId>> own = own_parents_of(ranks, comm.rank(), {tree_.parent, trees_to_compare()[1]});
  const std::vector<OwnTree> trees = {{root_, own[0]}, {root_, own[1]}};
  EXPECT_THAT([&] { validate_distributed_trees(comm, ranks, InMemoryEdgeSource(share, 7), trees); },
              ThrowsMessage<Error>(HasSubstr("rank " + std::to_string(comm.size() - 1) + ": its tuple")));
}

// The run's checker: searches kept as they come, checked in one batch; the checks stop at the first
// failure, which is the one the tree gets alone, and a passing search's nedge is the TEPS count.
TEST_F(DistributedBatchValidatorTest, CheckerStopsAtTheFirstFailureOfItsBatch) {
  Communicator comm;
  const PartitionLayout ranks(graph_.edges.num_vertices, comm.size());
  const EdgeList share = share_of(graph_.edges, comm.rank(), comm.size());
  const InMemoryEdgeSource source(share);
  const std::vector<std::vector<VertexId>> broken = trees_to_compare();
  const std::vector<std::vector<VertexId>> trees = {tree_.parent, breadth_first_tree(graph_, 100).parent, broken[4],
                                                    broken[3]};
  const std::vector<VertexId> roots = {root_, 100, root_, root_};
  const std::vector<std::vector<VertexId>> own = own_parents_of(ranks, comm.rank(), trees);
  RankBatchChecker checker(comm, ranks, source, 4);
  ParentArray parent;
  parent.assign(ranks.range(comm.rank()).size(), ParentArray::Width::kWide);
  for (std::size_t i = 0; i < trees.size(); ++i) {
    parent.visit([&](auto entries) { std::copy(own[i].begin(), own[i].end(), entries.begin()); });
    checker.keep(roots[i], parent);
  }
  const std::vector<SearchCheck> checks = checker.check_kept(true);
  ASSERT_EQ(checks.size(), 3u);
  EXPECT_FALSE(checks[0].failure.has_value());
  EXPECT_FALSE(checks[1].failure.has_value());
  EXPECT_EQ(checks[0].nedge, count_nedge(graph_.edges, trees[0]));
  EXPECT_EQ(checks[1].nedge, count_nedge(graph_.edges, trees[1]));
  ASSERT_TRUE(checks[2].failure.has_value());
  const DistributedValidation alone = validate_distributed(comm, ranks, source, root_, own[2]);
  EXPECT_EQ(checks[2].failure->rule, 5);
  EXPECT_EQ(checks[2].failure->message, alone.first_failure);
  EXPECT_EQ(checks[2].nedge, count_nedge(graph_.edges, trees[2]));
  EXPECT_GT(checks[0].validate_seconds, 0);
  EXPECT_EQ(checks[0].validate_seconds, checks[2].validate_seconds);  // each its share of the pass
  EXPECT_TRUE(checker.check_kept(true).empty());  // the batch is empty again
}

}  // namespace
}  // namespace semibfs
