// Golden SSSP figures of the Graph500 reference (tests/vectors/graph500/kron-s*-ef16.sssp.txt, its
// README says how they were recorded): from each of the reference's 64 roots, delta-stepping over
// the weights kept through kernel 1 reaches as many vertices, with the same largest distance and
// the same sum of distances (float sums, the same in any correct order of relaxation), and its
// tree's TEPS count is the reference's nedge.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "edges/edge_source.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/list_weights.hpp"
#include "graph500/teps_edge_count.hpp"
#include "sssp/delta_stepping.hpp"
#include "support/test_vectors.hpp"

namespace semibfs {
namespace {

struct ReferenceSssp {
  int index = 0;
  VertexId root = 0;
  std::int64_t reached = 0;
  double distance_sum = 0;
  float max_distance = 0;
};

std::vector<ReferenceSssp> reference_sssp(int scale) {
  const std::string path = testing::test_vector_path("kron-s" + std::to_string(scale) + "-ef16.sssp.txt");
  std::ifstream file(path);
  EXPECT_TRUE(file) << "missing " << path;
  std::vector<ReferenceSssp> roots;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    ReferenceSssp root;
    fields >> root.index >> root.root >> root.reached >> root.distance_sum >> root.max_distance;
    roots.push_back(root);
  }
  return roots;
}

// The first `roots` of the 64 recorded (the larger SCALEs check fewer, to keep the suite short).
void expect_reference_figures(int scale, int roots = 64) {
  KroneckerParams params;
  params.scale = scale;
  const EdgeList edge_list = generate_kronecker(params, true);
  const PartitionedGraph graph(build_csr(edge_list), 1, NeighborOrder::kHubFirst);
  const ListWeights weights(graph, edge_list);
  DeltaStepping kernel(graph, weights, SsspOptions{});
  const std::vector<ReferenceSssp> expected = reference_sssp(scale);
  // The BFS roots' nedge is recorded for some SCALEs only.
  const bool has_bfs_roots =
      std::filesystem::exists(testing::test_vector_path("kron-s" + std::to_string(scale) + "-ef16.roots.txt"));
  const std::vector<testing::ReferenceRoot> bfs_roots =
      has_bfs_roots ? testing::reference_roots(scale) : std::vector<testing::ReferenceRoot>{};
  ASSERT_EQ(expected.size(), 64U);
  std::vector<float> distance(edge_list.num_vertices);
  std::vector<std::int64_t> parent(edge_list.num_vertices);
  for (const ReferenceSssp& root : std::span(expected).first(roots)) {
    kernel.run(root.root, distance, parent);
    std::int64_t reached = 0;
    double sum = 0;  // in vertex order, as recorded
    float maximum = 0;
    for (const float d : distance) {
      if (std::isinf(d)) continue;
      ++reached;
      sum += d;
      maximum = std::max(maximum, d);
    }
    EXPECT_EQ(reached, root.reached) << "SCALE " << scale << " root " << root.root;
    EXPECT_EQ(maximum, root.max_distance) << "SCALE " << scale << " root " << root.root;
    EXPECT_NEAR(sum, root.distance_sum, 1e-9 * root.distance_sum) << "SCALE " << scale << " root " << root.root;
    if (has_bfs_roots) {
      ASSERT_EQ(bfs_roots[root.index].root, root.root);
      EXPECT_EQ(count_traversed_edges(edge_list, parent), bfs_roots[root.index].component_nonself_edges);
    }
  }
}

TEST(SsspReference, Scale10) { expect_reference_figures(10); }
TEST(SsspReference, Scale12) { expect_reference_figures(12); }
TEST(SsspReference, Scale14) { expect_reference_figures(14, 16); }
TEST(SsspReference, Scale16) { expect_reference_figures(16, 8); }

}  // namespace
}  // namespace semibfs
