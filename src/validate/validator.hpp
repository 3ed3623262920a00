// Graph500 validation of a BFS parent array against the input edge list, the five rules of the
// specification. Independent of the search code; like the reference's validator (validate.c) it
// keeps no adjacency: per-vertex arrays and passes over the edge list, in memory or read from a
// file chunk by chunk (edges/edge_source.hpp). A tuple (v0, v1) joins v0 and v1 both ways on an
// undirected graph, and is the edge v0 -> v1 only on a directed one (out-edge BFS).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "edges/edge_source.hpp"

namespace semibfs {

// Rule numbers as in the Graph500 specification, with their directed reading after the semicolon:
// 1 the parents form a tree rooted at the root (parents in range, root is its own parent, no cycle);
// 2 each tree edge joins vertices whose BFS levels differ by exactly one; the vertex is one level
//   below its parent, in the BFS levels along directed edges;
// 3 every input edge joins vertices whose levels differ by at most one, or both are unreached; every
//   edge u -> v from a reached u has v reached at most one level below u (any level above is fine);
// 4 the tree spans exactly the root's connected component; exactly the vertices reachable from the root;
// 5 each vertex and its parent are joined by an input edge; an edge parent -> vertex (not the reverse).
struct ValidationFailure {
  int rule = 0;
  VertexId vertex = kUnreached;  // the vertex the failure is about
  std::string message;           // names the rule and the vertex
};

struct ValidationReport {
  bool ok() const { return failures.empty(); }
  // Non-self-loop input tuples with both endpoints reached, duplicates counted: the TEPS numerator.
  std::int64_t nedge = 0;
  std::vector<ValidationFailure> failures;  // of each rule the 4 lowest vertices (edges for rule 3)
  std::int64_t failure_count = 0;           // all failures found, even past the cap
};

class Validator {
 public:
  // Checks once, in one pass over the source, that every endpoint is in [0, num_vertices) and that
  // there are at most 2^32 vertices, else throws semibfs::Error. The source must outlive the validator.
  // The direction says how the tuples are edges, and so which rules the parents are held to.
  explicit Validator(const EdgeSource& edges, GraphDirection direction = GraphDirection::kUndirected);
  // The same over the edge list in memory, in one chunk; the list must outlive the validator.
  explicit Validator(const EdgeList& edge_list, GraphDirection direction = GraphDirection::kUndirected);
  // Checks the five rules in parallel; rules 2 to 5 and nedge only when rule 1 holds (levels need a tree).
  // An input edge leading out of the reached set (one endpoint reached; directed, a reached source
  // and an unreached target) always means a vertex that fails rule 4, which names it; the edge is not
  // reported again. Throws semibfs::Error when the root is not a vertex or the parent array does not
  // have one entry per vertex (a caller's mistake, not a search's).
  ValidationReport validate(VertexId root, std::span<const VertexId> parent) const;
  // The same over 32-bit parents (-1 unreached), which must be able to name every vertex: a graph of
  // more than 2^31 vertices throws semibfs::Error.
  ValidationReport validate(VertexId root, std::span<const std::int32_t> parent) const;
  // Peak bytes of the per-vertex arrays of a passing validate() (32-bit levels and a bit per vertex;
  // the parents are the caller's) and of the source's chunk buffers. A failing one adds the edge
  // sweeps' 8 bytes per vertex.
  std::int64_t working_bytes() const;
  // The same for a graph of `num_vertices` vertices, before there is a validator.
  static std::int64_t working_bytes_for(std::int64_t num_vertices);

  GraphDirection direction() const { return direction_; }

 private:
  std::unique_ptr<const EdgeSource> owned_edges_;  // made by the EdgeList constructor only
  const EdgeSource& edges_;
  GraphDirection direction_;
};

}  // namespace semibfs
