// BfsEngine against a tiny serial BFS written here: any parent one level up is accepted
// (as the GBBS and LAGraph tests do), for every direction policy, summary size and thread count.
#include "bfs/bfs.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstdint>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "support/serial_bfs.hpp"
#include "support/test_graphs.hpp"
#include "policy_options.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "graph/csr_graph.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

using semibfs::testing::make_edge_list;
using semibfs::testing::policy_options;
using semibfs::testing::make_skewed_random_edge_list;
using semibfs::testing::ScopedThreadCount;

// The independent check: levels from a serial queue BFS over the edge list.
using ReferenceBfs = semibfs::testing::SerialBfs;

// Returns the number of reached vertices after checking every vertex's parent.
std::int64_t expect_valid_tree(const ReferenceBfs& reference, VertexId root,
                               const std::vector<VertexId>& parent) {
  const std::vector<int> level = reference.levels(root);
  EXPECT_EQ(parent[root], root);
  std::int64_t reached = 0;
  for (VertexId vertex = 0; vertex < static_cast<VertexId>(parent.size()); ++vertex) {
    if (parent[vertex] == kUnreached) {
      EXPECT_EQ(level[vertex], -1) << "reachable vertex " << vertex << " not reached from " << root;
      continue;
    }
    ++reached;
    EXPECT_GE(level[vertex], 0) << "unreachable vertex " << vertex << " has parent " << parent[vertex];
    if (vertex == root || level[vertex] < 0) continue;
    const VertexId up = parent[vertex];
    EXPECT_TRUE(up >= 0 && up < static_cast<VertexId>(parent.size()) && reference.adjacent(vertex, up))
        << "parent " << up << " of " << vertex << " is not a neighbour";
    if (up >= 0 && up < static_cast<VertexId>(parent.size())) {
      EXPECT_EQ(level[up], level[vertex] - 1)
          << "parent " << up << " of " << vertex << " is not one level up";
    }
  }
  return reached;
}

// Per level: frontier and discovered sizes chain, frontier_edges is the frontier's degree sum by
// the reference's depths, and early exits happen only bottom-up and only to discovered vertices.
void expect_consistent_levels(const std::vector<LevelStats>& levels, const ReferenceBfs& reference,
                              VertexId root, std::int64_t reached, const PartitionedGraph& graph) {
  ASSERT_FALSE(levels.empty());
  const std::vector<int> depth = reference.levels(root);
  std::int64_t discovered = 0;
  std::int64_t frontier = 1;
  for (std::size_t index = 0; index < levels.size(); ++index) {
    const LevelStats& level = levels[index];
    EXPECT_EQ(level.level, static_cast<int>(index) + 1);
    EXPECT_EQ(level.frontier_vertices, frontier);
    std::int64_t frontier_edges = 0;
    for (VertexId vertex = 0; vertex < static_cast<VertexId>(depth.size()); ++vertex) {
      if (depth[vertex] == level.level - 1) frontier_edges += reference.degree(vertex);
    }
    EXPECT_EQ(level.frontier_edges, frontier_edges) << "level " << level.level;
    EXPECT_GE(level.edges_examined, 0);
    EXPECT_LE(level.edges_examined, graph.num_adjacencies());
    if (level.bottom_up) {
      EXPECT_GE(level.bottom_up_early_exits, 0) << "level " << level.level;
      EXPECT_LE(level.bottom_up_early_exits, level.discovered_vertices) << "level " << level.level;
    } else {
      EXPECT_EQ(level.bottom_up_early_exits, 0) << "level " << level.level;
      EXPECT_EQ(level.edges_examined, level.frontier_edges) << "top-down reads every frontier edge";
    }
    EXPECT_GE(level.seconds, 0.0);
    frontier = level.discovered_vertices;
    discovered += frontier;
  }
  EXPECT_EQ(levels.back().discovered_vertices, 0) << "the search stops after a step that finds nothing";
  EXPECT_EQ(discovered + 1, reached);
}

struct Mode {
  std::string name;
  BfsOptions options;
};

// googletest names the parameter of a failing test with this.
void PrintTo(const Mode& mode, std::ostream* stream) { *stream << mode.name; }

