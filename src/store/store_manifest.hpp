// The manifest of an on-disk graph, one "key value" line each, so that a person can read it:
//   semibfs-graph-store 1
//   made-from kronecker scale=20 edgefactor=16 seed1=2 seed2=3
//   vertices 1048576
//   adjacencies 31919398
//   partitions 1
//   neighbor-order hub-first
//   direction undirected          (absent in stores of earlier versions: undirected)
//   vertex-order degree           (only in a store relabelled at construction: its ids by
//                                  descending degree, the permutation in relabel.new-of and
//                                  relabel.old-of, 4 bytes per vertex each; the edge file keeps
//                                  the input's ids)
//   list-code byte/3              (only in a compressed store: each graph's lists as
//                                  pK.G.positions and pK.G.lists, compress/list_codec.hpp,
//                                  instead of pK.G.neighbors; its lists ascending by id)
//   array p0.backward.offsets 8388616 <sha256>
//   ...
//   edge-file edges.packed48 402653184 <sha256>   (the input's edges; absent when the store has none,
//                                                  or was written before it was recorded)
//   edge-pairs 9f3c0a1b2c3d4e5f   (the edge file's records as the lists hold them, summed pair
//                                  hashes: store/edge_file_seal.hpp; absent in older stores)
//   list-weights float32          (only in a store with SSSP weights: pK.backward.weights, one
//                                  float a backward list entry, store/stored_weights.hpp; an
//                                  older semibfs refuses the key, so never reads such a store
//                                  as an unweighted one)
//   edge-weights edges.weights 134217728 <sha256>  (the edge file's weights, one float a record,
//                                  in its order: what SSSP validation reads; with list-weights
//                                  when the store has an edge file)
//   rank-part 1 4                 (only in a rank's part of a store written across MPI ranks)
//   end
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compress/list_codec.hpp"
#include "core/graph_direction.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

inline constexpr int kStoreFormatVersion = 1;
inline const char* const kManifestName = "manifest";
// The input's edges beside the graph, in the reference's packed 12-byte layout: what validation
// streams (run --dram-budget writes it, build imports into it).
inline const char* const kEdgeFileName = "edges.packed48";
// The edge file's SSSP weights, one little-endian float per record of kEdgeFileName.
inline const char* const kEdgeWeightsName = "edges.weights";
// The one type of list weights a store holds (the reference's float weights).
inline const char* const kListWeightsType = "float32";
// A relabelled store's permutation: the store's id of each input vertex, and its inverse.
inline const char* const kRelabelNewOfName = "relabel.new-of";
inline const char* const kRelabelOldOfName = "relabel.old-of";

// More ranks than this in a rank part's manifest is damage, not a job.
inline constexpr int kMaxRanks = 1 << 20;

// A rank's part of a store written across MPI ranks (`run --store DIR` under mpirun writes one into
// DIR/rank-K): the lists of the vertex range `rank` of PartitionLayout(vertices, ranks) alone, in
// one partition, undirected (ranks are the level of partitioning above NUMA partitions).
struct RankPart {
  int rank = 0;
  int ranks = 1;
  bool operator==(const RankPart&) const = default;
};

struct StoreArray {
  std::string name;  // the file name inside the store directory
  std::int64_t bytes = 0;
  std::string sha256;
  // The edge file's alone, where recorded: its records' pair digest (store/edge_file_seal.hpp).
  std::optional<std::uint64_t> pair_digest = std::nullopt;
};

struct StoreManifest {
  int version = kStoreFormatVersion;
  std::string made_from;
  std::int64_t vertices = 0;
  std::int64_t adjacencies = 0;
  int partitions = 1;
  std::string neighbor_order;
  // Directed: the backward lists are in-lists and the forward graph (separate even with one
  // partition) holds the out-lists.
  GraphDirection direction = GraphDirection::kUndirected;
  // Set in a compressed store: the code of its lists (the byte code; a minimum interval length).
  std::optional<ListCodec> list_codec;
  // "degree" in a store relabelled by degree, else empty (the input's ids).
  std::string vertex_order;
  std::vector<StoreArray> arrays;
  // The edge file (kEdgeFileName) as the build read it, so that validation trusts only those bytes.
  std::optional<StoreArray> edge_file;
  std::optional<RankPart> rank_part;  // absent: the whole graph
  // Set: each partition's backward lists have a weight an entry (pK.backward.weights).
  bool list_weights = false;
  // The edge file's weights (kEdgeWeightsName), where the store has them.
  std::optional<StoreArray> edge_weights;

  // The vertices whose backward lists `partition` holds: its range of PartitionLayout(vertices,
  // partitions), or the rank's range in a rank's part.
  VertexRange partition_rows(int partition) const;

  std::string to_text() const;
  // Throws semibfs::Error naming `path` and the line when the text is not a whole manifest or a
  // value is out of range (vertices above kMaxVertices, partitions outside 1..kMaxPartitions, an
  // array listed twice, a checksum that is not 64 hex digits, a rank part of several partitions or
  // directed).
  static StoreManifest parse(const std::string& text, const std::string& path);
  const StoreArray& array(const std::string& name, const std::string& path) const;
  // The bytes of the backward lists' files (neighbours, or compressed lists), as listed.
  std::int64_t backward_list_bytes() const;
  // The bytes of the list weights' files, as listed (0 without weights).
  std::int64_t list_weight_bytes() const;
};

// The path of a store file, and the name of one array: "p{partition}.{graph}.{part}", e.g.
// p0.backward.offsets (graph: backward or forward; part: offsets, neighbors, weights (beside the
// weighted lists only), or in a compressed store positions and lists).
std::string store_path(const std::string& directory, const std::string& name);
std::string store_array_name(int partition, const char* graph, const char* part);
// The graph whose lists keep the SSSP weights: the lists SSSP follows, a vertex's edges out: the
// backward lists of an undirected store, the out-lists (forward) of a directed one (of one partition).
const char* weighted_lists_graph(GraphDirection direction);

// Throws semibfs::Error unless `directory` is an existing directory.
void check_store_directory(const std::string& directory);
// Whether `directory` holds a store (a manifest).
bool store_exists(const std::string& directory);

}  // namespace semibfs
