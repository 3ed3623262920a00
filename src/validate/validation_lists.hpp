// The input tuples bucketed by endpoint, built by the validator from the tuples themselves and
// sharing nothing with the search's lists (the reference validates against its own CSR when built
// with REUSE_CSR_FOR_VALIDATION; these are the validator's). Undirected, each non-self-loop tuple
// is in both endpoints' lists; directed, in its target's list only (a vertex's list holds the
// sources of its in-edges). Duplicates stay, since nedge counts them; each list is in tuple order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"

namespace semibfs {

class ValidationLists {
 public:
  // One pass to count, one to fill; endpoints in range (as a Validator has checked). Holds a
  // staging block of the tuples' entries while it builds (bytes_for counts it).
  ValidationLists(const EdgeSource& edges, GraphDirection direction);

  // Bytes the lists of `edges` would take, before they are built.
  static std::int64_t bytes_for(const EdgeSource& edges, GraphDirection direction);

  std::int64_t num_vertices() const { return static_cast<std::int64_t>(offsets_.size()) - 1; }
  std::span<const std::uint32_t> of(VertexId v) const {
    return {entries_.data() + offsets_[v], static_cast<std::size_t>(offsets_[v + 1] - offsets_[v])};
  }
  GraphDirection direction() const { return direction_; }
  std::int64_t bytes() const;

 private:
  GraphDirection direction_;
  std::vector<std::int64_t> offsets_;  // n + 1
  std::vector<std::uint32_t> entries_;  // 32-bit ids: a Validator allows at most 2^32 vertices
};

}  // namespace semibfs
