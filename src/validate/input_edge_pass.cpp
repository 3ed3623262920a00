// The edge pass reads, per endpoint, its 32-bit level and (when both endpoints are reached) its
// parent straight from the caller's array: 4 bytes a vertex of its own plus a bit for rule 5.
#include "validate/input_edge_pass.hpp"

#include <algorithm>
#include <utility>

namespace semibfs {

namespace {

// The caller's parents and the levels, indexed by vertex.
template <class ParentId>
struct TreeView {
  const ParentId* parent;
  const TreeLevel* level;
};

// Out of line: the rare failure path must not cost the hot loop registers.
[[gnu::noinline, gnu::cold]] void report_level_gap(std::int64_t edge, VertexId v0, TreeLevel level0, VertexId v1,
                                                   TreeLevel level1, FailureLog& failures) {
  const VertexId deeper = level0 > level1 ? v0 : v1;
  failures.add(3, deeper, edge, [&] {
    return concatenate("rule 3 (edges span at most one level): input edge ", edge, " joins vertex ", v0,
                       " at level ", level0, " and vertex ", v1, " at level ", level1);
  });
}

// Directed: the target is too deep, whatever the source's other edges.
[[gnu::noinline, gnu::cold]] void report_directed_level_gap(std::int64_t edge, VertexId source, TreeLevel source_level,
                                                            VertexId target, TreeLevel target_level,
                                                            FailureLog& failures) {
  failures.add(3, target, edge, [&] {
    return concatenate("rule 3 (directed edges go at most one level down): input edge ", edge, " goes from vertex ",
                       source, " at level ", source_level, " to vertex ", target, " at level ", target_level,
                       ": the target is more than one level below the source");
  });
}

// Marks v when this tuple is its tree edge; any thread may write, hence the atomic bit.
template <class ParentId>
void mark_if_parent_edge(VertexId v, const TreeView<ParentId>& tree, VertexId other, Bitmap& parent_edge_seen) {
  if (static_cast<VertexId>(tree.parent[v]) != other) return;
  parent_edge_seen.set_atomic(v);
}

// The levels and parents are read at random; asking for them this many tuples ahead keeps many
// misses in flight and halved the pass at SCALE 22 (2 threads, measured).
constexpr std::int64_t kPrefetchDistance = 32;

template <class ParentId>
void prefetch_endpoints(const TreeView<ParentId>& tree, const CompactEdge& edge) {
  __builtin_prefetch(tree.level + edge.v0());
  __builtin_prefetch(tree.level + edge.v1());
  __builtin_prefetch(tree.parent + edge.v0());
  __builtin_prefetch(tree.parent + edge.v1());
}

// One chunk's tuples in parallel, adding to the evidence. Failures name edge first_index + e, so
// the kept failures do not depend on where the chunks are cut. The direction is a template
// parameter so that neither loop tests it per tuple.
template <GraphDirection kDirection, class ParentId>
void scan_chunk(std::span<const CompactEdge> chunk, std::int64_t first_index, const TreeView<ParentId>& tree,
                InputEdgeEvidence& evidence, FailureLog& failures) {
  const auto num_edges = static_cast<std::int64_t>(chunk.size());
  const CompactEdge* edges = chunk.data();
  std::int64_t both_reached = 0, leaving = 0;
#pragma omp parallel
  {
    FailureLog local;
#pragma omp for schedule(static) reduction(+ : both_reached, leaving) nowait
    for (std::int64_t e = 0; e < num_edges; ++e) {
      if (e + kPrefetchDistance < num_edges) prefetch_endpoints(tree, edges[e + kPrefetchDistance]);
      const VertexId v0 = edges[e].v0();
      const VertexId v1 = edges[e].v1();
      if (v0 == v1) continue;
      const TreeLevel level0 = tree.level[v0];
      const TreeLevel level1 = tree.level[v1];
      // Branch-free until the rare cases: a mispredicted branch on the loaded levels would stall
      // the other cache misses in flight, and which endpoint is deeper is a coin toss.
      if constexpr (kDirection == GraphDirection::kUndirected) {
        const int reached = (level0 != kUnreachedLevel) + (level1 != kUnreachedLevel);
        leaving += reached == 1;
        if (reached != 2) continue;
        ++both_reached;
        const TreeLevel gap = std::max(level0, level1) - std::min(level0, level1);
        if (gap > 1) report_level_gap(first_index + e, v0, level0, v1, level1, local);
        mark_if_parent_edge(v0, tree, v1, evidence.parent_edge_seen);
        mark_if_parent_edge(v1, tree, v0, evidence.parent_edge_seen);
      } else {
        // v0 -> v1: an unreached source binds nothing; a reached one must reach v1 within one level.
        const bool source_reached = level0 != kUnreachedLevel;
        const bool target_reached = level1 != kUnreachedLevel;
        leaving += source_reached && !target_reached;
        if (!(source_reached && target_reached)) continue;
        ++both_reached;
        // The source's level is below the sentinels, so level + 1 does not wrap.
        if (level1 > level0 + 1) report_directed_level_gap(first_index + e, v0, level0, v1, level1, local);
        mark_if_parent_edge(v1, tree, v0, evidence.parent_edge_seen);
      }
    }
#pragma omp critical(semibfs_validate_merge)
    failures.merge(std::move(local));
  }
  evidence.nedge += both_reached;
  evidence.leaving_reached_set += leaving;
}

}  // namespace

template <class ParentId>
InputEdgeEvidence scan_input_edges(const EdgeSource& edges, std::span<const ParentId> parent,
                                   const std::vector<TreeLevel>& levels, GraphDirection direction,
                                   FailureLog& failures) {
  const TreeView<ParentId> tree{parent.data(), levels.data()};
  InputEdgeEvidence evidence;
  evidence.parent_edge_seen = Bitmap(static_cast<std::int64_t>(parent.size()));
  const auto scan = direction == GraphDirection::kDirected ? &scan_chunk<GraphDirection::kDirected, ParentId>
                                                           : &scan_chunk<GraphDirection::kUndirected, ParentId>;
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
    scan(chunk, first_index, tree, evidence, failures);
  });
  return evidence;
}

template InputEdgeEvidence scan_input_edges(const EdgeSource&, std::span<const std::int64_t>,
                                            const std::vector<TreeLevel>&, GraphDirection, FailureLog&);
template InputEdgeEvidence scan_input_edges(const EdgeSource&, std::span<const std::int32_t>,
                                            const std::vector<TreeLevel>&, GraphDirection, FailureLog&);

}  // namespace semibfs
