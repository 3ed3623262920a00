// Compressed sparse rows: the adjacency of every vertex, both directions of each input edge.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

// Neighbour ids are 32-bit (graphs up to 2^32 vertices fit in memory here); offsets are 64-bit.
using NeighborId = std::uint32_t;

class CsrGraph {
 public:
  CsrGraph() = default;
  CsrGraph(std::int64_t num_vertices, std::vector<std::int64_t> offsets,
           std::vector<NeighborId> neighbors);

  std::int64_t num_vertices() const { return num_vertices_; }
  // Adjacency entries (each undirected edge counts twice).
  std::int64_t num_adjacencies() const { return static_cast<std::int64_t>(neighbors_.size()); }
  std::int64_t degree(VertexId v) const { return offsets_[v + 1] - offsets_[v]; }
  std::span<const NeighborId> neighbors(VertexId v) const {
    return {neighbors_.data() + offsets_[v], static_cast<std::size_t>(degree(v))};
  }
  // For reordering a list in place (neighbor_order.hpp); the set of neighbours must not change.
  std::span<NeighborId> mutable_neighbors(VertexId v) {
    return {neighbors_.data() + offsets_[v], static_cast<std::size_t>(degree(v))};
  }
  const std::vector<std::int64_t>& offsets() const { return offsets_; }
  const std::vector<NeighborId>& all_neighbors() const { return neighbors_; }
  std::int64_t bytes() const;
  // Binds the arrays to a NUMA node (core/numa_placement.hpp); a no-op on one node.
  void place_on_numa_node(int node);

 private:
  std::int64_t num_vertices_ = 0;
  std::vector<std::int64_t> offsets_{0};
  std::vector<NeighborId> neighbors_;
};

// Kernel 1: both directions of every edge, self-loops dropped, duplicates dropped. OpenMP-parallel.
CsrGraph build_csr(const EdgeList& edge_list);

// Kernel 1 for SSSP: the same lists and, aligned with lists.all_neighbors(), each entry's weight,
// the least of the input tuples that join its two vertices (either way round).
struct WeightedCsr {
  CsrGraph lists;
  std::vector<float> weights;
};
// Throws semibfs::Error when the edge list has no weights. OpenMP-parallel.
WeightedCsr build_weighted_csr(const EdgeList& edge_list);

// The lists of the rows `rows` (row r is vertex rows.begin + r) from directed entries (vertex,
// neighbour), neighbours below num_vertices: self-loops and duplicates dropped, each list sorted,
// as build_csr makes them. OpenMP-parallel.
CsrGraph build_row_lists(VertexRange rows, std::int64_t num_vertices, std::span<const CompactEdge> entries);

}  // namespace semibfs
