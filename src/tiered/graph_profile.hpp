// What the placement planner knows of a graph: the sizes of its arrays and the histogram of its
// list lengths, from a constructed graph (profile_of) or from a store's offsets alone
// (tiered_graph.hpp, profile_of_store).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tiered/compressed_row_index.hpp"

namespace semibfs {

class PartitionedGraph;

// How many vertices have one degree (degree >= 1; isolated vertices have no lists).
struct DegreeCount {
  std::int64_t degree = 0;
  std::int64_t vertices = 0;
  std::int64_t bytes = 0;  // compressed lists only: the class's lists' bytes
};

// What the planner needs to know of a graph: the sizes of the arrays a PartitionedGraph holds and
// the degree histogram that decides how its lists split into heads, tails, low-degree and hubs.
struct GraphProfile {
  std::int64_t num_vertices = 0;
  int partitions = 1;
  // P = 1, undirected: top-down reads the backward lists, there is no separate forward graph.
  bool separate_forward = false;
  std::int64_t bfs_status_bytes_per_vertex = 0;
  // Every CSR offsets array, backward and forward (64-bit, rows + 1 per partition).
  std::int64_t offset_bytes = 0;
  // The first-neighbour array (4 B per vertex: the first entry of each list) and the isolated bitmap.
  std::int64_t first_neighbor_bytes = 0;
  // Bytes of one list entry (NeighborId).
  std::int64_t entry_bytes = 4;
  // Compressed lists (a store built with --compress): whole in DRAM or whole on disk, each degree
  // class with its bytes; offset_bytes then counts the positions arrays too.
  bool compressed_lists = false;
  // The bytes of the longest compressed list, which a tail fetcher reads whole (0: plain lists).
  std::int64_t longest_compressed_list_bytes = 0;
  // Ascending by degree, one entry per degree present, degree >= 1: the backward lists' lengths.
  std::vector<DegreeCount> degrees;
  // The same for the whole forward lists when they differ (a directed graph's out-degrees);
  // empty when a vertex's forward lists hold its backward list (undirected).
  std::vector<DegreeCount> forward_degrees;
  // Allocated but unused room in the neighbour arrays (build_csr keeps the room of the dropped
  // duplicates); part of PartitionedGraph::bytes(), not of any list, so never placed.
  std::int64_t unused_capacity_bytes = 0;

  std::int64_t bfs_status_bytes() const { return num_vertices * bfs_status_bytes_per_vertex; }
  // Entries of all lists (adjacencies); the backward lists hold this many, so does the forward
  // graph when it is separate (a vertex's forward lists over all partitions are its whole list).
  std::int64_t num_entries() const;
  std::int64_t backward_list_bytes() const;
  std::int64_t forward_list_bytes() const;
  // What the planner places: the BFS status plus every graph array.
  std::int64_t placed_bytes() const;
  // What PartitionedGraph::bytes().total() reports: the graph arrays plus the unused capacity.
  std::int64_t graph_bytes() const;
};

// The highest degree of a histogram (0 when empty).
std::int64_t max_degree(const std::vector<DegreeCount>& degrees);

// The degree histogram of the vertices whose lists the backward offsets arrays (one per
// partition, rows + 1 entries each) describe.
std::vector<DegreeCount> degree_histogram(const std::vector<std::span<const std::int64_t>>& backward_offsets);

// The histogram of the vertices' out-degrees: each vertex's forward list lengths summed over the
// partitions' forward offsets arrays (rows: all vertices, num_vertices + 1 entries each).
std::vector<DegreeCount> out_degree_histogram(const std::vector<std::span<const std::int64_t>>& forward_offsets);

// Compressed lists: the histogram of the vertices' degrees with the bytes of their lists, from
// each graph's row index. Backward (`rows_are_vertices`): the partitions' rows are distinct
// vertices; forward: every partition has a row per vertex, and a vertex's lists are summed over them.
std::vector<DegreeCount> compressed_degree_histogram(std::span<const CompressedRowIndex> graphs, bool rows_are_vertices);

// The profile of a constructed graph; `bfs_status_bytes_per_vertex` comes from the search that
// will run on it (parents, frontier queues, bitmaps), which this layer does not know.
GraphProfile profile_of(const PartitionedGraph& graph, std::int64_t bfs_status_bytes_per_vertex);

}  // namespace semibfs
