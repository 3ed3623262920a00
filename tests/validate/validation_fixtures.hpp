// Test graphs, a tiny serial BFS, an independent nedge count and a fixture holding a valid tree to
// corrupt, for the validator tests. Written apart from the library on purpose: the tests must not
// trust the code they check.
#pragma once

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "support/scratch_directory.hpp"
#include "validate/validator.hpp"

namespace validate_test {

using semibfs::EdgeList;
using semibfs::kUnreached;
using semibfs::CompactEdge;
using semibfs::VertexId;
using Tuple = std::pair<VertexId, VertexId>;
using Adjacency = std::vector<std::vector<VertexId>>;

inline EdgeList edge_list_from(std::int64_t num_vertices, const std::vector<Tuple>& tuples) {
  EdgeList edge_list;
  edge_list.num_vertices = num_vertices;
  for (const auto& [v0, v1] : tuples) edge_list.edges.push_back(CompactEdge::make_checked(v0, v1));
  return edge_list;
}

// Neighbor lists without self-loops; duplicates kept.
inline Adjacency adjacency_of(const EdgeList& edge_list) {
  Adjacency adjacency(static_cast<std::size_t>(edge_list.num_vertices));
  for (const CompactEdge& edge : edge_list.edges) {
    if (edge.v0() == edge.v1()) continue;
    adjacency[edge.v0()].push_back(edge.v1());
    adjacency[edge.v1()].push_back(edge.v0());
  }
  return adjacency;
}

// adjacent() and first_found_parents() work on out-neighbour lists too (directed_fixtures.hpp):
// there, whether the edge u -> v exists, and the serial out-edge BFS.
inline bool adjacent(const Adjacency& adjacency, VertexId u, VertexId v) {
  return std::find(adjacency[u].begin(), adjacency[u].end(), v) != adjacency[u].end();
}

// Serial BFS: the first vertex to find a neighbor becomes its parent.
inline std::vector<VertexId> first_found_parents(const Adjacency& adjacency, VertexId root) {
  std::vector<VertexId> parent(adjacency.size(), kUnreached);
  parent[root] = root;
  std::deque<VertexId> queue{root};
  while (!queue.empty()) {
    const VertexId u = queue.front();
    queue.pop_front();
    for (VertexId w : adjacency[u]) {
      if (parent[w] != kUnreached) continue;
      parent[w] = u;
      queue.push_back(w);
    }
  }
  return parent;
}

// Level of each vertex in a (valid) parent tree, -1 where unreached.
inline std::vector<std::int64_t> levels_of(const std::vector<VertexId>& parent) {
  std::vector<std::int64_t> levels(parent.size(), -1);
  for (std::size_t v = 0; v < parent.size(); ++v) {
    if (parent[v] == kUnreached) continue;
    std::int64_t level = 0;
    for (VertexId u = static_cast<VertexId>(v); parent[u] != u; u = parent[u]) ++level;
    levels[v] = level;
  }
  return levels;
}

// Another valid BFS tree over the lists `adjacency`: each vertex takes the highest-id vertex one level
// up in its list of `parent_candidates` (its in-neighbours when `adjacency` holds out-neighbours).
inline std::vector<VertexId> highest_neighbor_parents(const Adjacency& adjacency, const Adjacency& parent_candidates,
                                                      VertexId root) {
  const std::vector<std::int64_t> levels = levels_of(first_found_parents(adjacency, root));
  std::vector<VertexId> parent(adjacency.size(), kUnreached);
  parent[root] = root;
  for (std::size_t v = 0; v < parent_candidates.size(); ++v) {
    for (VertexId w : parent_candidates[v]) {
      if (levels[v] > 0 && levels[w] == levels[v] - 1) parent[v] = std::max(parent[v], w);
    }
  }
  return parent;
}

// Another valid BFS tree: each vertex takes its highest-id neighbor one level up.
inline std::vector<VertexId> highest_neighbor_parents(const Adjacency& adjacency, VertexId root) {
  return highest_neighbor_parents(adjacency, adjacency, root);
}

// Non-self-loop tuples with both endpoints reached, duplicates counted: the expected nedge.
inline std::int64_t expected_nedge(const EdgeList& edge_list, const std::vector<VertexId>& parent) {
  std::int64_t count = 0;
  for (const CompactEdge& edge : edge_list.edges) {
    if (edge.v0() != edge.v1() && parent[edge.v0()] != kUnreached && parent[edge.v1()] != kUnreached) ++count;
  }
  return count;
}

struct RandomGraph {
  EdgeList edge_list;
  VertexId root = 0;
  std::vector<VertexId> main_component;   // holds the root
  std::vector<VertexId> other_component;  // connected, never reached from the root
  std::vector<VertexId> isolated;         // no edges but self-loops
};

// Index into a component of `size` vertices, skewed toward the front (a few hubs).
inline std::size_t skewed_index(std::size_t size, std::mt19937_64& random) {
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(random);
  return std::min(size - 1, static_cast<std::size_t>(static_cast<double>(size) * u * u * u));
}

// A random spanning tree (connected) plus skewed random edges, 16 per vertex in all.
inline void add_component_edges(const std::vector<VertexId>& members, std::mt19937_64& random,
                                std::vector<Tuple>& tuples) {
  for (std::size_t i = 1; i < members.size(); ++i) {
    tuples.emplace_back(members[i], members[std::uniform_int_distribution<std::size_t>(0, i - 1)(random)]);
  }
  for (std::size_t k = members.size(); k < 16 * members.size(); ++k) {
    tuples.emplace_back(members[skewed_index(members.size(), random)],
                        members[skewed_index(members.size(), random)]);
  }
}

// Self-loops on some vertices, duplicates of some tuples (either way round), shuffled and re-oriented.
inline void add_noise(const std::vector<VertexId>& vertices, std::mt19937_64& random,
                      std::vector<Tuple>& tuples) {
  for (std::size_t i = 0; i < vertices.size(); i += 7) tuples.emplace_back(vertices[i], vertices[i]);
  const std::size_t original = tuples.size();
  for (std::size_t i = 0; i < original; i += 37) tuples.emplace_back(tuples[i].second, tuples[i].first);
  for (std::size_t i = 0; i < original; i += 41) tuples.push_back(tuples[i]);
  std::shuffle(tuples.begin(), tuples.end(), random);
  for (auto& tuple : tuples) {
    if (random() % 2 == 1) std::swap(tuple.first, tuple.second);
  }
}

inline RandomGraph random_graph(int scale, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const VertexId num_vertices = VertexId{1} << scale;
  std::vector<VertexId> ids(static_cast<std::size_t>(num_vertices));
  for (VertexId v = 0; v < num_vertices; ++v) ids[v] = v;
  std::shuffle(ids.begin(), ids.end(), random);
  RandomGraph graph;
  const auto main_end = ids.begin() + num_vertices * 7 / 10;
  const auto other_end = ids.begin() + num_vertices * 19 / 20;
  graph.main_component.assign(ids.begin(), main_end);
  graph.other_component.assign(main_end, other_end);
  graph.isolated.assign(other_end, ids.end());
  std::vector<Tuple> tuples;
  add_component_edges(graph.main_component, random, tuples);
  add_component_edges(graph.other_component, random, tuples);
  add_noise(ids, random, tuples);
  graph.edge_list = edge_list_from(num_vertices, tuples);
  graph.root = graph.main_component[random() % graph.main_component.size()];
  return graph;
}

// A tree broken in place, from the given root (the root's own parent set to -1 when the tree has
// nothing the corruption needs).
using TreeCorruption = std::function<void(std::vector<VertexId>&, VertexId)>;

// One corruption per rule the batch passes check: rule 5 (a parent one level up that is not a
// neighbour), rule 4 (a reached leaf left unreached), rule 1 (two vertices each other's parent),
// rules 2 and 3 (a vertex hung from a neighbour at its own level or below).
inline std::vector<TreeCorruption> tree_corruptions(const Adjacency& adjacency) {
  return {
    // rule 5: a parent one level up that is not a neighbour
    [&](std::vector<VertexId>& tree, VertexId root) {
      const std::vector<std::int64_t> level = levels_of(tree);
      for (VertexId v = 0; v < std::ssize(tree); ++v) {
        if (level[v] < 2) continue;
        for (VertexId p = 0; p < std::ssize(tree); ++p) {
          if (level[p] == level[v] - 1 && !adjacent(adjacency, v, p)) {
            tree[v] = p;
            return;
          }
        }
      }
      tree[root] = kUnreached;  // no such vertex: break rule 1 instead
    },
    // rule 4: a reached leaf left unreached
    [&](std::vector<VertexId>& tree, VertexId root) {
      std::vector<bool> is_parent(tree.size());
      for (VertexId v = 0; v < std::ssize(tree); ++v) {
        if (tree[v] != kUnreached && v != root) is_parent[tree[v]] = true;
      }
      for (VertexId v = 0; v < std::ssize(tree); ++v) {
        if (tree[v] != kUnreached && v != root && !is_parent[v]) {
          tree[v] = kUnreached;
          return;
        }
      }
      tree[root] = kUnreached;
    },
    // rule 1: two vertices each other's parent
    [&](std::vector<VertexId>& tree, VertexId root) {
      for (VertexId v = 0; v < std::ssize(tree); ++v) {
        if (tree[v] != kUnreached && v != root && tree[v] != root) {
          tree[tree[v]] = v;
          return;
        }
      }
      tree[root] = kUnreached;
    },
    // rules 2 and 3: a vertex hung from a neighbour at its own level or below
    [&](std::vector<VertexId>& tree, VertexId root) {
      const std::vector<std::int64_t> level = levels_of(tree);
      for (VertexId v = 0; v < std::ssize(tree); ++v) {
        if (v == root || level[v] < 1) continue;
        for (const VertexId u : adjacency[v]) {
          if (u != v && level[u] >= level[v]) {
            tree[v] = u;
            return;
          }
        }
      }
      tree[root] = kUnreached;
    },
  };
}

inline std::string describe(const semibfs::ValidationReport& report) {
  std::string text = std::to_string(report.failure_count) + " failures:";
  for (const auto& failure : report.failures) text += "\n  " + failure.message;
  return text;
}

// Whether the report names this vertex under this rule; prints the report when not.
inline ::testing::AssertionResult has_failure(const semibfs::ValidationReport& report, int rule,
                                              VertexId vertex) {
  for (const auto& failure : report.failures) {
    if (failure.rule == rule && failure.vertex == vertex) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "no rule " << rule << " failure for vertex " << vertex << "; " << describe(report);
}

// Whether two reports agree in everything: nedge, the failure count and each kept failure.
inline ::testing::AssertionResult same_report(const semibfs::ValidationReport& expected,
                                              const semibfs::ValidationReport& actual) {
  bool same = expected.nedge == actual.nedge && expected.failure_count == actual.failure_count &&
              expected.failures.size() == actual.failures.size();
  for (std::size_t i = 0; same && i < expected.failures.size(); ++i) {
    same = expected.failures[i].rule == actual.failures[i].rule &&
           expected.failures[i].vertex == actual.failures[i].vertex &&
           expected.failures[i].message == actual.failures[i].message;
  }
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected nedge " << expected.nedge << ", " << describe(expected)
                                       << "\nbut got nedge " << actual.nedge << ", " << describe(actual);
}

// Runs each test with 1 and 2 OpenMP threads.
class ThreadCountTest : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    previous_threads_ = omp_get_max_threads();
    omp_set_num_threads(GetParam());
  }
  void TearDown() override { omp_set_num_threads(previous_threads_); }

