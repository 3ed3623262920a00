// The ids a copy of the lists ordered by weight names its vertices in (weight_ordered_lists.hpp,
// tiered_weight_ordered_lists.hpp): by degree, highest first, ties in the graph's order, unless
// the graph's ids already are so. The hubs, whose labels most relaxations and pulls read, then
// share few cache lines and pages of the kernel's arrays.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/csr_graph.hpp"
#include "graph/degree_order.hpp"

namespace semibfs {

class CopyIds {
 public:
  CopyIds() = default;
  // From the graph's degrees, indexed by the graph's ids.
  explicit CopyIds(std::span<const std::uint32_t> degrees);

  // Whether the copy's ids differ from the graph's; each vertex's in the copy and back.
  bool renamed() const { return !relabel_.old_of.empty(); }
  NeighborId copy_id(VertexId vertex) const {
    return renamed() ? relabel_.new_of[vertex] : static_cast<NeighborId>(vertex);
  }
  VertexId graph_id(NeighborId vertex) const { return renamed() ? relabel_.old_of[vertex] : vertex; }
  // DRAM of the two maps (none when not renamed), and at most, per vertex.
  std::int64_t bytes() const {
    return static_cast<std::int64_t>((relabel_.new_of.size() + relabel_.old_of.size()) * sizeof(std::uint32_t));
  }
  static constexpr std::int64_t kBytesPerVertex = 2 * sizeof(std::uint32_t);

 private:
  VertexRelabel relabel_;  // new_of: copy id by graph id; old_of: back; both empty: the same ids
};

}  // namespace semibfs
