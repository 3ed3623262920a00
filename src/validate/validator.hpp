// Graph500 validation of a BFS parent array against the input edge list, the five rules of the
// specification. Independent of the search code; like the reference's validator (validate.c) it
// keeps no adjacency: per-vertex arrays and passes over the edge list, in memory or read from a
// file chunk by chunk (gen/edge_source.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "gen/edge_list.hpp"
#include "gen/edge_source.hpp"

namespace semibfs {

// Rule numbers as in the Graph500 specification:
// 1 the parents form a tree rooted at the root (parents in range, root is its own parent, no cycle);
// 2 each tree edge joins vertices whose BFS levels differ by exactly one;
// 3 every input edge joins vertices whose levels differ by at most one, or both are unreached;
// 4 the tree spans exactly the root's connected component;
// 5 each vertex and its parent are joined by an input edge.
struct ValidationFailure {
  int rule = 0;
  VertexId vertex = kUnreached;  // the vertex the failure is about
  std::string message;           // names the rule and the vertex
};

struct ValidationReport {
  bool ok() const { return failures.empty(); }
  // Non-self-loop input tuples inside the root's component, duplicates counted: the TEPS numerator.
  std::int64_t nedge = 0;
  std::vector<ValidationFailure> failures;  // of each rule the 4 lowest vertices (edges for rule 3)
  std::int64_t failure_count = 0;           // all failures found, even past the cap
};

class Validator {
 public:
  // Checks once, in one pass over the source, that every endpoint is in [0, num_vertices) and that
  // there are at most 2^32 vertices, else throws semibfs::Error. The source must outlive the validator.
  explicit Validator(const EdgeSource& edges);
  // The same over the edge list in memory, in one chunk; the list must outlive the validator.
  explicit Validator(const EdgeList& edge_list);
  // Checks the five rules in parallel; rules 2 to 5 and nedge only when rule 1 holds (levels need a tree).
  // An input edge with one reached endpoint always means a vertex that fails rule 4, which names it;
  // the edge is not reported again. Throws semibfs::Error when the root is not a vertex or the
  // parent array does not have one entry per vertex (a caller's mistake, not a search's).
  ValidationReport validate(VertexId root, std::span<const VertexId> parent) const;
  // Peak bytes of the per-vertex arrays of a passing validate() and of the source's chunk buffers;
  // a failing one adds 8 per vertex.
  std::int64_t working_bytes() const;
  // The same for a graph of `num_vertices` vertices, before there is a validator.
  static std::int64_t working_bytes_for(std::int64_t num_vertices);

 private:
  std::unique_ptr<const EdgeSource> owned_edges_;  // made by the EdgeList constructor only
  const EdgeSource& edges_;
};

}  // namespace semibfs