// Every policy, each with every summary size but top-down (which never reads a bitmap).
std::vector<Mode> all_modes() {
  const std::vector<Mode> policies = {
      {"AlphaBeta", policy_options(PolicyKind::kAlphaBeta)},
      {"Beamer", policy_options(PolicyKind::kBeamer)},
      {"BottomUp", policy_options(PolicyKind::kBottomUp)},
      // Frontier over n/1e12 switches to bottom-up, under n/1e-12 back: switches at every turn.
      {"AlphaBetaEager", policy_options(PolicyKind::kAlphaBeta, 1e12, 1e-12)},
      {"AlphaBetaEarly", policy_options(PolicyKind::kAlphaBeta, 100, 1000)},
      {"BeamerEager", policy_options(PolicyKind::kBeamer, 1e12, 1e-12)},
  };
  std::vector<Mode> modes = {{"TopDown", policy_options(PolicyKind::kTopDown)}};
  for (const Mode& policy : policies) {
    for (const int summary_bits : {0, 64, 256, 1024}) {
      Mode mode = policy;
      mode.name += "Summary" + std::to_string(summary_bits);
      mode.options.summary_bits = summary_bits;
      modes.push_back(mode);
    }
  }
  return modes;
}

void expect_direction_follows_policy(const std::vector<LevelStats>& levels, PolicyKind policy) {
  if (policy == PolicyKind::kAlphaBeta) {
    EXPECT_FALSE(levels.front().bottom_up) << "alpha-beta starts top-down";
    return;
  }
  if (policy == PolicyKind::kBeamer) return;  // from the root too, when its degree is large enough
  for (const LevelStats& level : levels) {
    EXPECT_EQ(level.bottom_up, policy == PolicyKind::kBottomUp) << "level " << level.level;
  }
}

// How the graph is laid out: NETAL partitions and the order of each neighbour list.
struct Layout {
  int partitions = 1;
  NeighborOrder order = NeighborOrder::kHubFirst;
};

// Runs from each root with one engine (buffers reused) and checks tree and statistics.
std::vector<std::vector<LevelStats>> check_roots(const EdgeList& edge_list, const std::vector<VertexId>& roots,
                                                 const BfsOptions& options, int threads, Layout layout = {}) {
  const ScopedThreadCount thread_count(threads);
  const ReferenceBfs reference(edge_list);
  const PartitionedGraph graph(build_csr(edge_list), layout.partitions, layout.order);
  BfsEngine engine(graph, options);
  std::vector<std::vector<LevelStats>> traces;
  std::vector<VertexId> parent(edge_list.num_vertices, 12345);
  for (const VertexId root : roots) {
    SCOPED_TRACE("root " + std::to_string(root));
    traces.push_back(engine.run(root, parent));
    const std::int64_t reached = expect_valid_tree(reference, root, parent);
    expect_consistent_levels(traces.back(), reference, root, reached, graph);
    expect_direction_follows_policy(traces.back(), options.policy);
  }
  return traces;
}

class BfsModeTest : public ::testing::TestWithParam<std::tuple<Mode, int>> {
 protected:
  std::vector<std::vector<LevelStats>> check_roots(const EdgeList& edge_list, const std::vector<VertexId>& roots) {
    return semibfs::check_roots(edge_list, roots, std::get<0>(GetParam()).options, std::get<1>(GetParam()));
  }
};

TEST_P(BfsModeTest, Path) { check_roots(make_edge_list(5, {{0, 1}, {1, 2}, {3, 2}, {3, 4}}), {0, 2, 4}); }

TEST_P(BfsModeTest, Star) {
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (VertexId leaf = 1; leaf < 200; ++leaf) pairs.emplace_back(0, leaf);
  check_roots(make_edge_list(200, pairs), {0, 1, 199});
}

TEST_P(BfsModeTest, TwoComponentsAndIsolatedVertices) {
  // {0,1,2} a triangle, {3,4,5,6} a path, 7..69 isolated: bitmaps span two words.
  const EdgeList edge_list = make_edge_list(70, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 6}, {69, 69}});
  const auto traces = check_roots(edge_list, {0, 4, 7, 69});
  EXPECT_EQ(traces[2].size(), 1u) << "an isolated root takes one step that finds nothing";
}

