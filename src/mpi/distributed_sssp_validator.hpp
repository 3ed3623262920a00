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

#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "graph/partition_layout.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_validator.hpp"

namespace semibfs {

// A rank's share of the weighted input tuples: weights[i] is the weight of edges[i].
struct WeightedShare {
  std::span<const CompactEdge> edges;
  std::span<const float> weights;
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

}  // namespace semibfs
