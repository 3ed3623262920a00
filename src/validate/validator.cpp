// Graph500 validation the reference's way: rule 1 and the tree levels by walking the parents, then
// one pass over the input tuples (rule 3, nedge, and the evidence for rules 4 and 5).
//
// Why that is as strong as comparing with true BFS depths d (C is the root's component): rule 1
// gives each reached vertex v a parent chain to the root of length level(v); rule 5 makes it a
// path of input edges, so v is in C and level(v) >= d(v). With no tuple that has exactly one
// reached endpoint, being reached spreads along every edge, so all of C is reached (rule 4). Rule 3
// along a shortest path from the root gives level(v) <= d(v). So level = d, and every tree edge
// spans exactly one BFS level (rule 2). Only when a check fails are the true depths computed
// (edge_sweep_depths), so that rules 2 and 4 then name the vertices at fault.
//
// Directed (d along edges u -> v only, R the vertices reachable from the root): rule 5 makes each
// parent chain, read from the root down, a directed path of input edges p -> v of length level(v),
// so v is in R and level(v) >= d(v). With no tuple from a reached source to an unreached target, the
// reached set is closed under out-edges, so it holds all of R (rule 4). Along a shortest directed
// path root = x0 -> x1 -> ... -> xk = v every x(i) is then reached and rule 3 gives level(x(i+1)) <=
// level(x(i)) + 1, so level(v) <= k = d(v). So again level = d and rule 2 holds. Tuples into the
// reached set from unreached sources, and edges back up to lower levels, are allowed and say nothing.
#include "validate/validator.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "validate/edge_sweep_depths.hpp"
#include "validate/failure_log.hpp"
#include "validate/input_edge_pass.hpp"
#include "validate/tree_levels.hpp"
#include "validate/tuple_degrees.hpp"

namespace semibfs {

namespace {

template <class ParentId>
void check_arguments(VertexId root, std::span<const ParentId> parent, std::int64_t num_vertices) {
  if (root < 0 || root >= num_vertices) {
    throw Error("validation: root " + std::to_string(root) + " is not a vertex id in [0, " +
                std::to_string(num_vertices) + ")");
  }
  if (num_vertices - 1 > std::numeric_limits<ParentId>::max()) {
    throw Error("validation: " + std::to_string(8 * sizeof(ParentId)) + "-bit parents cannot name the " +
                std::to_string(num_vertices) + " vertices of the graph");
  }
  if (static_cast<std::int64_t>(parent.size()) != num_vertices) {
    throw Error("validation: the parent array has " + std::to_string(parent.size()) +
                " entries, but the graph has " + std::to_string(num_vertices) + " vertices");
  }
}

template <class T>
T at(const std::vector<T>& values, VertexId v) {
  return values[static_cast<std::size_t>(v)];
}

template <class ParentId>
VertexId at(std::span<const ParentId> parent, VertexId v) {
  return static_cast<VertexId>(parent[static_cast<std::size_t>(v)]);
}

// Once per validator: the passes index per-vertex arrays by endpoint without checking it.
void check_endpoints(const EdgeSource& edges) {
  check_compact_vertex_count(edges.num_vertices());
  const std::int64_t num_vertices = edges.num_vertices();
  edges.for_each_chunk([num_vertices](std::span<const CompactEdge> chunk, std::int64_t first_index) {
    check_chunk_endpoints(chunk, first_index, num_vertices);
  });
}

void check_spans_component(VertexId v, VertexId p, std::int64_t depth, GraphDirection direction,
                           FailureLog& failures) {
  const bool directed = direction == GraphDirection::kDirected;
  const char* rule = directed ? "rule 4 (tree spans the vertices reachable from the root): "
                              : "rule 4 (tree spans the component): ";
  const char* where = directed ? "reachable from the root" : "in the root's connected component";
  if (p != kUnreached && depth < 0) {
    failures.add(4, v, v, [&] {
      return concatenate(rule, "vertex ", v, " has parent ", p, ", but it is not ", where);
    });
  } else if (p == kUnreached && depth >= 0) {
    failures.add(4, v, v, [&] {
      return concatenate(rule, "vertex ", v, " is ", where, " (", depth,
                         " hops from the root), but it is unreached (parent -1)");
    });
  }
}

void check_tree_edge(VertexId v, VertexId p, const std::vector<std::int64_t>& depths, const Bitmap& parent_edge_seen,
                     GraphDirection direction, FailureLog& failures) {
  const std::int64_t depth = at(depths, v);
  const std::int64_t parent_depth = at(depths, p);
  if (depth >= 0 && parent_depth >= 0 && depth != parent_depth + 1) {
    failures.add(2, v, v, [&] {
      return concatenate("rule 2 (tree edges span one level): vertex ", v, " at BFS level ", depth,
                         " has parent ", p, " at BFS level ", parent_depth,
                         ", but a parent must be exactly one level up");
    });
  }
  if (!parent_edge_seen.test(v)) {
    failures.add(5, v, v, [&] {
      if (direction == GraphDirection::kDirected) {
        return concatenate("rule 5 (parent has an edge to the vertex): vertex ", v, " has parent ", p,
                           ", but no input edge goes from ", p, " to ", v,
                           " (a tree edge must point from the parent to the child)");
      }
      return concatenate("rule 5 (parent is a neighbour): vertex ", v, " has parent ", p,
                         ", but no input edge joins them");
    });
  }
}

// Rules 2, 4 and 5 per vertex, against the true depths (along directed edges when directed).
template <class ParentId>
void check_vertices(VertexId root, std::span<const ParentId> parent, const std::vector<std::int64_t>& depths,
                    const Bitmap& parent_edge_seen, GraphDirection direction, FailureLog& failures) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
#pragma omp parallel
  {
    FailureLog local;
#pragma omp for schedule(static) nowait
    for (VertexId v = 0; v < num_vertices; ++v) {
      const VertexId p = at(parent, v);
      check_spans_component(v, p, at(depths, v), direction, local);
      if (p != kUnreached && v != root) check_tree_edge(v, p, depths, parent_edge_seen, direction, local);
    }
#pragma omp critical(semibfs_validate_merge)
    failures.merge(std::move(local));
  }
}

// Reached vertices, root aside, whose parent no input tuple joins them to (directed: no tuple
// parent -> vertex), rule 5.
template <class ParentId>
std::int64_t count_unseen_parent_edges(VertexId root, std::span<const ParentId> parent,
                                       const Bitmap& parent_edge_seen) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  std::int64_t unseen = 0;
#pragma omp parallel for schedule(static) reduction(+ : unseen)
  for (VertexId v = 0; v < num_vertices; ++v)
    unseen += at(parent, v) != kUnreached && v != root && !parent_edge_seen.test(v);
  return unseen;
}

