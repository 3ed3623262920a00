#include "mpi/rank_batch_checker.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/timer.hpp"
#include "graph500/search_session.hpp"
#include "mpi/distributed_validator.hpp"
#include "mpi/rank_parents.hpp"
#include "mpi/traversed_edges.hpp"

namespace semibfs {

std::int64_t rank_batch_bytes(const PartitionLayout& ranks, int rank, int searches) {
  const std::int64_t own = ranks.range(rank).size();
  return searches * own * static_cast<std::int64_t>(sizeof(VertexId)) +
         distributed_validation_bytes(own, ranks.num_vertices(), ranks.count(), kDefaultTuplesPerRound, searches);
}

int rank_searches_per_batch(Communicator& comm, const PartitionLayout& ranks, std::int64_t roots, bool budget_set,
                            bool validate) {
  if (budget_set || !validate) return 1;
  const std::int64_t room = validation_room_without_budget(ranks.num_vertices()) / comm.size();
  int searches = static_cast<int>(std::min<std::int64_t>(kRankSearchesPerBatch, std::max<std::int64_t>(roots, 1)));
  while (searches > 1 && rank_batch_bytes(ranks, comm.rank(), searches) > room) --searches;
  return static_cast<int>(comm.min(searches));
}

RankBatchChecker::RankBatchChecker(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                                   int searches)
    : comm_(comm), ranks_(ranks), edges_(edges), searches_(searches) {
  if (searches < 2 || searches > kRankSearchesPerBatch) {
    throw Error("a batch of " + std::to_string(searches) + " searches across ranks, not 2 to " +
                std::to_string(kRankSearchesPerBatch));
  }
}

void RankBatchChecker::keep(VertexId root, const ParentArray& parent) {
  const std::span<const VertexId> own = own_entries(parent);
  if (kept_.size() == roots_.size()) kept_.emplace_back();
  kept_[roots_.size()].assign(own.begin(), own.end());
  roots_.push_back(root);
}

// A failed search's nedge is the TEPS count, as OneSearchChecker gives it (its validator's stops
// at rule 1); a passing one's is the validator's, which the reference also takes as the TEPS count.
std::vector<SearchCheck> RankBatchChecker::check_kept(bool validate) {
  std::vector<OwnTree> trees;
  for (std::size_t i = 0; i < roots_.size(); ++i) trees.push_back({roots_[i], kept_[i]});
  roots_.clear();
  std::vector<SearchCheck> checks(trees.size());
  if (trees.empty()) return checks;
  const auto count = [&](const OwnTree& tree) {
    return count_traversed_edges_across(comm_, ranks_, edges_, tree.own_parent);
  };
  if (!validate) {
    for (std::size_t i = 0; i < trees.size(); ++i) checks[i].nedge = count(trees[i]);
    return checks;
  }
  const Stopwatch time;
  const std::vector<DistributedValidation> results = validate_distributed_trees(comm_, ranks_, edges_, trees);
  const double share = time.seconds() / static_cast<double>(trees.size());
  for (std::size_t i = 0; i < trees.size(); ++i) {
    checks[i].validate_seconds = share;
    checks[i].nedge = results[i].nedge;
    if (results[i].ok()) continue;
    checks[i].nedge = count(trees[i]);
    checks[i].failure = ValidationFailure{results[i].first_rule, kUnreached, results[i].first_failure};
    checks.resize(i + 1);  // the run stops at its first failed validation
    break;
  }
  return checks;
}

}  // namespace semibfs
