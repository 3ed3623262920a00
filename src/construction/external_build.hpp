// Building the on-disk graph (graph_store.hpp) from a packed edge file within a DRAM budget,
// without ever holding the edge list or the whole graph: the store is byte for byte the one
// write_store(PartitionedGraph(build_csr(edges), P, order)) writes. The edge list offloaded to
// the disk and the graphs built by reading it back is Iwabuchi et al.'s Sec. V-A (Steps 1 and 2); here
// the graphs are built a range of vertices at a time, so DRAM never holds more than the budget.
// The passes:
//   1. count: one read of the edge file; each vertex's endpoint count (self-loops dropped). Skipped
//      when the counts were taken as the file was written (ExternalBuildOptions::written_counts).
//   2. collect: the vertices cut into ranges whose lists fit the budget; per range one read of
//      the edge file, both directions of each edge into the range's lists, each list sorted and
//      rid of duplicates (build_csr's lists); the counts become the unique degrees.
//   3. order (hub-first and degree only, which need every unique degree before any list can be
//      ordered): the id-ordered lists of pass 2 were spilled to an unnamed scratch file in the
//      store directory (4 bytes per adjacency, written once and read once, instead of one more
//      read of the 12-byte edges per range); per range they are read back, ordered as
//      order_neighbors does, and written.
// Lists are written in vertex order, so every store file is written sequentially, its SHA-256
// computed on the way; with id order they are written in pass 2 and there is no scratch file.
// A directed graph runs the passes twice with one direction of each edge: first for the in-lists
// (the backward graph, ordered like undirected lists, by the in-degrees of their entries), then,
// reusing the same degree array, for the out-lists (the forward graph, in id order: a top-down
// step reads every entry, so order buys nothing there).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "core/graph_direction.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

class WrittenEdgeCounts;  // construction/endpoint_counts.hpp

// A rank's part of a store built across MPI ranks (mpi/rank_part_build.hpp): the lists of `rows`
// alone, from an edge file of directed entries (row, neighbour) whose rows all lie in `rows`.
struct RankPartLists {
  RankPart part;
  VertexRange rows;
  // Called once the own rows' unique degrees are in degrees[rows], before any list is ordered (not
  // with id order): fills in the other ranks' vertices. Collective across the ranks.
  std::function<void(std::span<std::uint32_t> degrees)> gather_degrees;
  StoreArray edge_share;  // the part's edge file (the rank's share of the input), for the manifest
  // With ExternalBuildOptions::edge_weights (then the share's weights' entry): one float per entry
  // of the edge file built from, the least of which each list entry keeps.
  std::string entry_weights_path;
};

struct ExternalBuildOptions {
  std::int64_t dram_budget_bytes = std::int64_t{256} << 20;
  int partitions = 1;
  NeighborOrder order = NeighborOrder::kHubFirst;
  std::string made_from;             // the manifest's made-from line
  std::ostream* progress = nullptr;  // a line per pass and range when set
  GraphDirection direction = GraphDirection::kUndirected;
  std::optional<RankPartLists> rank_part = std::nullopt;  // undirected, one partition
  // Set: the lists compressed in this code (ascending; `order` then decides each list's head only).
  std::optional<ListCodec> list_codec = std::nullopt;
  // Set by build_relabelled_store (degree_relabel.hpp): the edge file's ids are relabelled ones,
  // these the permutation both ways (written into the store), and the manifest's edge file is
  // the original one, whose entry this is.
  std::span<const std::uint32_t> relabel_new_of = {};
  std::span<const std::uint32_t> relabel_old_of = {};
  std::optional<StoreArray> edge_file_record = std::nullopt;
  // Set: the edge file's weights (kEdgeWeightsName in the store, one float per edge, this its
  // manifest entry); the store then keeps list weights beside its lists (list_weight_pass.hpp).
  // Undirected lists (of one process, or a rank's part with RankPartLists::entry_weights_path), or
  // directed ones beside their out-lists, of one partition of one process (list_weight_pass.hpp);
  // relabelled, the weights file follows the original edge file's records, which the relabelled
  // file keeps in order (each tuple's weight whatever its ids).
  std::optional<StoreArray> edge_weights = std::nullopt;
  // Set: the edge file's endpoint counts and seal, taken as it was written; the build skips its
  // counting pass (pass 1) and turns these counts into the unique degrees. Undirected, of one
  // process, in the input's ids only; the counts are counted in the budget.
  WrittenEdgeCounts* written_counts = nullptr;
};

struct ExternalBuildStats {
  std::int64_t edges = 0;
  std::int64_t adjacencies = 0;
  std::int64_t edge_file_passes = 0;  // whole reads of the edge file: 1 + collect_ranges (twice when directed;
                                      // collect_ranges alone with written_counts)
  std::int64_t collect_ranges = 0;    // of the backward lists
  std::int64_t order_ranges = 0;      // 0 with id order
  std::int64_t scratch_bytes = 0;     // spilled between passes 2 and 3; 0 with id order
  std::int64_t peak_buffer_bytes = 0; // the most the builder's own buffers held at once
  double seconds = 0;
};

// The smallest DRAM budget build_store_from_edge_file accepts.
std::int64_t minimum_external_build_budget(std::int64_t num_vertices, int partitions,
                                           GraphDirection direction = GraphDirection::kUndirected,
                                           bool compressed_lists = false);

// Builds the store of the graph on vertices [0, num_vertices) whose edges are in `edge_file`
// (or, with options.rank_part, a rank's part of it from the rank's entries)
// (packed48, edges/edge_format.hpp) in `store_directory`, which must exist and hold no store.
// Throws semibfs::Error, leaving no store file behind, when the budget is below the minimum
// (before any work), when the file's size is not a multiple of 12 or an edge has a vertex id
// outside [0, num_vertices), when one vertex's list does not fit the budget, or on any I/O failure.
// OpenMP-parallel within each pass.
ExternalBuildStats build_store_from_edge_file(const std::string& edge_file, std::int64_t num_vertices,
                                              const std::string& store_directory, const ExternalBuildOptions& options);

}  // namespace semibfs
