// The SSSP weights a store keeps (issue 40): the list weights, one float beside each entry of each
// partition's backward lists (pK.backward.weights, in ListWeights's layout: the least weight of the
// input tuples that join the entry's two vertices), or in a directed store beside its out-lists
// (p0.forward.weights: the least weight of the tuples u -> v of the entry v of u's list), and the edge file's weights
// (edges.weights, one float per record, in its order), which SSSP validation reads. Both are listed in the manifest
// (list-weights, edge-weights) and checked as every array is: size and SHA-256, and here each
// value finite and not negative.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"
#include "core/sha256.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/store_manifest.hpp"
#include "store/store_writer.hpp"

namespace semibfs {

// "pK.backward.weights", or beside a directed store's out-lists "p0.forward.weights".
std::string list_weights_name(int partition, GraphDirection direction = GraphDirection::kUndirected);

// Each partition's list weights of a store whose manifest lists them, `entries[k]` of partition k,
// each file's size, SHA-256 and values checked; semibfs::Error naming the file otherwise.
std::vector<std::vector<float>> read_list_weights(const std::string& directory, const StoreManifest& manifest,
                                                  std::span<const std::int64_t> entries);
// The same for the lists of `graph`, read from the store.
std::vector<std::vector<float>> read_list_weights(const std::string& directory, const StoreManifest& manifest,
                                                  const PartitionedGraph& graph);
// A view of weights so read, beside `graph`'s lists.
ListWeightsView view_of(const PartitionedGraph& graph, const std::vector<std::vector<float>>& weights);

// The edge file's weights, one per record of its `records`, checked likewise.
std::vector<float> read_edge_weights(const std::string& directory, const StoreManifest& manifest, std::int64_t records);
// The same checks streaming the file in pieces of `piece_bytes`, keeping nothing (under a DRAM
// budget, where validation then reads it chunk by chunk); the file's path.
std::string check_edge_weights(const std::string& directory, const StoreManifest& manifest, std::int64_t records,
                               std::uint64_t piece_bytes);

// Adds each partition's weights to `writer` as its list weights (the manifest then needs
// StoreDescription::list_weights).
void add_list_weights(StoreWriter& writer, const ListWeightsView& weights);

// The edge file's weights written as its records are (temporary name, renamed by finish), their
// SHA-256 taken on the way.
class EdgeWeightsWriter {
 public:
  explicit EdgeWeightsWriter(const std::string& directory);
  void append(std::span<const float> weights);
  // The file renamed into place; its manifest entry.
  StoreArray finish();

 private:
  AtomicFileWriter file_;
  Sha256 sha_;
  std::int64_t bytes_ = 0;
};

// Throws the damaged-store error of `path` unless every weight is finite and not negative.
void check_weight_values(const std::string& path, std::span<const float> weights);

}  // namespace semibfs
