// One series of searches as run and bfs share it: roots named in the file's ids in the report and
// the log, the official figures filled by finish, the options kept for the report.
#include "graph500/search_session.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "edges/edge_source.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

TEST(SearchSession, ReportsRootsInTheFileIdsAndFillsTheOfficialFigures) {
  KroneckerParams kronecker;
  kronecker.scale = 8;
  const EdgeList edge_list = generate_kronecker(kronecker, false);
  SearchInputs graph;
  graph.edges = std::make_unique<InMemoryEdgeSource>(edge_list);
  graph.in_memory.emplace(build_csr(edge_list), 1);
  std::vector<VertexId> roots;
  for (VertexId v = 0; roots.size() < 3; ++v) {
    if (graph.degree(v) > 0) roots.push_back(v);
  }
  SearchOptions options;
  options.bfs.policy = PolicyKind::kBeamer;
  std::ostringstream log;
  SearchSession session(options, "test graph", 1, log);
  session.use_file_ids([](VertexId vertex) { return vertex * 1000 + 7; });  // as a renumbered file would
  ParentArray parent;
  session.search(graph, roots, true, parent);
  const Graph500Report report = session.finish(8, 16);
  ASSERT_TRUE(report.validation_passed) << report.validation_failure;
  ASSERT_EQ(report.roots.size(), 3u);
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const std::uint64_t file_id = roots[i] * 1000 + 7;
    EXPECT_EQ(report.roots[i].root, file_id);
    EXPECT_NE(log.str().find("BFS " + std::to_string(i) + ": root " + std::to_string(file_id) + ","), std::string::npos)
        << log.str();
  }
  EXPECT_EQ(report.official.scale, 8);
  EXPECT_EQ(report.official.edgefactor, 16);
  EXPECT_EQ(report.official.nedge.size(), 3u);
  EXPECT_EQ(report.search.bfs.policy, PolicyKind::kBeamer);
  EXPECT_EQ(report.graph, "test graph");
  EXPECT_GT(report.memory.bfs_status_bytes, 0);
  // The last search's tree, in 32-bit parents (the ids fit).
  ASSERT_TRUE(parent.narrow());
  ASSERT_EQ(parent.size(), graph.edges->num_vertices());
  EXPECT_EQ(parent[roots.back()], roots.back());
}

}  // namespace
}  // namespace semibfs
