// Vertex ids by descending degree: the permutation a store relabelled by degree is built with
// (construction/degree_relabel.hpp) and the one the pruned SSSP kernel names its copy of the
// lists in (sssp/weight_ordered_lists.hpp). The hubs get the smallest ids.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace semibfs {

// new_of[v]: the new id of the vertex numbered v before; old_of is its inverse. Ids by descending
// degree, ties by the old id (a stable order, so the same graph gives the same ids).
struct VertexRelabel {
  std::vector<std::uint32_t> new_of;
  std::vector<std::uint32_t> old_of;
};

// The relabelling of vertices with these degrees (indexed by old id). A counting sort: O(n + max degree).
VertexRelabel relabel_by_degree(std::span<const std::uint32_t> degrees);

}  // namespace semibfs