TEST_P(BfsModeTest, SelfLoopsAndDuplicates) {
  check_roots(make_edge_list(4, {{0, 0}, {0, 1}, {1, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 1}, {3, 3}}), {0, 2, 3});
}

TEST_P(BfsModeTest, SkewedRandomGraphs) {
  // 1000 vertices: the last bitmap word is partial.
  check_roots(make_skewed_random_edge_list(1000, 4, 3), {0, 1, 17, 999});
  check_roots(make_skewed_random_edge_list(1 << 12, 16, 1), {0, 5, 100, 4095, 2024, 77, 3000, 1234});
}

INSTANTIATE_TEST_SUITE_P(Modes, BfsModeTest,
                         ::testing::Combine(::testing::ValuesIn(all_modes()), ::testing::Values(1, 2)),
                         [](const auto& info) {
                           return std::get<0>(info.param).name + "_" +
                                  std::to_string(std::get<1>(info.param)) + "Threads";
                         });

}  // namespace

// googletest prints the order's name in test parameters (found by argument-dependent lookup).
void PrintTo(NeighborOrder order, std::ostream* stream) { *stream << to_string(order); }

namespace {

// Every layout (P partitions: fewer than threads, as many, and more; every neighbour order) under every policy: any valid parent is accepted, so the trees may differ.
class BfsLayoutTest : public ::testing::TestWithParam<std::tuple<int, NeighborOrder, int>> {
 protected:
  void check_all_policies(const EdgeList& edge_list, const std::vector<VertexId>& roots) {
    const Layout layout{std::get<0>(GetParam()), std::get<1>(GetParam())};
    for (const PolicyKind policy :
         {PolicyKind::kAlphaBeta, PolicyKind::kBeamer, PolicyKind::kTopDown, PolicyKind::kBottomUp}) {
      SCOPED_TRACE(to_string(policy));
      for (const int summary_bits : {0, 64}) {
        BfsOptions options = policy_options(policy, 100, 1000);
        options.summary_bits = summary_bits;
        semibfs::check_roots(edge_list, roots, options, std::get<2>(GetParam()), layout);
      }
    }
  }
};

TEST_P(BfsLayoutTest, TwoComponentsAndIsolatedVertices) {
  check_all_policies(make_edge_list(70, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 6}, {69, 69}}), {0, 4, 7, 69});
}

TEST_P(BfsLayoutTest, SkewedRandomGraphs) {
  check_all_policies(make_skewed_random_edge_list(1000, 4, 3), {0, 1, 17, 999});
  check_all_policies(make_skewed_random_edge_list(1 << 12, 16, 1), {0, 5, 100, 4095, 2024});
}

INSTANTIATE_TEST_SUITE_P(Layouts, BfsLayoutTest,
                         ::testing::Combine(::testing::Values(1, 2, 3, 4),
                                            ::testing::Values(NeighborOrder::kById, NeighborOrder::kHubFirst,
                                                              NeighborOrder::kByDegree),
                                            ::testing::Values(1, 2)),
                         [](const auto& info) {
                           std::string order = to_string(std::get<1>(info.param));
                           order.erase(std::remove(order.begin(), order.end(), '-'), order.end());
                           return "P" + std::to_string(std::get<0>(info.param)) + "_" + order + "_" +
                                  std::to_string(std::get<2>(info.param)) + "Threads";
                         });

