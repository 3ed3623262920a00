// Kernel 3: single-source shortest paths by delta-stepping (U. Meyer, P. Sanders, "Delta-stepping:
// a parallelizable shortest path algorithm", J. Algorithms 49(1), 2003), in the shape of gapbs's
// sssp.cc (Beamer et al.): thread-local buckets, one shared frontier per round, and bucket fusion
// (a thread goes on with its own small current bucket without a barrier).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "graph/list_weights.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "sssp/distance_label.hpp"
#include "sssp/sssp_options.hpp"

namespace semibfs {

// What one search did.
struct SsspStats {
  std::int64_t rounds = 0;            // rounds between barriers (one shared frontier each)
  std::int64_t buckets = 0;           // distinct buckets emptied
  std::int64_t edges_relaxed = 0;     // list entries looked at
  std::int64_t distance_updates = 0;  // relaxations that lowered a distance
};

class DeltaStepping {
 public:
  // The graph and weights must outlive the search; delta must be finite and at least kMinDelta.
  DeltaStepping(const PartitionedGraph& graph, ListWeightsView weights, SsspOptions options);
  DeltaStepping(const PartitionedGraph& graph, const ListWeights& weights, SsspOptions options)
      : DeltaStepping(graph, ListWeightsView(graph, weights), options) {}

  // Distances from `root` (infinity where unreached) and each reached vertex's parent on a
  // shortest path (the root its own, kUnreached elsewhere); one entry per vertex in each.
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent);
  SsspStats run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent);

  // Bytes held between searches: a label (distance and parent) per vertex and the frontier.
  std::int64_t status_bytes() const;

 private:
  // The one rule that puts a distance in a bucket, for the pushes and the frontier's check alike.
  std::size_t bucket_of(float distance) const { return semibfs::bucket_of(distance, options_.delta); }
  void search(VertexId root, SsspStats& stats);
  void empty_bucket(std::size_t bucket, std::size_t frontier_size, std::vector<std::vector<NeighborId>>& buckets,
                    SsspStats& stats);
  void relax(VertexId vertex, std::vector<std::vector<NeighborId>>& buckets, SsspStats& stats);
  template <typename ParentId>
  SsspStats run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent);

  const PartitionedGraph& graph_;
  ListWeightsView weights_;
  SsspOptions options_;
  std::vector<std::uint64_t> labels_;  // distance bits << 32 | parent, set together by one CAS
  std::vector<NeighborId> frontier_;
};

}  // namespace semibfs
