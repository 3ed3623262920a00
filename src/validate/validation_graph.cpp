// Adjacency by counting sort over the edge list, and a level-synchronous direction-optimizing BFS.
#include "validate/validation_graph.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>

#include "core/error.hpp"

namespace semibfs {

namespace {

constexpr std::int64_t kNotInComponent = -1;

template <class T>
std::atomic_ref<T> shared(std::vector<T>& values, std::int64_t index) {
  return std::atomic_ref<T>(values[static_cast<std::size_t>(index)]);
}

void check_endpoints(const EdgeList& edge_list) {
  const std::int64_t num_edges = edge_list.num_edges();
  const std::int64_t num_vertices = edge_list.num_vertices;
  std::int64_t first_bad = num_edges;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t e = 0; e < num_edges; ++e) {
    const CompactEdge& edge = edge_list.edges[static_cast<std::size_t>(e)];
    const auto outside = [&](VertexId v) { return v < 0 || v >= num_vertices; };
    if (outside(edge.v0()) || outside(edge.v1())) first_bad = std::min(first_bad, e);
  }
  if (first_bad == num_edges) return;
  const CompactEdge& edge = edge_list.edges[static_cast<std::size_t>(first_bad)];
  throw Error("validation: edge " + std::to_string(first_bad) + " (" + std::to_string(edge.v0()) + ", " +
              std::to_string(edge.v1()) + ") has an endpoint outside [0, " + std::to_string(num_vertices) +
              ")");
}

// offsets[v] = number of adjacency entries of the vertices before v.
std::vector<std::int64_t> degree_offsets(const EdgeList& edge_list) {
  const std::int64_t num_edges = edge_list.num_edges();
  std::vector<std::int64_t> offsets(static_cast<std::size_t>(edge_list.num_vertices) + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < num_edges; ++e) {
    const CompactEdge& edge = edge_list.edges[static_cast<std::size_t>(e)];
    if (edge.v0() == edge.v1()) continue;
    shared(offsets, edge.v0() + 1).fetch_add(1, std::memory_order_relaxed);
    shared(offsets, edge.v1() + 1).fetch_add(1, std::memory_order_relaxed);
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  return offsets;
}

template <class NeighborId>
ValidationAdjacency<NeighborId> build_adjacency(const EdgeList& edge_list) {
  ValidationAdjacency<NeighborId> adjacency;
  adjacency.offsets = degree_offsets(edge_list);
  adjacency.neighbors.resize(static_cast<std::size_t>(adjacency.offsets.back()));
  std::vector<std::int64_t> cursor(adjacency.offsets.begin(), adjacency.offsets.end() - 1);
  const std::int64_t num_edges = edge_list.num_edges();
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < num_edges; ++e) {
    const CompactEdge& edge = edge_list.edges[static_cast<std::size_t>(e)];
    const VertexId v0 = edge.v0();
    const VertexId v1 = edge.v1();
    if (v0 == v1) continue;
    const std::int64_t slot0 = shared(cursor, v0).fetch_add(1, std::memory_order_relaxed);
    const std::int64_t slot1 = shared(cursor, v1).fetch_add(1, std::memory_order_relaxed);
    adjacency.neighbors[static_cast<std::size_t>(slot0)] = static_cast<NeighborId>(v1);
    adjacency.neighbors[static_cast<std::size_t>(slot1)] = static_cast<NeighborId>(v0);
  }
  return adjacency;
}

// Beamer, Asanovic, Patterson, "Direction-optimizing breadth-first search", SC 2012: go bottom-up
// when the frontier's edges exceed the unexplored edges / alpha; their alpha is 14.
constexpr std::int64_t kBottomUpAlpha = 14;

template <class NeighborId>
std::int64_t degree(const ValidationAdjacency<NeighborId>& adjacency, VertexId v) {
  return adjacency.offsets[static_cast<std::size_t>(v) + 1] - adjacency.offsets[static_cast<std::size_t>(v)];
}

template <class NeighborId>
std::int64_t frontier_adjacencies(const ValidationAdjacency<NeighborId>& adjacency,
                                  const std::vector<VertexId>& frontier) {
  const auto frontier_size = static_cast<std::int64_t>(frontier.size());
  std::int64_t sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
  for (std::int64_t i = 0; i < frontier_size; ++i)
    sum += degree(adjacency, frontier[static_cast<std::size_t>(i)]);
  return sum;
}

// Top-down: claims every unvisited neighbor of the frontier for `depth`; returns them.
template <class NeighborId>
std::vector<VertexId> top_down_step(const ValidationAdjacency<NeighborId>& adjacency,
                                    const std::vector<VertexId>& frontier, std::int64_t depth,
                                    std::vector<std::int64_t>& depths) {
  std::vector<VertexId> next;
  const auto frontier_size = static_cast<std::int64_t>(frontier.size());
#pragma omp parallel
  {
    std::vector<VertexId> local;
#pragma omp for schedule(dynamic, 64) nowait
    for (std::int64_t i = 0; i < frontier_size; ++i) {
      const VertexId u = frontier[static_cast<std::size_t>(i)];
      const std::int64_t end = adjacency.offsets[static_cast<std::size_t>(u) + 1];
      for (std::int64_t e = adjacency.offsets[static_cast<std::size_t>(u)]; e < end; ++e) {
        const auto w = static_cast<VertexId>(adjacency.neighbors[static_cast<std::size_t>(e)]);
        auto slot = shared(depths, w);
        std::int64_t expected = kNotInComponent;
        // The plain load first avoids a locked instruction on the many already-visited neighbors.
        if (slot.load(std::memory_order_relaxed) == kNotInComponent &&
            slot.compare_exchange_strong(expected, depth, std::memory_order_relaxed)) {
          local.push_back(w);
        }
      }
    }
#pragma omp critical(semibfs_validate_frontier)
    next.insert(next.end(), local.begin(), local.end());
  }
  return next;
}

// Bottom-up: each unvisited vertex takes `depth` if a neighbor is in the frontier (at depth - 1).
template <class NeighborId>
std::vector<VertexId> bottom_up_step(const ValidationAdjacency<NeighborId>& adjacency,
                                     std::int64_t num_vertices, std::int64_t depth,
                                     std::vector<std::int64_t>& depths) {
  std::vector<VertexId> next;
#pragma omp parallel
  {
    std::vector<VertexId> local;
#pragma omp for schedule(dynamic, 1024) nowait
    for (VertexId v = 0; v < num_vertices; ++v) {
      if (shared(depths, v).load(std::memory_order_relaxed) != kNotInComponent) continue;
      const std::int64_t end = adjacency.offsets[static_cast<std::size_t>(v) + 1];
      for (std::int64_t e = adjacency.offsets[static_cast<std::size_t>(v)]; e < end; ++e) {
        const auto w = static_cast<VertexId>(adjacency.neighbors[static_cast<std::size_t>(e)]);
        if (shared(depths, w).load(std::memory_order_relaxed) != depth - 1) continue;
        shared(depths, v).store(depth, std::memory_order_relaxed);
        local.push_back(v);
        break;
      }
    }
#pragma omp critical(semibfs_validate_frontier)
    next.insert(next.end(), local.begin(), local.end());
  }
  return next;
}

template <class NeighborId>
std::vector<std::int64_t> breadth_first_depths(const ValidationAdjacency<NeighborId>& adjacency,
                                               std::int64_t num_vertices, VertexId root) {
  std::vector<std::int64_t> depths(static_cast<std::size_t>(num_vertices), kNotInComponent);
  depths[static_cast<std::size_t>(root)] = 0;
  std::vector<VertexId> frontier{root};
  std::int64_t unexplored = static_cast<std::int64_t>(adjacency.neighbors.size());
  for (std::int64_t depth = 1; !frontier.empty(); ++depth) {
    const std::int64_t frontier_edges = frontier_adjacencies(adjacency, frontier);
    const bool bottom_up = frontier_edges * kBottomUpAlpha > unexplored;
    unexplored -= frontier_edges;
    frontier = bottom_up ? bottom_up_step(adjacency, num_vertices, depth, depths)
                         : top_down_step(adjacency, frontier, depth, depths);
  }
  return depths;
}

}  // namespace

ValidationGraph::ValidationGraph(const EdgeList& edge_list) : num_vertices_(edge_list.num_vertices) {
  if (num_vertices_ < 0) throw Error("validation: the edge list has a negative vertex count");
  check_endpoints(edge_list);
  constexpr auto kLargest32BitCount = std::int64_t{std::numeric_limits<std::uint32_t>::max()} + 1;
  if (num_vertices_ <= kLargest32BitCount) {
    adjacency_ = build_adjacency<std::uint32_t>(edge_list);
  } else {
    adjacency_ = build_adjacency<std::uint64_t>(edge_list);
  }
}

std::vector<std::int64_t> ValidationGraph::depths_from(VertexId root) const {
  return std::visit(
      [&](const auto& adjacency) { return breadth_first_depths(adjacency, num_vertices_, root); },
      adjacency_);
}

}  // namespace semibfs
