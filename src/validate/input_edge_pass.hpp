// One parallel pass over the input tuples against the tree levels of rule 1, as the reference's
// validator does (validate.c): rule 3, the evidence for rules 4 and 5, and nedge. A tuple (v0, v1)
// is an edge both ways on an undirected graph, and the edge v0 -> v1 only on a directed one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "validate/failure_log.hpp"

namespace semibfs {

struct InputEdgeEvidence {
  // Non-self-loop tuples with both endpoints reached, duplicates counted: the TEPS numerator.
  std::int64_t nedge = 0;
  // Non-self-loop tuples that lead out of the reached set, any one a rule-4 failure: with exactly one
  // endpoint reached (undirected), or from a reached source to an unreached target (directed).
  std::int64_t leaving_reached_set = 0;
  // Per vertex, 1 when an input tuple joins it and its parent; directed, a tuple parent -> vertex (rule 5).
  std::vector<std::uint8_t> parent_edge_seen;
};

// Records a rule-3 failure for every tuple with both endpoints reached whose levels differ by more
// than one, naming the deeper endpoint; directed, for every such tuple whose target is more than one
// level below its source, naming the target. Needs a tree without rule-1 failures (levels from
// tree_levels) and endpoints in [0, parent.size()), at most 2^32 vertices. One parallel loop per
// chunk of the source.
InputEdgeEvidence scan_input_edges(const EdgeSource& edges, std::span<const VertexId> parent,
                                   const std::vector<std::int64_t>& levels, GraphDirection direction,
                                   FailureLog& failures);

// Bytes per vertex that scan_input_edges holds, on top of the levels it is given.
inline constexpr std::int64_t kInputEdgePassBytesPerVertex = 8 + 1;

}  // namespace semibfs
