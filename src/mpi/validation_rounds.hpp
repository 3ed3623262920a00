// What the validators across ranks share (mpi/distributed_validator.hpp for BFS,
// mpi/distributed_sssp_validator.hpp for SSSP): a rank's tally of failures, the questions to the
// owners of vertices, the requests for both endpoints of a round's tuples, and the summary of all
// ranks' failures. Shares no code with the searches.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/types.hpp"
#include "edges/edge_list.hpp"
#include "graph/partition_layout.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_validator.hpp"

namespace semibfs::rank_validation {

inline std::size_t local(VertexRange mine, VertexId v) { return static_cast<std::size_t>(v - mine.begin); }

// This rank's failures: how many, and the first by (rule, order, message); the order is the vertex
// (-1 for the root, so that its failure comes first), the message only breaks ties.
class FailureTally {
 public:
  template <class MakeMessage>
  void add(int rule, std::int64_t order, MakeMessage&& make_message) {
    ++count_;
    if (rule_ != 0 && std::pair(rule_, order_) < std::pair(rule, order)) return;
    std::string message = make_message();
    if (rule_ != 0 && std::pair(rule_, order_) == std::pair(rule, order) && message_ <= message) return;
    rule_ = rule;
    order_ = order;
    message_ = std::move(message);
  }
  void merge(FailureTally&& other) {
    const std::int64_t count = count_ + other.count_;
    if (other.rule_ != 0) add(other.rule_, other.order_, [&] { return std::move(other.message_); });
    count_ = count;
  }
  std::int64_t count() const { return count_; }
  int rule() const { return rule_; }
  std::int64_t order() const { return order_; }
  const std::string& message() const { return message_; }

 private:
  std::int64_t count_ = 0;
  int rule_ = 0;  // 0: none yet
  std::int64_t order_ = 0;
  std::string message_;
};

// Questions to the owners of vertices, with the buffers of their exchanges, which keep their
// capacity from round to round (the edge pass runs many).
template <class Reply>
struct OwnerQueries {
  std::vector<VertexId> asked;  // what the other ranks ask this one
  std::vector<std::int64_t> counts;
  std::vector<std::vector<Reply>> replies;
  std::vector<Reply> answers;  // the replies to this rank's requests

  // Sends requests[d] to rank d, which answers each requested vertex (one of its own) with
  // answer(v); returns the replies in request order, rank d's after rank d - 1's.
  template <class Answer>
  const std::vector<Reply>& ask(Communicator& comm, const std::vector<std::vector<VertexId>>& requests,
                                const Answer& answer) {
    return ask_each(comm, requests, 1, [&](VertexId v, Reply* out) { *out = answer(v); });
  }
  // The same with `width` replies a vertex (one per tree of a batch), which fill(v, out) writes
  // into out[0, width): the replies about the i-th requested vertex are answers[i * width, +width).
  template <class Fill>
  const std::vector<Reply>& ask_each(Communicator& comm, const std::vector<std::vector<VertexId>>& requests,
                                     std::int64_t width, const Fill& fill) {
    comm.exchange_into(requests, TrafficKind::kValidation, asked, &counts);
    replies.resize(counts.size());
    std::int64_t first = 0;
    for (std::size_t source = 0; source < counts.size(); ++source) {
      replies[source].resize(static_cast<std::size_t>(counts[source] * width));
      Reply* out = replies[source].data();
#pragma omp parallel for schedule(static)
      for (std::int64_t k = 0; k < counts[source]; ++k) fill(asked[static_cast<std::size_t>(first + k)], out + k * width);
      first += counts[source];
    }
    comm.exchange_into(replies, TrafficKind::kValidation, answers);
    return answers;
  }
};

// Requests both endpoints of each non-self-loop tuple from their owners; slots[2e + j] is where
// the reply about endpoint j of tuple e lands in the answers (-1 for a self-loop).
void endpoint_requests(std::span<const CompactEdge> chunk, const PartitionLayout& ranks,
                       std::vector<std::vector<VertexId>>& requests, std::vector<std::int64_t>& slots);

// The totals over the ranks and the first failure of all, the same on every rank.
DistributedValidation summarize(Communicator& comm, const FailureTally& failures, std::int64_t nedge);

}  // namespace semibfs::rank_validation
