#include "store/stored_weights.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "io/aligned_buffer.hpp"
#include "io/sequential_read.hpp"
#include "store/graph_store.hpp"

namespace semibfs {

std::string list_weights_name(int partition, GraphDirection direction) {
  return store_array_name(partition, weighted_lists_graph(direction), "weights");
}

void check_weight_values(const std::string& path, std::span<const float> weights) {
  std::int64_t first_bad = static_cast<std::int64_t>(weights.size());
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(weights.size()); ++i) {
    if (!(weights[i] >= 0) || std::isinf(weights[i])) first_bad = std::min(first_bad, i);
  }
  if (first_bad < static_cast<std::int64_t>(weights.size())) {
    store_file_damaged(path, "weight " + std::to_string(first_bad) + " (" + std::to_string(weights[first_bad]) +
                                 ") is not a finite non-negative number");
  }
}

namespace {

// `count` floats of the array `name`, its size, SHA-256 and values checked.
std::vector<float> read_weight_array(const std::string& directory, const StoreManifest& manifest,
                                     const std::string& name, std::int64_t count) {
  std::vector<float> weights;
  assign_in_huge_pages(weights, static_cast<std::size_t>(count));  // read beside the lists, at random
  read_store_array_into(directory, manifest, name, std::as_writable_bytes(std::span<float>(weights)));
  check_weight_values(store_path(directory, name), weights);
  return weights;
}

}  // namespace

std::vector<std::vector<float>> read_list_weights(const std::string& directory, const StoreManifest& manifest,
                                                  std::span<const std::int64_t> entries) {
  if (!manifest.list_weights) {
    throw Error("store '" + directory + "' has no weights (build it from a weighted file, or with run --sssp)");
  }
  std::vector<std::vector<float>> weights;
  for (int k = 0; k < static_cast<int>(entries.size()); ++k) {
    weights.push_back(read_weight_array(directory, manifest, list_weights_name(k, manifest.direction), entries[k]));
  }
  return weights;
}

std::vector<std::vector<float>> read_list_weights(const std::string& directory, const StoreManifest& manifest,
                                                  const PartitionedGraph& graph) {
  std::vector<std::int64_t> entries;
  for (int k = 0; k < graph.num_partitions(); ++k) entries.push_back(graph.backward(k).num_adjacencies());
  return read_list_weights(directory, manifest, entries);
}

ListWeightsView view_of(const PartitionedGraph& graph, const std::vector<std::vector<float>>& weights) {
  std::vector<std::span<const float>> partitions(weights.begin(), weights.end());
  return ListWeightsView(graph, std::move(partitions));
}

namespace {

// The edge weights' path, once the manifest lists them for `records` edges.
std::string listed_edge_weights(const std::string& directory, const StoreManifest& manifest, std::int64_t records) {
  if (!manifest.edge_weights) {
    throw Error("store '" + directory + "' keeps no weights of its edge file (" + kEdgeWeightsName +
                "): build it again from the weighted file");
  }
  const std::string path = store_path(directory, kEdgeWeightsName);
  if (manifest.edge_weights->bytes != records * static_cast<std::int64_t>(sizeof(float))) {
    store_file_damaged(path, "the manifest lists " + std::to_string(manifest.edge_weights->bytes) + " bytes for " +
                                 std::to_string(records) + " edges");
  }
  return path;
}

}  // namespace

std::string check_edge_weights(const std::string& directory, const StoreManifest& manifest, std::int64_t records,
                               std::uint64_t piece_bytes) {
  const std::string path = listed_edge_weights(directory, manifest, records);
  StoreManifest listed = manifest;  // checked_store_array finds its entry among the arrays
  listed.arrays = {*manifest.edge_weights};
  checked_store_array(directory, listed, kEdgeWeightsName);
  SequentialReadOptions reading;
  reading.piece_bytes = std::max<std::uint64_t>(round_down_to_block(piece_bytes), kBlockBytes);
  Sha256 sha;
  read_file_in_order(path, reading, [&](std::span<const std::byte> bytes, std::uint64_t) {
    sha.update(bytes.data(), bytes.size());
    check_weight_values(path, {reinterpret_cast<const float*>(bytes.data()), bytes.size() / sizeof(float)});
  });
  if (sha.finish_hex() != manifest.edge_weights->sha256) {
    store_file_damaged(path, "SHA-256 does not match the manifest");
  }
  return path;
}

std::vector<float> read_edge_weights(const std::string& directory, const StoreManifest& manifest, std::int64_t records) {
  listed_edge_weights(directory, manifest, records);
  StoreManifest listed = manifest;  // read_store_array_into finds its entry among the arrays
  listed.arrays = {*manifest.edge_weights};
  return read_weight_array(directory, listed, kEdgeWeightsName, records);
}

void add_list_weights(StoreWriter& writer, const ListWeightsView& weights) {
  for (int k = 0; k < weights.num_partitions(); ++k) {
    writer.add_array(list_weights_name(k), std::as_bytes(weights.partition(k)));
  }
}

EdgeWeightsWriter::EdgeWeightsWriter(const std::string& directory) : file_(store_path(directory, kEdgeWeightsName)) {}

void EdgeWeightsWriter::append(std::span<const float> weights) {
  const std::span<const std::byte> bytes = std::as_bytes(weights);
  sha_.update(bytes.data(), bytes.size());
  file_.append(bytes);
  bytes_ += static_cast<std::int64_t>(bytes.size());
}

StoreArray EdgeWeightsWriter::finish() {
  file_.commit();
  return StoreArray{kEdgeWeightsName, bytes_, sha_.finish_hex()};
}

}  // namespace semibfs
