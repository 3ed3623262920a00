// The on-disk graph: a directory with one file per array per partition and a manifest (format
// version, how the graph was made, partitions, sizes, checksums). Every file is written under a
// temporary name and renamed when complete, the manifest last, so a directory either holds a
// whole store or no manifest; a failed write removes what it wrote.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/damaged_store_file.hpp"
#include "edges/compact_edge.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

// What a store was made from, e.g. "kronecker scale=20 edgefactor=16 seed1=2 seed2=3": a reused
// store must have been made the way the run asks for.
struct StoreRequest {
  std::string made_from;
  int partitions = 1;
  NeighborOrder order = NeighborOrder::kHubFirst;
  GraphDirection direction = GraphDirection::kUndirected;
  std::optional<RankPart> rank_part = std::nullopt;  // a rank's part of a store written across ranks
  bool compressed_lists = false;                           // its lists compressed (manifest list-code)
  bool relabelled = false;                           // its ids by degree (manifest vertex-order)
};

// Writes the graph into `directory`, which must exist, be writable and hold no store yet, with
// the weights beside its lists when given (store/stored_weights.hpp). Throws semibfs::Error
// (naming the file and what to do) on any failure, leaving no store file behind.
void write_store(const std::string& directory, const PartitionedGraph& graph, const std::string& made_from,
                 const ListWeightsView* weights = nullptr);

// Writes a rank's part of a store written across MPI ranks into `directory` (which must exist and
// hold no store): `lists` are the rows of part.rank's vertex range, `adjacencies` their entries,
// and `edge_share` the input tuples the rank validates against (the manifest's edge file, in the
// reference's packed layout, converted on the way); with SSSP weights, `list_weights` beside the
// lists' entries and `edge_weights` beside the tuples (stored_weights.hpp; both empty: none). Throws
// semibfs::Error as write_store does, leaving no store file behind.
void write_rank_part_store(const std::string& directory, const CsrGraph& lists, std::int64_t vertices, RankPart part,
                           NeighborOrder order, const std::string& made_from, std::span<const CompactEdge> edge_share,
                           std::span<const float> list_weights = {}, std::span<const float> edge_weights = {});

// Reads the store back, checking the manifest against the request and every file's size and
// SHA-256; any mismatch is a semibfs::Error that names the file or the field.
PartitionedGraph read_store(const std::string& directory, const StoreRequest& request);

// For loaders that read a store in their own way (tiered_graph.cpp): the manifest, checked
// against the request like read_store does; an array's manifest entry, its file's size checked;
// an offsets array ("backward" or "forward"), its size
// and SHA-256 checked; and the error a damaged file raises. File names: store_manifest.hpp.
StoreManifest read_store_manifest(const std::string& directory, const StoreRequest& request);
// The manifest as it is, checked against nothing (`semibfs info`, stores built from files).
StoreManifest read_store_manifest(const std::string& directory);
// The request that the store with `manifest` satisfies.
StoreRequest request_matching(const StoreManifest& manifest);
// The manifest's entry for the array file `name`, after checking that the file has its size.
const StoreArray& checked_store_array(const std::string& directory, const StoreManifest& manifest,
                                      const std::string& name);
std::vector<std::int64_t> read_store_offsets(const std::string& directory, const StoreManifest& manifest,
                                             int partition, const char* graph, std::int64_t rows);
// Reads the array file `name` into `into`, which must be its size, checking its SHA-256.
void read_store_array_into(const std::string& directory, const StoreManifest& manifest, const std::string& name,
                           std::span<std::byte> into);
// A compressed store's offsets and positions arrays of one graph of one partition (pK.G.offsets:
// entries before each row; pK.G.positions: where each row's list starts in pK.G.lists; rows + 1
// entries each), streamed in pieces so that neither is ever whole in DRAM: consume(offsets,
// positions) gets the entries of consecutive pieces, each piece beginning with the last entry of
// the one before, so that every row's two lengths are in one piece. Checks both files' sizes and
// SHA-256, that both start at 0 and never decrease, and that the positions end at the list
// file's length.
using RowArrayPieces = std::function<void(std::span<const std::int64_t> offsets, std::span<const std::uint64_t> positions)>;
void stream_compressed_row_arrays(const std::string& directory, const StoreManifest& manifest, int partition,
                                  const char* graph, std::int64_t rows, const RowArrayPieces& consume);
// Streams the array file `name` front to back in pieces of at most 1 MiB, at byte `offset` each,
// checking its size and, once it has streamed past, its SHA-256 against the manifest: the caller
// trusts nothing until this returns.
using ArrayPieces = std::function<void(std::span<const std::byte> bytes, std::uint64_t offset)>;
void stream_store_array(const std::string& directory, const StoreManifest& manifest, const std::string& name,
                        const ArrayPieces& consume);

}  // namespace semibfs