// The partitioned graph holds the same adjacency in every layout: each backward list is the
// vertex's whole list, each forward list its neighbours in one partition, the head its first.
TEST(PartitionedGraphTest, EveryLayoutHoldsTheSameAdjacency) {
  const EdgeList edge_list = make_skewed_random_edge_list(1000, 8, 5);
  const ReferenceBfs reference(edge_list);
  for (const int partitions : {1, 2, 3, 4, 20}) {
    const PartitionedGraph graph(build_csr(edge_list), partitions, NeighborOrder::kByDegree);
    ASSERT_EQ(graph.num_partitions(), partitions);
    std::int64_t forward_entries = 0;
    for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
      const std::span<const NeighborId> list = graph.neighbors(vertex);
      ASSERT_EQ(static_cast<std::int64_t>(list.size()), reference.degree(vertex));
      EXPECT_EQ(graph.isolated().test(vertex), list.empty());
      if (!list.empty()) {
        EXPECT_EQ(graph.first_neighbor(vertex), list.front());
      }
      for (std::size_t index = 0; index < list.size(); ++index) {
        EXPECT_TRUE(reference.adjacent(vertex, list[index]));
        if (index > 0) {
          EXPECT_GE(graph.degree(list[index - 1]), graph.degree(list[index])) << "degree order";
        }
      }
      for (int k = 0; k < partitions; ++k) {
        for (const NeighborId neighbor : graph.forward(k).neighbors(vertex)) {
          EXPECT_TRUE(graph.layout().range(k).contains(neighbor)) << "partition " << k;
          EXPECT_TRUE(reference.adjacent(vertex, neighbor));
          ++forward_entries;
        }
      }
    }
    EXPECT_EQ(forward_entries, graph.num_adjacencies()) << partitions << " partitions";
    for (int k = 0; k + 1 < partitions; ++k) {
      EXPECT_EQ(graph.layout().range(k).end, graph.layout().range(k + 1).begin);
      if (graph.layout().range(k).size() > 0) {
        EXPECT_EQ(graph.layout().range(k).begin % 64, 0) << "on a word";
      }
    }
  }
}

TEST(BfsEngineTest, TopDownExaminesEveryEdgeOfReachedVertices) {
  const EdgeList edge_list = make_skewed_random_edge_list(1 << 10, 8, 11);
  const PartitionedGraph graph(build_csr(edge_list), 1);
  std::vector<VertexId> parent(graph.num_vertices());
  BfsEngine engine(graph, policy_options(PolicyKind::kTopDown));
  std::int64_t examined = 0;
  for (const LevelStats& level : engine.run(0, parent)) examined += level.edges_examined;
  std::int64_t expected = 0;
  for (VertexId vertex = 0; vertex < graph.num_vertices(); ++vertex) {
    if (parent[vertex] != kUnreached) expected += graph.degree(vertex);
  }
  EXPECT_EQ(examined, expected);
}

TEST(BfsEngineTest, RejectsBadRootsAndParentOrLevelArrays) {
  const PartitionedGraph graph(build_csr(make_edge_list(4, {{0, 1}})), 1);
  BfsEngine engine(graph, BfsOptions{});
  std::vector<VertexId> parent(4);
  EXPECT_THROW(engine.run(4, parent), Error);
  EXPECT_THROW(engine.run(-1, parent), Error);
  std::vector<VertexId> short_parent(3);
  EXPECT_THROW(engine.run(0, short_parent), Error);
  std::vector<std::int64_t> short_level(3);
  EXPECT_THROW(engine.run(0, parent, short_level), Error);
  EXPECT_NO_THROW(engine.run(3, parent));
}

// A signal noted during a search stops it at the next level, as Interrupted (one search from
// Python may run for seconds); without one the same search ends. A child process each (a death
// test), so that the handlers and the signal never reach the other tests.
TEST(BfsEngineTest, ASignalStopsTheSearchBetweenLevels) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // the OpenMP pool may be running
  const auto search_status = [](bool signal) {
    const PartitionedGraph graph(build_csr(make_skewed_random_edge_list(1 << 10, 8, 11)), 1);
    std::vector<VertexId> parent(graph.num_vertices());
    BfsEngine engine(graph, BfsOptions{});
    install_interrupt_handlers();
    if (signal) std::raise(SIGINT);
    try {
      engine.run(0, parent);
    } catch (const Interrupted& interrupted) {
      return interrupted.exit_status();
    }
    return parent[0] == 0 ? 0 : 1;
  };
  EXPECT_EXIT(std::_Exit(search_status(true)), ::testing::ExitedWithCode(130), "");
  EXPECT_EXIT(std::_Exit(search_status(false)), ::testing::ExitedWithCode(0), "");
}

