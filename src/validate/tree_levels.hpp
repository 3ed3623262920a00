// Rule 1: the parent array is a tree rooted at the root; its levels come from walking the parents.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "validate/failure_log.hpp"

namespace semibfs {

// The level of each vertex in the tree that the parent array describes (root 0, unreached -1).
// Records rule-1 failures in `failures`: a parent that is neither -1 nor a vertex id, a root that is
// not its own parent, a reached vertex whose parent is unreached, a cycle of parents (named by its
// smallest vertex). The levels are meaningless when it records any. parent.size() vertices, root in range.
std::vector<std::int64_t> tree_levels(VertexId root, std::span<const VertexId> parent, FailureLog& failures);

}  // namespace semibfs
