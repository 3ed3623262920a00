// One parallel pass over the input tuples against the tree levels of rule 1, as the reference's
// validator does (validate.c): rule 3, the evidence for rules 4 and 5, and nedge. A tuple (v0, v1)
// is an edge both ways on an undirected graph, and the edge v0 -> v1 only on a directed one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/bitmap.hpp"
#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "validate/failure_log.hpp"
#include "validate/tree_levels.hpp"

namespace semibfs {

struct InputEdgeEvidence {
  // Non-self-loop tuples with both endpoints reached, duplicates counted: the TEPS numerator.
  std::int64_t nedge = 0;
  // Non-self-loop tuples that lead out of the reached set, any one a rule-4 failure: with exactly one
  // endpoint reached (undirected), or from a reached source to an unreached target (directed).
  std::int64_t leaving_reached_set = 0;
  // Per vertex, set when an input tuple joins it and its parent; directed, a tuple parent -> vertex (rule 5).
  Bitmap parent_edge_seen;
};

// Records a rule-3 failure for every tuple with both endpoints reached whose levels differ by more
// than one, naming the deeper endpoint; directed, for every such tuple whose target is more than one
// level below its source, naming the target. Needs a tree without rule-1 failures (levels from
// tree_levels over the same parents) and endpoints in [0, parent.size()). One parallel loop per
// chunk of the source.
template <class ParentId>
InputEdgeEvidence scan_input_edges(const EdgeSource& edges, std::span<const ParentId> parent,
                                   const std::vector<TreeLevel>& levels, GraphDirection direction,
                                   FailureLog& failures);

extern template InputEdgeEvidence scan_input_edges(const EdgeSource&, std::span<const std::int64_t>,
                                                   const std::vector<TreeLevel>&, GraphDirection, FailureLog&);
extern template InputEdgeEvidence scan_input_edges(const EdgeSource&, std::span<const std::int32_t>,
                                                   const std::vector<TreeLevel>&, GraphDirection, FailureLog&);

// Bytes that scan_input_edges holds for `num_vertices` vertices (the bitmap), on top of the levels.
constexpr std::int64_t input_edge_pass_bytes(std::int64_t num_vertices) {
  return Bitmap::words_for(num_vertices) * static_cast<std::int64_t>(sizeof(Bitmap::Word));
}

}  // namespace semibfs
