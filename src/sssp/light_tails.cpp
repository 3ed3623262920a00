#include "sssp/light_tails.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace semibfs {

// Room reserved at once (pages are only touched as entries come), so that growing never holds two
// copies and the bytes stay within max_bytes.
LightTails::LightTails(float limit, std::int64_t max_bytes, std::int64_t num_vertices)
    : limit_(limit),
      max_bytes_(max_bytes),
      num_vertices_(static_cast<std::uint64_t>(std::max<std::int64_t>(0, num_vertices))) {
  const std::uint64_t words = (num_vertices_ + 63) / 64;
  if (static_cast<std::int64_t>(words * sizeof(std::uint64_t)) > max_bytes) {
    full_ = true;  // not even the bits fit: nothing is covered
    return;
  }
  covered_.resize(words);
  const auto most_entries = static_cast<std::size_t>(std::max<std::int64_t>(0, max_bytes / kBytesPerEntry));
  const auto most_vertices = static_cast<std::size_t>(std::max<std::int64_t>(0, max_bytes / kBytesPerVertex));
  neighbors_.reserve(most_entries);
  weights_.reserve(most_entries);
  vertices_.reserve(most_vertices);
  begins_.reserve(most_vertices + 1);
}

bool LightTails::add(VertexId vertex, std::span<const NeighborId> neighbors, std::span<const float> weights) {
  if (!vertices_.empty() && vertex <= vertices_.back()) {
    throw Error("light tails: vertex " + std::to_string(vertex) + " added after " + std::to_string(vertices_.back()));
  }
  if (full_) return false;
  if (vertex < 0 || static_cast<std::uint64_t>(vertex) >= num_vertices_) {
    throw Error("light tails: vertex " + std::to_string(vertex) + " is not below " + std::to_string(num_vertices_));
  }
  std::int64_t light = 0;
  for (const float weight : weights) light += weight < limit_ ? 1 : 0;
  if (bytes() + kBytesPerVertex + light * kBytesPerEntry > max_bytes_) {
    full_ = true;
    return false;
  }
  for (std::size_t k = 0; k < weights.size(); ++k) {
    if (!(weights[k] < limit_)) continue;
    neighbors_.push_back(neighbors[k]);
    weights_.push_back(weights[k]);
  }
  covered_[static_cast<std::uint64_t>(vertex) / 64] |= std::uint64_t{1} << (static_cast<std::uint64_t>(vertex) % 64);
  vertices_.push_back(vertex);
  begins_.push_back(static_cast<std::int64_t>(neighbors_.size()));
  return true;
}

}  // namespace semibfs
