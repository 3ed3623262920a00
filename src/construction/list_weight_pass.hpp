// The list weights of a store built by external construction (issue 40), made once its backward
// lists are written and closed, before the manifest: each partition's weights (store/
// stored_weights.hpp) range by range within the budget. A range's lists are read back from the
// store's neighbours file (or, compressed, decoded from its lists file: their entries, and so the
// weights, in id order) and indexed by neighbour id (graph/least_weight_index.hpp, which also
// weighs lists in DRAM); one pass over the edge file and its weights then keeps, for every entry,
// the least weight of the tuples joining its two vertices (duplicates, both directions). A directed
// store of one partition keeps them beside its out-lists instead (p0.forward.weights): an entry v
// of u's list, the least weight of the tuples u -> v.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "compress/list_codec.hpp"
#include "construction/build_budget.hpp"
#include "core/progress_log.hpp"
#include "edges/packed_edge_file.hpp"
#include "graph/partition_layout.hpp"
#include "store/store_writer.hpp"

namespace semibfs {

// Bytes a range holds per list entry: the sorted key (8), the weight (4) and the entry read back (4).
inline constexpr std::int64_t kWeightBytesPerEntry = 16;
// And per vertex: the start of its list (64 bits).
inline constexpr std::int64_t kIndexBytesPerVertex = sizeof(std::int64_t);
// Compressed lists also hold the range's compressed bytes while they are decoded: at most 5 an
// entry (a 32-bit gap in LEB128), a list's header aside.
inline constexpr std::int64_t kCompressedWeightBytesPerEntry = kWeightBytesPerEntry + 5;

struct ListWeightPass {
  StoreWriter& store;
  std::string directory;  // the store's, whose weighted lists (pK.backward, p0.forward) are closed
  const PartitionLayout& layout;
  std::span<const std::uint32_t> degrees;  // every vertex's weighted list's length (directed: out-degree)
  const PackedEdgeFile& edges;             // in the lists' ids
  std::string edge_weights_path;           // one float per record of `edges`
  const BuildBudget& budget;
  BufferLedger& ledger;
  ProgressLog& log;
  std::optional<ListCodec> codec = std::nullopt;           // set: the lists are compressed (pK.<graph>.lists)
  GraphDirection direction = GraphDirection::kUndirected;  // directed: one partition, weights beside out-lists
  // The id of the layout's row 0 in `degrees` and `edges`: a rank's part numbers its rows from 0
  // and its entries by global id (mpi/rank_part_build.hpp).
  VertexId first_row = 0;
};

// Adds list_weights_name(K, direction) of every partition to the store; returns the reads of the edge file.
// Throws semibfs::Error when the weights file is not one float per edge, or an entry is joined by
// no tuple (the lists are not those of the edge file).
std::int64_t write_list_weights(const ListWeightPass& pass);

}  // namespace semibfs
