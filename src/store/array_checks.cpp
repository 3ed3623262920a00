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
  if (!forward || !forward_graph_is_separate(manifest.partitions, manifest.direction)) return {0, manifest.vertices};
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

}  // namespace semibfs
