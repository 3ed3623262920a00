// Graph500 validation: rule 1 on the parent pointers, then one pass over the input edges
// (rules 3 and 5, nedge) and one over the vertices (rules 2, 4 and 5) against true BFS depths.
#include "validate/validator.hpp"

#include <atomic>
#include <cstdlib>
#include <utility>

#include "core/error.hpp"
#include "validate/failure_log.hpp"
#include "validate/tree_levels.hpp"

namespace semibfs {

namespace {

void check_arguments(VertexId root, std::span<const VertexId> parent, std::int64_t num_vertices) {
  if (root < 0 || root >= num_vertices) {
    throw Error("validation: root " + std::to_string(root) + " is not a vertex id in [0, " +
                std::to_string(num_vertices) + ")");
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

VertexId at(std::span<const VertexId> parent, VertexId v) { return parent[static_cast<std::size_t>(v)]; }

// Parent and level side by side: the edge pass then needs one random cache line per endpoint, not two.
struct TreeVertex {
  VertexId parent;
  std::int64_t level;
};

std::vector<TreeVertex> tree_vertices(std::span<const VertexId> parent,
                                      const std::vector<std::int64_t>& levels) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  std::vector<TreeVertex> tree(parent.size());
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices; ++v)
    tree[static_cast<std::size_t>(v)] = TreeVertex{at(parent, v), at(levels, v)};
  return tree;
}

// Marks v when its tree edge is this input edge; written by any thread, hence the atomic store.
void confirm_if_tree_edge(VertexId v, const TreeVertex& vertex, VertexId other,
                          std::vector<std::uint8_t>& confirmed) {
  if (vertex.parent != other) return;
  std::atomic_ref<std::uint8_t> mark(confirmed[static_cast<std::size_t>(v)]);
  if (mark.load(std::memory_order_relaxed) == 0) mark.store(1, std::memory_order_relaxed);
}

void check_edge_levels(std::int64_t edge, VertexId v0, std::int64_t level0, VertexId v1, std::int64_t level1,
                       FailureLog& failures) {
  if (std::abs(level0 - level1) <= 1) return;
  const VertexId deeper = level0 > level1 ? v0 : v1;
  failures.add(3, deeper, edge, [&] {
    return concatenate("rule 3 (edges span at most one level): input edge ", edge, " joins vertex ", v0,
                       " at level ", level0, " and vertex ", v1, " at level ", level1);
  });
}

// One pass over the input tuples: nedge, rule 3 on tree levels, and the tree edges it confirms.
std::vector<std::uint8_t> check_input_edges(const EdgeList& edge_list, std::span<const VertexId> parent,
                                            const std::vector<std::int64_t>& levels, FailureLog& failures,
                                            std::int64_t& nedge) {
  const std::vector<TreeVertex> tree = tree_vertices(parent, levels);
  std::vector<std::uint8_t> confirmed(parent.size(), 0);
  const std::int64_t num_edges = edge_list.num_edges();
  std::int64_t both_reached = 0;
#pragma omp parallel
  {
    FailureLog local;
#pragma omp for schedule(static) reduction(+ : both_reached) nowait
    for (std::int64_t e = 0; e < num_edges; ++e) {
      const CompactEdge& edge = edge_list.edges[static_cast<std::size_t>(e)];
      const VertexId v0 = edge.v0();
      const VertexId v1 = edge.v1();
      const TreeVertex& vertex0 = tree[static_cast<std::size_t>(v0)];
      const TreeVertex& vertex1 = tree[static_cast<std::size_t>(v1)];
      if (v0 == v1 || vertex0.parent == kUnreached || vertex1.parent == kUnreached) continue;
      ++both_reached;
      check_edge_levels(e, v0, vertex0.level, v1, vertex1.level, local);
      confirm_if_tree_edge(v0, vertex0, v1, confirmed);
      confirm_if_tree_edge(v1, vertex1, v0, confirmed);
    }
#pragma omp critical(semibfs_validate_merge)
    failures.merge(std::move(local));
  }
  nedge = both_reached;
  return confirmed;
}

void check_spans_component(VertexId v, VertexId p, std::int64_t depth, FailureLog& failures) {
  if (p != kUnreached && depth < 0) {
    failures.add(4, v, v, [&] {
      return concatenate("rule 4 (tree spans the component): vertex ", v, " has parent ", p,
                         ", but it is not in the root's connected component");
    });
  } else if (p == kUnreached && depth >= 0) {
    failures.add(4, v, v, [&] {
      return concatenate("rule 4 (tree spans the component): vertex ", v,
                         " is in the root's connected component (", depth,
                         " hops from the root), but it is unreached (parent -1)");
    });
  }
}

void check_tree_edge(VertexId v, VertexId p, const std::vector<std::int64_t>& depths,
                     const std::vector<std::uint8_t>& confirmed, FailureLog& failures) {
  const std::int64_t depth = at(depths, v);
  const std::int64_t parent_depth = at(depths, p);
  if (depth >= 0 && parent_depth >= 0 && depth != parent_depth + 1) {
    failures.add(2, v, v, [&] {
      return concatenate("rule 2 (tree edges span one level): vertex ", v, " at BFS level ", depth,
                         " has parent ", p, " at BFS level ", parent_depth,
                         ", but a parent must be exactly one level up");
    });
  }
  if (at(confirmed, v) == 0) {
    failures.add(5, v, v, [&] {
      return concatenate("rule 5 (parent is a neighbour): vertex ", v, " has parent ", p,
                         ", but no input edge joins them");
    });
  }
}

// Rules 2, 4 and 5 per vertex, against the true depths of the validator's own BFS.
void check_vertices(VertexId root, std::span<const VertexId> parent, const std::vector<std::int64_t>& depths,
                    const std::vector<std::uint8_t>& confirmed, FailureLog& failures) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
#pragma omp parallel
  {
    FailureLog local;
#pragma omp for schedule(static) nowait
    for (VertexId v = 0; v < num_vertices; ++v) {
      const VertexId p = at(parent, v);
      check_spans_component(v, p, at(depths, v), local);
      if (p != kUnreached && v != root) check_tree_edge(v, p, depths, confirmed, local);
    }
#pragma omp critical(semibfs_validate_merge)
    failures.merge(std::move(local));
  }
}

}  // namespace

Validator::Validator(const EdgeList& edge_list) : edge_list_(edge_list), graph_(edge_list) {}

ValidationReport Validator::validate(VertexId root, std::span<const VertexId> parent) const {
  check_arguments(root, parent, graph_.num_vertices());
  ValidationReport report;
  FailureLog failures;
  const std::vector<std::int64_t> levels = tree_levels(root, parent, failures);
  if (failures.empty()) {
    const std::vector<std::int64_t> depths = graph_.depths_from(root);
    const std::vector<std::uint8_t> confirmed =
        check_input_edges(edge_list_, parent, levels, failures, report.nedge);
    check_vertices(root, parent, depths, confirmed, failures);
  }
  failures.move_into(report);
  return report;
}

}  // namespace semibfs
