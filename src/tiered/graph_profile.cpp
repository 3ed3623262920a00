#include "tiered/graph_profile.hpp"

#include <algorithm>

#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

// Per-thread dense counts up to this degree, a sorted list above it (hubs are few).
constexpr std::int64_t kDenseDegrees = 1 << 16;

}  // namespace

std::int64_t GraphProfile::num_entries() const {
  std::int64_t entries = 0;
  for (const DegreeCount& count : degrees) entries += count.degree * count.vertices;
  return entries;
}

std::int64_t GraphProfile::placed_bytes() const {
  return bfs_status_bytes() + offset_bytes + vertex_head_bytes + backward_list_bytes() + forward_list_bytes();
}

std::int64_t GraphProfile::graph_bytes() const {
  return placed_bytes() - bfs_status_bytes() + unused_capacity_bytes;
}

std::vector<DegreeCount> degree_histogram(const std::vector<std::span<const std::int64_t>>& backward_offsets) {
  std::vector<std::int64_t> dense(kDenseDegrees, 0);
  std::vector<std::int64_t> large;
#pragma omp parallel
  {
    std::vector<std::int64_t> local_dense(kDenseDegrees, 0);
    std::vector<std::int64_t> local_large;
    for (const std::span<const std::int64_t> offsets : backward_offsets) {
      const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
#pragma omp for schedule(static) nowait
      for (std::int64_t row = 0; row < rows; ++row) {
        const std::int64_t degree = offsets[row + 1] - offsets[row];
        if (degree < kDenseDegrees) {
          ++local_dense[degree];
        } else {
          local_large.push_back(degree);
        }
      }
    }
#pragma omp critical
    {
      for (std::int64_t degree = 0; degree < kDenseDegrees; ++degree) dense[degree] += local_dense[degree];
      large.insert(large.end(), local_large.begin(), local_large.end());
    }
  }
  std::vector<DegreeCount> degrees;
  for (std::int64_t degree = 1; degree < kDenseDegrees; ++degree) {
    if (dense[degree] > 0) degrees.push_back({degree, dense[degree]});
  }
  std::sort(large.begin(), large.end());
  for (std::int64_t degree : large) {
    if (degrees.empty() || degrees.back().degree != degree) degrees.push_back({degree, 0});
    ++degrees.back().vertices;
  }
  return degrees;
}

std::vector<DegreeCount> out_degree_histogram(const std::vector<std::span<const std::int64_t>>& forward_offsets) {
  if (forward_offsets.size() <= 1) return degree_histogram(forward_offsets);
  // Offsets of the summed lists, as if one partition held every out-list.
  std::vector<std::int64_t> summed(forward_offsets.front().size(), 0);
  for (const std::span<const std::int64_t> offsets : forward_offsets) {
    for (std::size_t row = 0; row + 1 < summed.size(); ++row) summed[row + 1] += offsets[row + 1];
  }
  return degree_histogram({std::span<const std::int64_t>(summed)});
}

GraphProfile profile_of(const PartitionedGraph& graph, std::int64_t bfs_status_bytes_per_vertex) {
  GraphProfile profile;
  profile.num_vertices = graph.num_vertices();
  profile.partitions = graph.num_partitions();
  profile.forward_is_backward = !graph.has_separate_forward();
  profile.bfs_status_bytes_per_vertex = bfs_status_bytes_per_vertex;
  profile.entry_bytes = static_cast<std::int64_t>(sizeof(NeighborId));
  profile.vertex_head_bytes = graph.bytes().heads;
  auto add_arrays = [&](const CsrGraph& csr) {
    profile.offset_bytes += static_cast<std::int64_t>(csr.offsets().capacity() * sizeof(std::int64_t));
    const auto& neighbors = csr.all_neighbors();
    profile.unused_capacity_bytes +=
        static_cast<std::int64_t>((neighbors.capacity() - neighbors.size()) * sizeof(NeighborId));
  };
  for (int k = 0; k < graph.num_partitions(); ++k) {
    add_arrays(graph.backward(k));
    if (!profile.forward_is_backward) add_arrays(graph.forward(k));
  }

  std::vector<std::span<const std::int64_t>> backward_offsets;
  for (int k = 0; k < graph.num_partitions(); ++k) backward_offsets.emplace_back(graph.backward(k).offsets());
  profile.degrees = degree_histogram(backward_offsets);
  if (graph.direction() == GraphDirection::kDirected) {
    std::vector<std::span<const std::int64_t>> forward_offsets;
    for (int k = 0; k < graph.num_partitions(); ++k) forward_offsets.emplace_back(graph.forward(k).offsets());
    profile.forward_degrees = out_degree_histogram(forward_offsets);
  }
  return profile;
}

}  // namespace semibfs
