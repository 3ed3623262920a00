#include "tiered/graph_profile.hpp"

#include <algorithm>

#include "graph/partitioned_graph.hpp"

namespace semibfs {
namespace {

// Per-thread dense counts up to this degree, a sorted list above it (hubs are few).
constexpr std::int64_t kDenseDegrees = 1 << 16;

// Degree classes (with their lists' bytes when asked), one vertex at a time: counted densely up
// to kDenseDegrees, the few larger degrees listed and sorted at the end. A counter per thread,
// merged.
class ClassCounter {
 public:
  explicit ClassCounter(bool with_bytes)
      : vertices_(kDenseDegrees, 0), bytes_(with_bytes ? kDenseDegrees : 0, 0) {}
  void add(std::int64_t degree, std::int64_t bytes) {
    if (degree >= kDenseDegrees) {
      large_.push_back({degree, 1, bytes});
    } else if (degree > 0) {
      ++vertices_[degree];
      if (!bytes_.empty()) bytes_[degree] += bytes;
    }
  }
  void merge(const ClassCounter& other) {
    for (std::size_t degree = 0; degree < vertices_.size(); ++degree) vertices_[degree] += other.vertices_[degree];
    for (std::size_t degree = 0; degree < bytes_.size(); ++degree) bytes_[degree] += other.bytes_[degree];
    large_.insert(large_.end(), other.large_.begin(), other.large_.end());
  }
  std::vector<DegreeCount> classes() {
    std::vector<DegreeCount> classes;
    for (std::int64_t degree = 1; degree < kDenseDegrees; ++degree) {
      if (vertices_[degree] > 0) classes.push_back({degree, vertices_[degree], bytes_.empty() ? 0 : bytes_[degree]});
    }
    std::sort(large_.begin(), large_.end(), [](const DegreeCount& a, const DegreeCount& b) { return a.degree < b.degree; });
    for (const DegreeCount& count : large_) {
      if (classes.empty() || classes.back().degree != count.degree) classes.push_back({count.degree, 0, 0});
      ++classes.back().vertices;
      classes.back().bytes += count.bytes;
    }
    return classes;
  }

 private:
  std::vector<std::int64_t> vertices_;
  std::vector<std::int64_t> bytes_;  // empty: bytes not counted
  std::vector<DegreeCount> large_;
};

}  // namespace

std::int64_t max_degree(const std::vector<DegreeCount>& degrees) {
  return degrees.empty() ? 0 : degrees.back().degree;  // ascending by degree
}

std::int64_t GraphProfile::num_entries() const {
  std::int64_t entries = 0;
  for (const DegreeCount& count : degrees) entries += count.degree * count.vertices;
  return entries;
}

std::int64_t GraphProfile::backward_list_bytes() const {
  if (!compressed_lists) return num_entries() * entry_bytes;
  // What an entry holds beside its id (an SSSP weight) is not compressed.
  std::int64_t bytes = num_entries() * (entry_bytes - static_cast<std::int64_t>(sizeof(NeighborId)));
  for (const DegreeCount& count : degrees) bytes += count.bytes;
  return bytes;
}

std::int64_t GraphProfile::forward_list_bytes() const {
  if (!separate_forward) return 0;
  if (!compressed_lists) return backward_list_bytes();
  std::int64_t bytes = 0;
  for (const DegreeCount& count : forward_degrees) bytes += count.bytes;
  return bytes;
}

std::int64_t GraphProfile::placed_bytes() const {
  return bfs_status_bytes() + offset_bytes + first_neighbor_bytes + backward_list_bytes() + forward_list_bytes();
}

std::int64_t GraphProfile::graph_bytes() const {
  return placed_bytes() - bfs_status_bytes() + unused_capacity_bytes;
}

std::vector<DegreeCount> degree_histogram(const std::vector<std::span<const std::int64_t>>& backward_offsets) {
  ClassCounter counter(false);
#pragma omp parallel
  {
    ClassCounter local(false);
    for (const std::span<const std::int64_t> offsets : backward_offsets) {
      const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
#pragma omp for schedule(static) nowait
      for (std::int64_t row = 0; row < rows; ++row) local.add(offsets[row + 1] - offsets[row], 0);
    }
#pragma omp critical
    counter.merge(local);
  }
  return counter.classes();
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

std::vector<DegreeCount> compressed_degree_histogram(std::span<const CompressedRowIndex> graphs, bool rows_are_vertices) {
  ClassCounter counter(true);
  const auto bytes = [](const CompressedRowIndex& rows, std::int64_t row) {
    return static_cast<std::int64_t>(rows.list_end(row) - rows.list_begin(row));
  };
  if (rows_are_vertices) {
    for (const CompressedRowIndex& rows : graphs) {
      for (std::int64_t row = 0; row < rows.num_rows(); ++row) counter.add(rows.degree(row), bytes(rows, row));
    }
    return counter.classes();
  }
  const std::int64_t vertices = graphs.empty() ? 0 : graphs.front().num_rows();
  for (std::int64_t vertex = 0; vertex < vertices; ++vertex) {
    std::int64_t degree = 0;
    std::int64_t list_bytes = 0;
    for (const CompressedRowIndex& rows : graphs) {
      degree += rows.degree(vertex);
      list_bytes += bytes(rows, vertex);
    }
    counter.add(degree, list_bytes);
  }
  return counter.classes();
}

GraphProfile profile_of(const PartitionedGraph& graph, std::int64_t bfs_status_bytes_per_vertex) {
  GraphProfile profile;
  profile.num_vertices = graph.num_vertices();
  profile.partitions = graph.num_partitions();
  profile.separate_forward = graph.has_separate_forward();
  profile.bfs_status_bytes_per_vertex = bfs_status_bytes_per_vertex;
  profile.entry_bytes = static_cast<std::int64_t>(sizeof(NeighborId));
  profile.first_neighbor_bytes = graph.bytes().first_neighbors;
  auto add_arrays = [&](const CsrGraph& csr) {
    profile.offset_bytes += static_cast<std::int64_t>(csr.offsets().capacity() * sizeof(std::int64_t));
    const auto& neighbors = csr.all_neighbors();
    profile.unused_capacity_bytes +=
        static_cast<std::int64_t>((neighbors.capacity() - neighbors.size()) * sizeof(NeighborId));
  };
  for (int k = 0; k < graph.num_partitions(); ++k) {
    add_arrays(graph.backward(k));
    if (profile.separate_forward) add_arrays(graph.forward(k));
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