TEST(BfsEngineTest, RejectsNonPositiveAlphaOrBeta) {
  const PartitionedGraph graph(build_csr(make_edge_list(2, {{0, 1}})), 1);
  for (const PolicyKind policy : {PolicyKind::kAlphaBeta, PolicyKind::kBeamer}) {
    EXPECT_THROW(BfsEngine(graph, policy_options(policy, 0.0, 1.0)), Error);
    EXPECT_THROW(BfsEngine(graph, policy_options(policy, 1.0, -1.0)), Error);
    EXPECT_THROW(BfsEngine(graph, policy_options(policy, std::nan(""))), Error);
    EXPECT_NO_THROW(BfsEngine(graph, policy_options(policy, 1.0, 1.0)));
  }
}

TEST(BfsEngineTest, RejectsSummarySizesThatAreNotWholeWordGroups) {
  const PartitionedGraph graph(build_csr(make_edge_list(2, {{0, 1}})), 1);
  for (const int summary_bits : {-64, 1, 32, 100, 2048}) {
    BfsOptions options;
    options.summary_bits = summary_bits;
    EXPECT_THROW(BfsEngine(graph, options), Error) << summary_bits;
  }
}

// Bottom-up along the path 0-1-2 (neighbours by id): vertex 1 finds 0 before its last
// neighbour 2, an early exit; from root 2 it finds 2 as its last neighbour, which is not one.
TEST(BfsEngineTest, CountsBottomUpEarlyExitsBeforeTheLastNeighbour) {
  const PartitionedGraph graph(build_csr(make_edge_list(3, {{0, 1}, {1, 2}})), 1, NeighborOrder::kById);
  std::vector<VertexId> parent(3);
  BfsEngine engine(graph, policy_options(PolicyKind::kBottomUp));
  std::vector<std::int64_t> exits;
  for (const LevelStats& level : engine.run(0, parent)) exits.push_back(level.bottom_up_early_exits);
  EXPECT_EQ(exits, (std::vector<std::int64_t>{1, 0, 0}));
  exits.clear();
  for (const LevelStats& level : engine.run(2, parent)) exits.push_back(level.bottom_up_early_exits);
  EXPECT_EQ(exits, (std::vector<std::int64_t>{0, 0, 0}));
}

// The Graph500 reference's SCALE 10 graph and roots: the search spans the same component, whose
// non-self-loop tuples the reference counts as nedge.
TEST(BfsEngineTest, ReachesTheReferenceComponentsAtScale10) {
  std::ifstream edges_file(std::string(SEMIBFS_TEST_VECTORS) + "/kron-s10-ef16.edges.txt");
  std::ifstream roots_file(std::string(SEMIBFS_TEST_VECTORS) + "/kron-s10-ef16.roots.txt");
  if (!edges_file || !roots_file) FAIL() << "test vectors not found at " << SEMIBFS_TEST_VECTORS;
  std::vector<std::pair<VertexId, VertexId>> pairs;
  VertexId u = 0;
  VertexId v = 0;
  double weight = 0;
  while (edges_file >> u >> v >> weight) pairs.emplace_back(u, v);
  const EdgeList edge_list = make_edge_list(1024, pairs);
  const ReferenceBfs reference(edge_list);
  const PartitionedGraph graph(build_csr(edge_list), 1);
  VertexId root = 0;
  std::int64_t degree = 0;
  std::int64_t component_edges = 0;
  std::vector<VertexId> parent(graph.num_vertices());
  for (const Mode& mode : all_modes()) {
    if (mode.options.summary_bits != kDefaultSummaryBits) continue;  // BfsModeTest covers the sizes
    BfsEngine engine(graph, mode.options);
    roots_file.clear();
    roots_file.seekg(0);
    roots_file.ignore(1000, '\n');  // header line
    int roots = 0;
    while (roots_file >> root >> degree >> component_edges) {
      engine.run(root, parent);
      expect_valid_tree(reference, root, parent);
      std::int64_t nedge = 0;
      for (const auto& [first, second] : pairs)
        nedge += first != second && parent[first] != kUnreached ? 1 : 0;
      EXPECT_EQ(nedge, component_edges) << mode.name << " root " << root;
      ++roots;
    }
    EXPECT_EQ(roots, 64);
  }
}

}  // namespace
}  // namespace semibfs