 private:
  int previous_threads_ = 1;
};

// 1000 edges a chunk, so that the edges of a 2048-vertex test graph come in a dozen chunks or more.
inline semibfs::PackedFileOptions thousand_edge_chunks() {
  semibfs::PackedFileOptions options;
  options.chunk_edges = 1000;
  return options;
}

// The edges of a list written to a packed file in a scratch directory, read back in many chunks.
class PackedFileCopy {
 public:
  explicit PackedFileCopy(const EdgeList& edge_list)
      : edges_(semibfs::testing::write_packed_edge_file(directory_.file("edges.packed48"), edge_list),
               edge_list.num_vertices, thousand_edge_chunks()) {}

  const semibfs::PackedFileEdgeSource& edges() const { return edges_; }

 private:
  semibfs::testing::ScratchDirectory directory_;
  semibfs::PackedFileEdgeSource edges_;
};

// The parents as 32-bit ids (-1 stays -1), for the validator's other entry point.
inline std::vector<std::int32_t> narrowed_parents(const std::vector<VertexId>& parent) {
  std::vector<std::int32_t> narrowed(parent.size());
  for (std::size_t v = 0; v < parent.size(); ++v) {
    narrowed[v] = static_cast<std::int32_t>(parent[v]);
    EXPECT_EQ(narrowed[v], parent[v]) << "the parent of vertex " << v << " needs more than 32 bits";
  }
  return narrowed;
}

