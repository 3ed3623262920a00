// Validator::working_bytes_for is what a passing validation allocates per vertex: the 32-bit tree
// levels and the edge pass's bitmap (the parents are the caller's), whatever the parents' width.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "core/bitmap.hpp"
#include "core/graph_direction.hpp"
#include "edges/edge_source.hpp"
#include "validate/failure_log.hpp"
#include "validate/input_edge_pass.hpp"
#include "validate/tree_levels.hpp"
#include "validate/validator.hpp"
#include "validation_fixtures.hpp"

namespace validate_test {
namespace {

using semibfs::Bitmap;
using semibfs::TreeLevel;
using semibfs::Validator;

// A path 0 - 1 - ... - (n - 1) and its tree from 0.
struct PathGraph {
  EdgeList edges;
  std::vector<VertexId> parent;
};

PathGraph path_graph(VertexId num_vertices) {
  std::vector<Tuple> tuples;
  PathGraph path;
  path.parent.push_back(0);
  for (VertexId v = 1; v < num_vertices; ++v) {
    tuples.emplace_back(v - 1, v);
    path.parent.push_back(v - 1);
  }
  path.edges = edge_list_from(num_vertices, tuples);
  return path;
}

// The bytes that the two arrays of the passing path hold, built as validate() builds them.
template <class ParentId>
std::int64_t bytes_held_by_the_passing_path(const EdgeList& edges, std::span<const ParentId> parent) {
  semibfs::FailureLog failures;
  const std::vector<TreeLevel> levels = semibfs::tree_levels(0, parent, failures);
  const semibfs::InputEdgeEvidence evidence = semibfs::scan_input_edges(
      semibfs::InMemoryEdgeSource(edges), parent, levels, semibfs::GraphDirection::kUndirected, failures);
  EXPECT_TRUE(failures.empty());
  EXPECT_EQ(evidence.parent_edge_seen.num_bits(), edges.num_vertices);
  return static_cast<std::int64_t>(levels.capacity() * sizeof(TreeLevel)) +
         evidence.parent_edge_seen.num_words() * static_cast<std::int64_t>(sizeof(Bitmap::Word));
}

TEST(ValidatorWorkingBytesTest, EqualTheLevelsAndTheBitmapThatAreAllocated) {
  for (const VertexId n : {1, 63, 64, 65, 1000, 4097}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const PathGraph path = path_graph(n);
    const std::vector<std::int32_t> narrow = narrowed_parents(path.parent);
    EXPECT_EQ(Validator::working_bytes_for(n),
              bytes_held_by_the_passing_path(path.edges, std::span<const VertexId>(path.parent)));
    EXPECT_EQ(Validator::working_bytes_for(n),
              bytes_held_by_the_passing_path(path.edges, std::span<const std::int32_t>(narrow)));
    EXPECT_EQ(Validator(path.edges).working_bytes(), Validator::working_bytes_for(n));  // no chunk buffers
  }
}

TEST(ValidatorWorkingBytesTest, FourAndAnEighthBytesPerVertex) {
  const std::int64_t n = std::int64_t{1} << 26;  // SCALE 26
  EXPECT_EQ(Validator::working_bytes_for(n) * 8, n * 33);
  EXPECT_EQ(Validator::working_bytes_for(0), 0);
}

}  // namespace
}  // namespace validate_test
