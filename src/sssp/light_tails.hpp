// The light entries (weight below delta) of the tails a store keeps on disk under a budget, held in
// DRAM for the SSSP kernel: a vertex whose tail is covered here is expanded in its bucket from DRAM
// alone (its resident entries and these), and its heavy entries, which land in later buckets only,
// once when its bucket is done and its distance final (U. Meyer, P. Sanders, "Delta-stepping: a
// parallelizable shortest path algorithm", J. Algorithms 49(1), 2003: light and heavy edges apart).
// Hubs, the vertices with tails, are lowered again and again in their buckets; without this each
// lowering read their tails again (about three times a search at SCALE 20, docs/PERFORMANCE.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

class LightTails {
 public:
  // Bytes a covered vertex costs besides its entries: its id, where its entries begin, and its
  // places in the kernel's lists of vertices whose heavy edges wait, the thread's and the bucket's
  // in id order (twice each, for their growth).
  static constexpr std::int64_t kBytesPerVertex = sizeof(VertexId) + sizeof(std::int64_t) + 4 * sizeof(NeighborId);
  static constexpr std::int64_t kBytesPerEntry = sizeof(NeighborId) + sizeof(float);

  LightTails() = default;
  // Entries below `limit` only, of vertices below `num_vertices`; at most `max_bytes` in all, a bit
  // a vertex included: a vertex whose entries do not fit any more is left out, and so are all after it.
  LightTails(float limit, std::int64_t max_bytes, std::int64_t num_vertices);

  float limit() const { return limit_; }
  // Adds `vertex`'s light tail entries; vertices must come in ascending order. False (and nothing
  // kept, now or later) when they do not fit.
  bool add(VertexId vertex, std::span<const NeighborId> neighbors, std::span<const float> weights);

  // A bit a vertex: asked of every vertex a search expands, where a search over the covered ones
  // took about 5% of a search (SCALE 20).
  bool covers(VertexId vertex) const {
    const auto at = static_cast<std::uint64_t>(vertex);
    return at / 64 < covered_.size() && (covered_[at / 64] >> (at % 64) & 1) != 0;
  }
  // The light tail entries of a covered vertex.
  template <typename F>
  void for_each(VertexId vertex, F&& f) const {
    const auto at = static_cast<std::size_t>(std::lower_bound(vertices_.begin(), vertices_.end(), vertex) -
                                             vertices_.begin());
    for (std::int64_t k = begins_[at]; k < begins_[at + 1]; ++k) f(neighbors_[k], weights_[k]);
  }
  std::int64_t covered() const { return static_cast<std::int64_t>(vertices_.size()); }
  std::int64_t entries() const { return static_cast<std::int64_t>(neighbors_.size()); }
  std::int64_t bytes() const {
    return static_cast<std::int64_t>(covered_.size() * sizeof(std::uint64_t)) + covered() * kBytesPerVertex +
           entries() * kBytesPerEntry;
  }
  // Whether adding stopped because the bytes ran out (the rest of the tails not covered).
  bool full() const { return full_; }

 private:
  float limit_ = 0.0F;
  std::int64_t max_bytes_ = 0;
  bool full_ = false;
  std::uint64_t num_vertices_ = 0;
  std::vector<std::uint64_t> covered_;  // bit v: vertex v is covered
  std::vector<VertexId> vertices_;
  std::vector<std::int64_t> begins_{0};  // entries of vertices_[i]: [begins_[i], begins_[i + 1])
  std::vector<NeighborId> neighbors_;
  std::vector<float> weights_;
};

}  // namespace semibfs