// The report over 64-bit parents, checked to equal the one over the same parents in 32 bits.
inline semibfs::ValidationReport validate_both_widths(const semibfs::Validator& validator, VertexId root,
                                                      const std::vector<VertexId>& parent) {
  semibfs::ValidationReport report = validator.validate(root, parent);
  EXPECT_TRUE(same_report(report, validator.validate(root, narrowed_parents(parent)))) << "from 32-bit parents";
  return report;
}

// The report over the list in memory, checked to equal the one over the same edges in a packed file
// and the one over the same parents in 32 bits.
inline semibfs::ValidationReport validate_both_ways(const EdgeList& edge_list, const PackedFileCopy& packed_copy,
                                                    semibfs::GraphDirection direction, VertexId root,
                                                    const std::vector<VertexId>& parent) {
  semibfs::ValidationReport report = validate_both_widths(semibfs::Validator(edge_list, direction), root, parent);
  const semibfs::Validator from_file(packed_copy.edges(), direction);
  EXPECT_TRUE(same_report(report, validate_both_widths(from_file, root, parent))) << "from the packed file";
  return report;
}

// A valid BFS tree of a random graph (RandomGraph or DirectedRandomGraph), to be corrupted by each
// test and validated over the edges in memory and in a packed file, from 64-bit and 32-bit parents.
template <typename Graph>
class TreeCorruptionTest : public ThreadCountTest {
 protected:
  // `lists_of` gives the lists the BFS follows: neighbour lists, or out-neighbour lists when directed.
  TreeCorruptionTest(Graph graph, Adjacency (*lists_of)(const EdgeList&), semibfs::GraphDirection direction)
      : graph_(std::move(graph)),
        adjacency_(lists_of(graph_.edge_list)),
        parent_(first_found_parents(adjacency_, graph_.root)),
        levels_(levels_of(parent_)),
        packed_copy_(graph_.edge_list),
        direction_(direction) {}

  semibfs::ValidationReport validate() const {
    return validate_both_ways(graph_.edge_list, packed_copy_, direction_, graph_.root, parent_);
  }

  VertexId find_vertex(const std::function<bool(VertexId)>& wanted) const {
    for (VertexId v = 0; v < graph_.edge_list.num_vertices; ++v) {
      if (wanted(v)) return v;
    }
    ADD_FAILURE() << "the test graph has no vertex of the kind wanted";
    return 0;
  }

  bool is_leaf(VertexId v) const {
    return parent_[v] != kUnreached && v != graph_.root && std::count(parent_.begin(), parent_.end(), v) == 0;
  }

  std::int64_t level(VertexId v) const { return levels_[v]; }

  Graph graph_;
  Adjacency adjacency_;
  std::vector<VertexId> parent_;
  std::vector<std::int64_t> levels_;
  PackedFileCopy packed_copy_;  // the same edges, read from a file in chunks
  semibfs::GraphDirection direction_;
};

}  // namespace validate_test
