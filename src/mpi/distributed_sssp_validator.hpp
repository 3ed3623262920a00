// Validation of single-source shortest paths across ranks by the SSSP rules, numbered as
// validate/sssp_validator.hpp numbers them (1 labels, 2 parent edges, 3 no shortcut, 4 the reached
// set is BFS's), without gathering the distances anywhere. Each rank holds its share of the
// weighted input tuples and the labels (distance, parent) of its own vertices; it fetches the
// labels of its tuples' endpoints from their owners, round by round, as the BFS validation across
// ranks does (mpi/distributed_validator.hpp), and tells each vertex's owner when a tuple is its
// parent edge. Shares no code with the search (src/sssp/, mpi/distributed_sssp.hpp). Distances are
// compared exactly, each sum taken in float, as the reference compares them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "core/file_at.hpp"
#include "edges/edge_list.hpp"
#include "edges/packed_edge_file.hpp"
#include "graph/partition_layout.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_validator.hpp"

namespace semibfs {

// A rank's share of the weighted input tuples: weights[i] is the weight of edges[i].
struct WeightedShare {
  std::span<const CompactEdge> edges;
  std::span<const float> weights;
};

// A rank's share read a round's piece at a time: in DRAM, or from its part's files under a budget.
class WeightedShareSource {
 public:
  virtual ~WeightedShareSource() = default;
  virtual std::int64_t num_tuples() const = 0;
  // Tuples [first, first + count) and their weights, valid until the next call.
  virtual WeightedShare piece(std::int64_t first, std::int64_t count) = 0;
};

class InMemoryWeightedShare final : public WeightedShareSource {
 public:
  explicit InMemoryWeightedShare(WeightedShare share) : share_(share) {}
  std::int64_t num_tuples() const override { return static_cast<std::int64_t>(share_.edges.size()); }
  WeightedShare piece(std::int64_t first, std::int64_t count) override;

 private:
  WeightedShare share_;
};

// A rank part's edge file (packed) and its weights (edges.weights, one float a record), both checked
// against the part's manifest before (SearchSession::check_edge_file, check_edge_weights); a round's
// piece read into buffers of its size.
class FileWeightedShare final : public WeightedShareSource {
 public:
  FileWeightedShare(const std::string& edge_path, const std::string& weights_path);
  std::int64_t num_tuples() const override { return edges_.num_edges(); }
  WeightedShare piece(std::int64_t first, std::int64_t count) override;
  // What the buffers hold for rounds of `tuples_per_round`.
  static std::int64_t buffer_bytes(std::int64_t tuples_per_round) {
    return tuples_per_round * static_cast<std::int64_t>(sizeof(PackedEdge) + sizeof(CompactEdge) + sizeof(float));
  }

 private:
  PackedEdgeFile edges_;
  FileAt weights_;
  std::vector<PackedEdge> packed_;
  std::vector<CompactEdge> compact_;
  std::vector<float> weights_piece_;
};

// Collective. `own_distance` and `own_parent` have one entry per own vertex (global parent ids;
// infinity and kUnreached where unreached). Rules 2 to 4 and nedge (non-self-loop tuples with both
// endpoints reached, over all ranks: the TEPS numerator) only when rule 1 holds on every rank.
// Throws semibfs::Error on every rank when the root is not a vertex, an array has the wrong size,
// the layout has another rank count than comm, or a tuple names a vertex outside the graph.
DistributedValidation validate_sssp_distributed(Communicator& comm, const PartitionLayout& ranks,
                                                const WeightedShare& share, VertexId root,
                                                std::span<const float> own_distance,
                                                std::span<const VertexId> own_parent,
                                                std::int64_t tuples_per_round = kDefaultTuplesPerRound);
// The same, the share read a round's piece at a time.
DistributedValidation validate_sssp_distributed(Communicator& comm, const PartitionLayout& ranks,
                                                WeightedShareSource& share, VertexId root,
                                                std::span<const float> own_distance,
                                                std::span<const VertexId> own_parent,
                                                std::int64_t tuples_per_round = kDefaultTuplesPerRound);

}  // namespace semibfs
