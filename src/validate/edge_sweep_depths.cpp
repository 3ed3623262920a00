// Sweep k reaches, across any tuple (from v0 to v1 only when directed), the unreached neighbours of
// the vertices at depth k; it stops after the first sweep that reaches nobody (the root's
// eccentricity + 1 sweeps in all).
#include "validate/edge_sweep_depths.hpp"

#include <atomic>

namespace semibfs {

namespace {

constexpr std::int64_t kUnreachable = -1;

std::atomic_ref<std::int64_t> depth_of(std::vector<std::int64_t>& depths, VertexId v) {
  return std::atomic_ref<std::int64_t>(depths[static_cast<std::size_t>(v)]);
}

// Threads may race to set the same vertex; they all write the same depth.
bool reach_across(std::vector<std::int64_t>& depths, VertexId from, VertexId to, std::int64_t depth) {
  if (depth_of(depths, from).load(std::memory_order_relaxed) != depth) return false;
  if (depth_of(depths, to).load(std::memory_order_relaxed) != kUnreachable) return false;
  depth_of(depths, to).store(depth + 1, std::memory_order_relaxed);
  return true;
}

// One sweep over one chunk; true when it reached a vertex. Directed, a tuple reaches only from v0
// to v1; a template parameter, so that the loop does not test the direction per tuple.
template <GraphDirection kDirection>
bool sweep_chunk(std::span<const CompactEdge> chunk, std::vector<std::int64_t>& depths, std::int64_t depth) {
  const auto num_edges = static_cast<std::int64_t>(chunk.size());
  const CompactEdge* edges = chunk.data();
  bool reached_more = false;
#pragma omp parallel for schedule(static) reduction(|| : reached_more)
  for (std::int64_t e = 0; e < num_edges; ++e) {
    const VertexId v0 = edges[e].v0();
    const VertexId v1 = edges[e].v1();
    if (v0 == v1) continue;
    const bool forward = reach_across(depths, v0, v1, depth);
    const bool backward = kDirection == GraphDirection::kUndirected && reach_across(depths, v1, v0, depth);
    reached_more = reached_more || forward || backward;
  }
  return reached_more;
}

}  // namespace

std::vector<std::int64_t> depths_by_edge_sweeps(const EdgeSource& edges, VertexId root, GraphDirection direction) {
  std::vector<std::int64_t> depths(static_cast<std::size_t>(edges.num_vertices()), kUnreachable);
  depths[static_cast<std::size_t>(root)] = 0;
  const auto sweep = direction == GraphDirection::kDirected ? &sweep_chunk<GraphDirection::kDirected>
                                                            : &sweep_chunk<GraphDirection::kUndirected>;
  for (std::int64_t depth = 0;; ++depth) {
    bool reached_more = false;
    edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t) {
      reached_more = sweep(chunk, depths, depth) || reached_more;
    });
    if (!reached_more) return depths;
  }
}

std::vector<std::int64_t> depths_by_edge_sweeps(const EdgeList& edge_list, VertexId root, GraphDirection direction) {
  return depths_by_edge_sweeps(InMemoryEdgeSource(edge_list), root, direction);
}

}  // namespace semibfs
