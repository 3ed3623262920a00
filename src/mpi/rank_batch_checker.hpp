// The searches across ranks validated in batches (issue 41): each search's own parents are kept
// (8 bytes an own vertex on each rank) until a batch is full, then one set of collective rounds
// validates them all (validate_distributed_trees). Timed searches stay timed alone; each search's
// validation time is its share of its batch's, and its nedge the validator's, as in one process
// (graph500/search_session.hpp's BatchEdgeListChecker).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "graph/partition_layout.hpp"
#include "graph500/root_searcher.hpp"
#include "mpi/communicator.hpp"

namespace semibfs {

// The most searches a batch across ranks holds: at 16 the edge pass keeps rounds of
// kDefaultTuplesPerRound tuples (mpi/distributed_validator.cpp), and a search costs each rank
// 8 + 24 bytes an own vertex (its kept parents, then its depths and records while validated).
inline constexpr int kRankSearchesPerBatch = 16;

// Collective: how many searches each batch validates: kRankSearchesPerBatch, at most `roots`, and no
// more than a rank's share (1/ranks, as ranks may share a machine) of
// validation_room_without_budget holds for its kept parents and its validation; the smallest of
// the ranks' counts. 1 (a search at a time) when a DRAM budget is set (each validation then works
// in the bytes the plan reserved for one) or validation is skipped.
int rank_searches_per_batch(Communicator& comm, const PartitionLayout& ranks, std::int64_t roots, bool budget_set,
                            bool validate);

// Bytes a rank holds for a batch of `searches`: their kept parents and their validation.
std::int64_t rank_batch_bytes(const PartitionLayout& ranks, int rank, int searches);

class RankBatchChecker final : public SearchChecker {
 public:
  // Batches of `searches` (2 to kRankSearchesPerBatch) over this rank's share `edges` of the tuples.
  RankBatchChecker(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges, int searches);

  int batch_size() const override { return searches_; }
  void keep(VertexId root, const ParentArray& parent) override;
  std::vector<SearchCheck> check_kept(bool validate) override;
  std::int64_t working_bytes() const override { return rank_batch_bytes(ranks_, comm_.rank(), searches_); }

 private:
  Communicator& comm_;
  const PartitionLayout& ranks_;
  const EdgeSource& edges_;
  int searches_;
  std::vector<VertexId> roots_;
  std::vector<std::vector<VertexId>> kept_;  // each kept search's own parents; their memory reused
};

}  // namespace semibfs
