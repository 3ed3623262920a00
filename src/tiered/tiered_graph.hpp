// The NETAL layout (partitioned_graph.hpp) with every list split between DRAM and the store's
// files (tiered_csr.hpp), what the BFS engine searches: either a view of an in-memory
// PartitionedGraph (nothing on disk) or the graph of a store opened under a placement plan, where
// only the offsets, the first neighbours and the resident part of each list are read into DRAM.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/bitmap.hpp"
#include "graph/partition_layout.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph/partitioned_lists.hpp"
#include "io/sequential_read.hpp"
#include "store/array_checks.hpp"
#include "store/graph_store.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {

class TieredGraph : public PartitionedLists<TieredCsr> {
 public:
  // Views of `graph`'s arrays, all in DRAM; `graph` must outlive the result.
  static TieredGraph all_in_dram(const PartitionedGraph& graph);
  // One partition, rows 0 to lists.num_rows(), a view of plain `lists` (which must outlive the
  // result), without heads or isolated bitmap: a rank's part as SSSP streams it (neighbours and
  // weights, tiered_weights.hpp), never searched by the BFS engine.
  static TieredGraph view_of_partition(const TieredCsr& lists, NeighborOrder order);
  // Lists read by open_tiered_graph: backward has one per partition (rows: its own vertices),
  // forward one per partition (rows: all vertices) or none when the forward graph is the backward
  // one (has_separate_forward) and not kept apart (make_forward_separate).
  TieredGraph(NeighborOrder order, std::int64_t num_adjacencies, std::vector<NeighborId> first_neighbors, Bitmap isolated,
              std::vector<TieredCsr> backward, std::vector<TieredCsr> forward,
              GraphDirection direction = GraphDirection::kUndirected);

  // A directed graph of one partition's out-lists alone, as a graph whose (backward) lists they
  // are, tiered as they were (what SSSP follows); the in-lists are freed. Throws semibfs::Error
  // otherwise.
  TieredGraph take_out_lists() &&;

  NeighborId first_neighbor(VertexId vertex) const { return first_neighbors_[static_cast<std::size_t>(vertex)]; }
  const Bitmap& isolated() const { return *isolated_; }
  // Empty when the graph was opened without them (PlacementPlan::dense_heads): never searched by
  // the engine, only streamed.
  std::span<const NeighborId> first_neighbors() const { return first_neighbors_; }
  // Whether any list has entries on disk.
  bool has_tails() const;
  // Vertices whose backward list has a tail on disk: what a bottom-up step may have to read.
  std::int64_t vertices_with_tails() const;
  // DRAM the opened graph holds (0 for a view): offsets, resident lists, heads.
  std::int64_t owned_bytes() const;

 private:
  TieredGraph() = default;

 public:
  // Move-only: the views point into the owned arrays (the bitmap on the heap, so moves keep it).
  TieredGraph(TieredGraph&&) noexcept = default;
  TieredGraph& operator=(TieredGraph&&) noexcept = default;
  TieredGraph(const TieredGraph&) = delete;
  TieredGraph& operator=(const TieredGraph&) = delete;

 private:
  std::span<const NeighborId> first_neighbors_;
  const Bitmap* isolated_ = nullptr;
  std::vector<NeighborId> owned_first_neighbors_;
  std::unique_ptr<Bitmap> owned_isolated_;
};

// How the lists of a store are split under `plan`: backward lists keep their first K entries (in a
// compressed store, whole lists of degree at most K), separate forward lists the whole lists of
// low-degree vertices and hubs.
ResidencyRule backward_residency(const PlacementPlan& plan, bool compressed_lists = false);
ResidencyRule forward_residency(const PlacementPlan& plan);

// What start-up reads of a store before deciding anything: its manifest (checked against the
// request like read_store checks it) and its offsets, read once for both the planner's profile and
// the open.
struct StoreIndex {
  std::string directory;
  StoreRequest request;
  StoreManifest manifest;
  std::vector<std::vector<std::int64_t>> backward_offsets;  // one array per partition, rows + 1 each
  std::vector<std::vector<std::int64_t>> forward_offsets;   // the same, when the forward graph is separate
  // A compressed store's instead of the offsets: each row's degree and where its list lies, in a
  // few bytes a row (compressed_row_index.hpp).
  std::vector<CompressedRowIndex> backward_rows;
  std::vector<CompressedRowIndex> forward_rows;
  // make_forward_separate made the forward index a copy of the backward one: the forward lists are
  // the backward lists' file, read from disk apart from the backward lists in DRAM.
  bool forward_in_backward_file = false;

  // Whether the searches get a forward graph apart from the backward one.
  bool has_separate_forward() const { return !forward_offsets.empty() || !forward_rows.empty(); }
};
StoreIndex read_store_index(const std::string& directory, const StoreRequest& request);

// Iwabuchi et al.'s placement (PlacementMode::kForwardOnDisk) reads forward lists from disk while the
// backward lists are whole in DRAM. With one partition of an undirected graph the store has no
// forward graph (has_separate_forward): its backward lists are the forward lists, so their
// index is copied to serve as the forward one, over the same file. Otherwise nothing changes.
void make_forward_separate(StoreIndex& index);

// How a pass that streams a store's arrays reads them within what the plan lends it: pieces of at
// most 8 MiB, 4 in flight, at least 64 KiB each.
SequentialReadOptions reading_within(const PlacementPlan& plan);

// Opens the store with the lists split by `plan`: uses the index's offsets and streams every
// neighbours file once, keeping the resident entries, checking sizes and SHA-256 against the
// manifest (a damaged file is a semibfs::Error naming it). The tails stay in the neighbours files.
TieredGraph open_tiered_graph(StoreIndex index, const PlacementPlan& plan);

// A rank's part of a store (manifest.rank_part): its lists split by `plan` as open_tiered_graph
// splits backward lists, with the same checks, except symmetry: a part holds one side of the pairs
// that cross ranks, so their digest goes into `digest` for the ranks to compare.
TieredCsr open_rank_part_lists(StoreIndex index, const PlacementPlan& plan, PairDigest& digest);

// The planner's profile of a store, from its offsets alone (a directed store's out-degree
// histogram from its forward offsets).
GraphProfile profile_of_store(const StoreIndex& index, std::int64_t bfs_status_bytes_per_vertex);

}  // namespace semibfs
