// Rule 1: the parent array is a tree rooted at the root; its levels come from walking the parents.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "validate/failure_log.hpp"

namespace semibfs {

// 32 bits a level: 4 bytes per vertex. The top three values are sentinels; real levels lie below.
using TreeLevel = std::uint32_t;
inline constexpr TreeLevel kUnreachedLevel = 0xFFFFFFFF;
inline constexpr TreeLevel kDeepestLevel = 0xFFFFFFFC;  // a tree deeper than this throws

// The level of each vertex in the tree that the parent array describes (root 0, unreached
// kUnreachedLevel). Records rule-1 failures in `failures`: a parent that is neither -1 nor a vertex
// id, a root that is not its own parent, a reached vertex whose parent is unreached, a cycle of
// parents (named by its smallest vertex). The levels are meaningless when it records any.
// parent.size() vertices, root in range; parents 64-bit (VertexId) or 32-bit, -1 unreached in both.
// Throws semibfs::Error when the tree is deeper than kDeepestLevel (a path of nearly 2^32 vertices).
template <class ParentId>
std::vector<TreeLevel> tree_levels(VertexId root, std::span<const ParentId> parent, FailureLog& failures);

extern template std::vector<TreeLevel> tree_levels(VertexId, std::span<const std::int64_t>, FailureLog&);
extern template std::vector<TreeLevel> tree_levels(VertexId, std::span<const std::int32_t>, FailureLog&);

// The same into `levels`, whose memory a caller walking many trees keeps from one to the next;
// emptied when a failure leaves no levels.
template <class ParentId>
void tree_levels(VertexId root, std::span<const ParentId> parent, FailureLog& failures, std::vector<TreeLevel>& levels);

extern template void tree_levels(VertexId, std::span<const std::int64_t>, FailureLog&, std::vector<TreeLevel>&);
extern template void tree_levels(VertexId, std::span<const std::int32_t>, FailureLog&, std::vector<TreeLevel>&);

}  // namespace semibfs
