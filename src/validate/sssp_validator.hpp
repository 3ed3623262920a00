// Graph500 validation of single-source shortest paths (kernel 3), after the rules of the
// specification and the reference's validate.c: independent of the search (it shares no code with
// sssp/), keeping no adjacency, only per-vertex arrays and one pass over the weighted input tuples,
// their weights read chunk by chunk beside them (from DRAM, or the store's edges.weights under a budget).
// Distances are compared as the reference compares them: exactly, each sum taken in float.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "edges/edge_weight_source.hpp"
#include "validate/validator.hpp"

namespace semibfs {

// The rules, numbered as ValidationFailure::rule reports them:
// 1 the root has distance 0 and is its own parent; every parent is a vertex or -1; a vertex has a
//   parent exactly when it has a distance (finite, at least 0);
// 2 each reached vertex but the root is joined to its parent by an input edge whose weight is the
//   difference of their distances (the parent's distance plus the weight, in float);
// 3 no input edge can shorten a distance: neither endpoint's distance plus the weight is below the other's;
// 4 no input edge joins a reached and an unreached vertex: the reached vertices are those BFS reaches.
// Directed (each tuple the edge v0 -> v1 only, `semibfs build --directed`), rules 2 and 3 hold along
// the tuple's direction only and rule 4 reads: no edge leads from a reached vertex to an unreached one.
class SsspValidator {
 public:
  // weights[i] is the weight of the source's tuple i. Both must outlive the validator.
  SsspValidator(const EdgeSource& edges, std::span<const float> weights,
                GraphDirection direction = GraphDirection::kUndirected);
  // The weights read chunk by chunk, each chunk's as the edge source hands it over.
  SsspValidator(const EdgeSource& edges, const EdgeWeightSource& weights,
                GraphDirection direction = GraphDirection::kUndirected);

  // Rules 2 to 4 and nedge (non-self-loop tuples with both endpoints reached: the TEPS numerator)
  // only when rule 1 holds. Throws semibfs::Error when the root is not a vertex or the arrays do
  // not have one entry per vertex.
  ValidationReport validate(VertexId root, std::span<const float> distance, std::span<const std::int32_t> parent) const;
  ValidationReport validate(VertexId root, std::span<const float> distance, std::span<const std::int64_t> parent) const;

  // Bytes of its own per-vertex arrays (a bit per vertex for rule 2) and of its weight chunk.
  std::int64_t working_bytes() const;

 private:
  void check_weight_count() const;
  template <class ParentId>
  ValidationReport validate_any(VertexId root, std::span<const float> distance, std::span<const ParentId> parent) const;

  const EdgeSource& edges_;
  std::unique_ptr<EdgeWeightSource> owned_weights_;  // the span's, with the first constructor
  const EdgeWeightSource& weights_;
  GraphDirection direction_;
};

}  // namespace semibfs
