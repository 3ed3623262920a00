#include "mpi/validation_rounds.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace semibfs::rank_validation {
namespace {

// The first failure of one rank, as allgather carries it (no failure: the largest key).
struct FailureKey {
  std::int64_t rule;
  std::int64_t order;
};

}  // namespace

void endpoint_requests(std::span<const CompactEdge> chunk, const PartitionLayout& ranks,
                       std::vector<std::vector<VertexId>>& requests, std::vector<std::int64_t>& slots) {
  requests.resize(static_cast<std::size_t>(ranks.count()));
  for (std::vector<VertexId>& to_owner : requests) to_owner.clear();
  slots.assign(2 * chunk.size(), -1);
  for (std::size_t e = 0; e < chunk.size(); ++e) {
    if (chunk[e].v0() == chunk[e].v1()) continue;
    for (std::size_t j = 0; j < 2; ++j) {
      const VertexId v = j == 0 ? chunk[e].v0() : chunk[e].v1();
      std::vector<VertexId>& to_owner = requests[static_cast<std::size_t>(ranks.partition_of(v))];
      slots[2 * e + j] = static_cast<std::int64_t>(to_owner.size());
      to_owner.push_back(v);
    }
  }
  std::vector<std::int64_t> offsets(requests.size() + 1, 0);
  for (std::size_t d = 0; d < requests.size(); ++d)
    offsets[d + 1] = offsets[d] + static_cast<std::int64_t>(requests[d].size());
  for (std::size_t e = 0; e < chunk.size(); ++e) {
    if (slots[2 * e] < 0) continue;
    slots[2 * e] += offsets[static_cast<std::size_t>(ranks.partition_of(chunk[e].v0()))];
    slots[2 * e + 1] += offsets[static_cast<std::size_t>(ranks.partition_of(chunk[e].v1()))];
  }
}

DistributedValidation summarize(Communicator& comm, const FailureTally& failures, std::int64_t nedge) {
  std::array<std::int64_t, 2> totals{nedge, failures.count()};
  comm.sum(totals);
  DistributedValidation result;
  result.nedge = totals[0];
  result.failure_count = totals[1];
  if (result.failure_count == 0) return result;
  constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
  const FailureKey mine =
      failures.rule() == 0 ? FailureKey{kNone, kNone} : FailureKey{failures.rule(), failures.order()};
  std::vector<FailureKey> keys(static_cast<std::size_t>(comm.size()));
  const std::vector<std::int64_t> counts(keys.size(), 1);
  comm.allgather<FailureKey>(std::span<const FailureKey>(&mine, 1), keys, counts, TrafficKind::kValidation);
  const auto first = std::min_element(keys.begin(), keys.end(), [](const FailureKey& a, const FailureKey& b) {
    return std::pair(a.rule, a.order) < std::pair(b.rule, b.order);
  });
  result.first_rule = static_cast<int>(first->rule);
  result.first_failure = comm.broadcast(failures.message(), static_cast<int>(first - keys.begin()));
  return result;
}


}  // namespace semibfs::rank_validation