// Parents of either width: both validate() overloads.
template <class ParentId>
ValidationReport validate_parents(const EdgeSource& edges, GraphDirection direction, VertexId root,
                                  std::span<const ParentId> parent) {
  check_arguments(root, parent, edges.num_vertices());
  ValidationReport report;
  FailureLog failures;
  const std::vector<TreeLevel> levels = tree_levels(root, parent, failures);
  if (failures.empty()) {
    const InputEdgeEvidence evidence = scan_input_edges(edges, parent, levels, direction, failures);
    report.nedge = evidence.nedge;
    const bool proven = failures.empty() && evidence.leaving_reached_set == 0 &&
                        count_unseen_parent_edges(root, parent, evidence.parent_edge_seen) == 0;
    if (!proven) {
      const std::vector<std::int64_t> depths = depths_by_edge_sweeps(edges, root, direction);
      check_vertices(root, parent, depths, evidence.parent_edge_seen, direction, failures);
    }
  }
  failures.move_into(report);
  return report;
}

}  // namespace

Validator::Validator(const EdgeSource& edges, GraphDirection direction) : edges_(edges), direction_(direction) {
  check_endpoints(edges_);
}

Validator::Validator(const EdgeList& edge_list, GraphDirection direction)
    : owned_edges_(std::make_unique<InMemoryEdgeSource>(edge_list)), edges_(*owned_edges_), direction_(direction) {
  check_endpoints(edges_);
}

ValidationReport Validator::validate(VertexId root, std::span<const VertexId> parent) const {
  return validate_parents(edges_, direction_, root, parent);
}

ValidationReport Validator::validate(VertexId root, std::span<const std::int32_t> parent) const {
  return validate_parents(edges_, direction_, root, parent);
}

std::int64_t Validator::working_bytes() const {
  return working_bytes_for(edges_.num_vertices()) + edges_.buffer_bytes();
}

std::int64_t Validator::working_bytes_for(std::int64_t num_vertices) {
  // The levels of rule 1 live through the edge pass, which adds its bitmap.
  return num_vertices * static_cast<std::int64_t>(sizeof(TreeLevel)) + input_edge_pass_bytes(num_vertices);
}

}  // namespace semibfs
