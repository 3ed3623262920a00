#include "store/array_checks.hpp"

#include <algorithm>
#include <cstring>

#include "store/graph_store.hpp"

namespace semibfs {

void check_store_offsets(const std::string& path, std::span<const std::int64_t> offsets, std::int64_t entries) {
  if (offsets.empty() || offsets.front() != 0) {
    store_file_damaged(path, "the first offset is " + (offsets.empty() ? std::string("missing") : std::to_string(offsets.front())) +
                                 ", not 0");
  }
  const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
  std::int64_t first_decrease = rows;
#pragma omp parallel for schedule(static) reduction(min : first_decrease)
  for (std::int64_t row = 0; row < rows; ++row) {
    if (offsets[row + 1] < offsets[row]) first_decrease = std::min(first_decrease, row);
  }
  if (first_decrease < rows) {
    store_file_damaged(path, "offset " + std::to_string(first_decrease + 1) + " (" +
                                 std::to_string(offsets[first_decrease + 1]) + ") is below the one before it (" +
                                 std::to_string(offsets[first_decrease]) + ")");
  }
  if (offsets.back() != entries) {
    store_file_damaged(path, "the last offset is " + std::to_string(offsets.back()) + ", but its list file holds " +
                                 std::to_string(entries) + " entries");
  }
}

VertexRange allowed_neighbors(const StoreManifest& manifest, int partition, const char* graph) {
  const bool forward = std::strcmp(graph, "forward") == 0;
  if (!forward || !has_separate_forward(manifest.partitions, manifest.direction)) return {0, manifest.vertices};
  return PartitionLayout(manifest.vertices, manifest.partitions).range(partition);
}

void check_neighbor_ids(const std::string& path, std::span<const NeighborId> neighbors, std::int64_t first,
                        VertexRange allowed) {
  const auto count = static_cast<std::int64_t>(neighbors.size());
  std::int64_t first_bad = count;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t index = 0; index < count; ++index) {
    if (!allowed.contains(neighbors[index])) first_bad = std::min(first_bad, index);
  }
  if (first_bad == count) return;
  store_file_damaged(path, "entry " + std::to_string(first + first_bad) + " is vertex " +
                               std::to_string(neighbors[first_bad]) + ", outside [" + std::to_string(allowed.begin) +
                               ", " + std::to_string(allowed.end) + ")");
}

void PairDigest::add_lists(VertexId row_base, std::span<const std::int64_t> offsets,
                           std::span<const NeighborId> neighbors) {
  const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
  std::uint64_t direct = 0;
  std::uint64_t reversed = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : direct, reversed)
  for (std::int64_t row = 0; row < rows; ++row) {
    PairDigest local;
    for (std::int64_t entry = offsets[row]; entry < offsets[row + 1]; ++entry) local.add(row_base + row, neighbors[entry]);
    direct += local.direct_;
    reversed += local.reversed_;
  }
  direct_ += direct;
  reversed_ += reversed;
}

void check_lists_agree(const std::string& directory, const StoreManifest& manifest, const PairDigest& backward,
                       const PairDigest& forward) {
  // Which partition's file is wrong is not known: the message names them all.
  const bool directed = manifest.direction == GraphDirection::kDirected;
  // A rank's part holds one side of the pairs that cross ranks: the ranks compare their sums.
  if (!directed && !manifest.rank_part && backward.direct() != backward.reversed()) {
    store_file_damaged(store_path(directory, manifest.list_codec ? "p*.backward.lists" : "p*.backward.neighbors"),
                       "the lists are not symmetric: some u in the list of v has no v in the list of u");
  }
  if (!has_separate_forward(manifest.partitions, manifest.direction)) return;
  if (forward.direct() != (directed ? backward.reversed() : backward.direct())) {
    const char* backward_lists = manifest.list_codec ? "p*.backward.lists" : "p*.backward.neighbors";
    store_file_damaged(store_path(directory, manifest.list_codec ? "p*.forward.lists" : "p*.forward.neighbors"),
                       std::string(directed ? "the out-lists do not hold the edges of the in-lists ("
                                            : "the lists do not hold the edges of the backward lists (") +
                           backward_lists + ")");
  }
}

}  // namespace semibfs
