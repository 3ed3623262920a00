// What every SSSP kernel in one process does with a search's arrays around the search itself:
// checks the root and the result arrays, starts the labels and the distance hints, and writes each
// label's distance and parent into the result (delta_stepping.cpp, push_pull_stepping.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>

#include "core/error.hpp"
#include "core/types.hpp"
#include "sssp/distance_label.hpp"

namespace semibfs {

// Throws semibfs::Error unless `root` is one of the labels' vertices and each result array holds
// one entry per vertex.
inline void check_search_arrays(std::span<const std::uint64_t> labels, VertexId root, std::size_t distances,
                                std::size_t parents) {
  const auto n = std::ssize(labels);
  if (root < 0 || root >= n) throw Error("delta-stepping: root " + std::to_string(root) + " is not a vertex");
  if (labels.size() != distances || labels.size() != parents) {
    throw Error("delta-stepping: the distances and parents need one entry per vertex");
  }
}

// Vertex v's label unreached and its distance (the search's hint) infinite; called for every v
// inside the kernel's own start loop.
inline void start_label(std::span<std::uint64_t> labels, std::span<float> distance, std::int64_t v) {
  labels[v] = kUnreachedLabel;
  distance[v] = std::numeric_limits<float>::infinity();
}

// The root's label and distance: 0, its own parent.
inline void start_root(std::span<std::uint64_t> labels, std::span<float> distance, VertexId root) {
  labels[root] = pack_label(0.0F, static_cast<std::uint32_t>(root));
  distance[root] = 0.0F;
}

// Each vertex's label distance and parent into the result (kUnreached where the distance is
// infinite). A kernel that searches in ids of its own gives where vertex v's label is
// (`label_index(v)`) and the result's name of a parent from its own (`parent_name(p)`).
template <typename ParentId, typename LabelIndex = std::identity, typename ParentName = std::identity>
void write_search_result(std::span<const std::uint64_t> labels, std::span<float> distance, std::span<ParentId> parent,
                         LabelIndex label_index = {}, ParentName parent_name = {}) {
  const auto n = std::ssize(labels);
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    const std::uint64_t label = labels[label_index(v)];
    distance[v] = distance_of(label);
    parent[v] = std::isinf(distance[v]) ? static_cast<ParentId>(kUnreached)
                                        : static_cast<ParentId>(parent_name(parent_of(label)));
  }
}

}  // namespace semibfs
