#include "mpi/distributed_sssp_validator.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "mpi/every_rank.hpp"
#include "mpi/validation_rounds.hpp"

namespace semibfs {
namespace {

using namespace rank_validation;

bool has_distance(float distance) { return std::isfinite(distance) && distance >= 0; }

// Values in a failure's message as a reader reads them (floats to 9 digits: they round-trip).
template <class... Values>
std::string words(const Values&... values) {
  std::ostringstream out;
  out.precision(9);
  (out << ... << values);
  return out.str();
}

struct Label {
  float distance;
  VertexId parent;
};

// What the ranks validate: every rank's labels, its share, the layout.
struct Labels {
  const PartitionLayout& ranks;
  VertexRange mine;
  std::span<const float> distance;
  std::span<const VertexId> parent;
  Label of(VertexId v) const { return {distance[local(mine, v)], parent[local(mine, v)]}; }
};

std::string argument_problem(const Communicator& comm, const PartitionLayout& ranks, VertexId root,
                             const Labels& labels) {
  const std::int64_t n = ranks.num_vertices();
  if (ranks.count() != comm.size()) return words("SSSP validation across ranks: the layout has ", ranks.count(), " vertex ranges for ", comm.size(), " ranks");
  if (root < 0 || root >= n) return words("SSSP validation across ranks: root ", root, " is not a vertex id in [0, ", n, ")");
  if (std::ssize(labels.distance) != labels.mine.size() || std::ssize(labels.parent) != labels.mine.size()) {
    return words("SSSP validation across ranks: rank ", comm.rank(), " has ", labels.distance.size(), " distances and ",
                 labels.parent.size(), " parents for its ", labels.mine.size(), " vertices");
  }
  return {};
}

// A round's piece of the share, whose first tuple is tuple `first` of the rank's share.
std::string piece_problem(const Communicator& comm, std::int64_t n, const WeightedShare& piece, std::int64_t first) {
  if (piece.weights.size() != piece.edges.size()) {
    return words("SSSP validation across ranks: rank ", comm.rank(), " has ", piece.weights.size(), " weights for ",
                 piece.edges.size(), " tuples");
  }
  for (std::size_t e = 0; e < piece.edges.size(); ++e) {
    if (piece.edges[e].v0() >= n || piece.edges[e].v1() >= n) {
      return words("SSSP validation across ranks: rank ", comm.rank(), ": its tuple ", first + static_cast<std::int64_t>(e),
                   " (", piece.edges[e].v0(), ", ", piece.edges[e].v1(), ") has an endpoint outside [0, ", n, ")");
    }
  }
  return {};
}

// Rule 1 for each own vertex alone.
void check_own_labels(VertexId root, const Labels& labels, FailureTally& failures) {
  const std::int64_t n = labels.ranks.num_vertices();
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) nowait
    for (VertexId v = labels.mine.begin; v < labels.mine.end; ++v) {
      const Label label = labels.of(v);
      if (v == root && (label.parent != root || label.distance != 0.0F)) {
        found.add(1, -1, [&] {
          return words("rule 1 (the root is its own parent at distance 0): root ", root, " has parent ", label.parent,
                       " and distance ", label.distance);
        });
      } else if ((label.parent < 0 && label.parent != kUnreached) || label.parent >= n ||
                 (label.parent == kUnreached) == has_distance(label.distance)) {
        found.add(1, v, [&] {
          return words("rule 1 (a parent in range exactly where a distance is): vertex ", v, " has parent ",
                       label.parent, " and distance ", label.distance);
        });
      }
    }
#pragma omp critical(semibfs_sssp_validate_merge)
    failures.merge(std::move(found));
  }
}

// What the rounds of the edge pass learn about the own vertices, and their buffers.
struct EdgePass {
  std::vector<std::uint8_t> parent_edge_seen;  // per own vertex
  std::int64_t nedge = 0;
  std::vector<std::vector<VertexId>> requests;
  std::vector<std::int64_t> slots;
  OwnerQueries<Label> labels;
  std::vector<std::vector<std::uint32_t>> confirmed;  // per owner: vertices whose parent edge a tuple is
  std::vector<std::uint32_t> received;
};

// Rules 3 and 4 for one tuple from `from` to `to`, and rule 2's evidence for `to`.
void check_direction(VertexId from, const Label& at_from, VertexId to, const Label& at_to, float weight,
                     std::uint8_t& confirms_to, FailureTally& failures) {
  if (has_distance(at_from.distance) != has_distance(at_to.distance)) {
    if (has_distance(at_to.distance)) return;  // the other direction names the unreached one
    failures.add(4, to, [&] {
      return words("rule 4 (reached exactly where BFS reaches): an input edge joins vertex ", from,
                   " at distance ", at_from.distance, " and vertex ", to, ", which is unreached");
    });
    return;
  }
  if (!has_distance(at_from.distance)) return;
  const float through = at_from.distance + weight;  // in float, as the reference sums it
  if (through < at_to.distance) {
    failures.add(3, to, [&] {
      return words("rule 3 (no edge shortens a distance): an input edge from vertex ", from, " at distance ",
                   at_from.distance, " with weight ", weight, " reaches vertex ", to, " below its distance ",
                   at_to.distance);
    });
  }
  if (at_to.parent == from && through == at_to.distance) confirms_to = 1;
}

// One round over `piece` (empty once this rank's share is done): the endpoints' labels fetched, the
// tuples checked, and each confirmed parent edge told to its child's owner.
void tuple_round(Communicator& comm, const Labels& labels, std::span<const CompactEdge> piece,
                 std::span<const float> weights, EdgePass& pass, FailureTally& failures) {
  endpoint_requests(piece, labels.ranks, pass.requests, pass.slots);
  const std::vector<Label>& answers = pass.labels.ask(comm, pass.requests, [&](VertexId v) { return labels.of(v); });
  std::vector<std::uint8_t> confirms(2 * piece.size(), 0);
  const auto count = static_cast<std::int64_t>(piece.size());
  std::int64_t both_reached = 0;
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) reduction(+ : both_reached) nowait
    for (std::int64_t e = 0; e < count; ++e) {
      const auto i = static_cast<std::size_t>(e);
      if (pass.slots[2 * i] < 0) continue;
      const Label& label0 = answers[static_cast<std::size_t>(pass.slots[2 * i])];
      const Label& label1 = answers[static_cast<std::size_t>(pass.slots[2 * i + 1])];
      const VertexId v0 = piece[i].v0(), v1 = piece[i].v1();
      check_direction(v0, label0, v1, label1, weights[i], confirms[2 * i + 1], found);
      check_direction(v1, label1, v0, label0, weights[i], confirms[2 * i], found);
      if (has_distance(label0.distance) && has_distance(label1.distance)) ++both_reached;
    }
#pragma omp critical(semibfs_sssp_validate_merge)
    failures.merge(std::move(found));
  }
  pass.nedge += both_reached;
  pass.confirmed.resize(static_cast<std::size_t>(comm.size()));
  for (std::vector<std::uint32_t>& to_owner : pass.confirmed) to_owner.clear();
  for (std::size_t k = 0; k < confirms.size(); ++k) {
    if (confirms[k] == 0) continue;
    const VertexId v = k % 2 == 0 ? piece[k / 2].v0() : piece[k / 2].v1();
    pass.confirmed[static_cast<std::size_t>(labels.ranks.partition_of(v))].push_back(static_cast<std::uint32_t>(v));
  }
  comm.exchange_into(pass.confirmed, TrafficKind::kValidation, pass.received);
  for (const std::uint32_t v : pass.received) pass.parent_edge_seen[local(labels.mine, v)] = 1;
}

// Rule 2: every reached own vertex but the root had its parent edge confirmed by some rank's tuple.
void check_parent_edges(VertexId root, const Labels& labels, const EdgePass& pass, FailureTally& failures) {
  for (VertexId v = labels.mine.begin; v < labels.mine.end; ++v) {
    const Label label = labels.of(v);
    if (v == root || label.parent == kUnreached || pass.parent_edge_seen[local(labels.mine, v)] != 0) continue;
    failures.add(2, v, [&] {
      return words("rule 2 (a parent edge of weight the distance difference): no input edge joins vertex ", v,
                   " at distance ", label.distance, " to its parent ", label.parent, " with that weight");
    });
  }
}

}  // namespace

WeightedShare InMemoryWeightedShare::piece(std::int64_t first, std::int64_t count) {
  if (share_.weights.size() != share_.edges.size()) return share_;  // refused whole by the first round
  return {share_.edges.subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(count)),
          share_.weights.subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(count))};
}

FileWeightedShare::FileWeightedShare(const std::string& edge_path, const std::string& weights_path)
    : edges_(edge_path), weights_(weights_path) {
  if (weights_.size() != edges_.num_edges() * static_cast<std::int64_t>(sizeof(float))) {
    throw Error("edge weights '" + weights_path + "': " + std::to_string(weights_.size()) + " bytes for " +
                std::to_string(edges_.num_edges()) + " edges of '" + edge_path + "' (one float an edge; rebuild the store)");
  }
}

WeightedShare FileWeightedShare::piece(std::int64_t first, std::int64_t count) {
  packed_.resize(static_cast<std::size_t>(count));
  compact_.resize(packed_.size());
  weights_piece_.resize(packed_.size());
  edges_.read(first, std::span<PackedEdge>(packed_));
  weights_.read(first, std::span<float>(weights_piece_));
  std::transform(packed_.begin(), packed_.end(), compact_.begin(),
                 [](const PackedEdge& edge) { return CompactEdge::make(edge.v0(), edge.v1()); });
  return {compact_, weights_piece_};
}

DistributedValidation validate_sssp_distributed(Communicator& comm, const PartitionLayout& ranks,
                                                const WeightedShare& share, VertexId root,
                                                std::span<const float> own_distance,
                                                std::span<const VertexId> own_parent, std::int64_t tuples_per_round) {
  InMemoryWeightedShare source(share);
  return validate_sssp_distributed(comm, ranks, source, root, own_distance, own_parent, tuples_per_round);
}

DistributedValidation validate_sssp_distributed(Communicator& comm, const PartitionLayout& ranks,
                                                WeightedShareSource& share, VertexId root,
                                                std::span<const float> own_distance,
                                                std::span<const VertexId> own_parent, std::int64_t tuples_per_round) {
  if (tuples_per_round < 1) throw Error(words("SSSP validation across ranks: rounds of ", tuples_per_round, " tuples"));
  const Labels labels{ranks, ranks.count() == comm.size() ? ranks.range(comm.rank()) : VertexRange{}, own_distance,
                      own_parent};
  throw_on_every_rank(comm, argument_problem(comm, ranks, root, labels));
  FailureTally failures;
  check_own_labels(root, labels, failures);
  if (comm.sum(failures.count()) > 0) return summarize(comm, failures, 0);
  EdgePass pass;
  pass.parent_edge_seen.assign(own_parent.size(), 0);
  const std::int64_t tuples = share.num_tuples();
  const std::int64_t rounds = comm.max((tuples + tuples_per_round - 1) / tuples_per_round);
  for (std::int64_t round = 0; round < rounds; ++round) {
    const std::int64_t begin = std::min(round * tuples_per_round, tuples);
    const WeightedShare piece = share.piece(begin, std::min(tuples_per_round, tuples - begin));
    throw_on_every_rank(comm, piece_problem(comm, ranks.num_vertices(), piece, begin));
    tuple_round(comm, labels, piece.edges, piece.weights, pass, failures);
  }
  check_parent_edges(root, labels, pass, failures);
  return summarize(comm, failures, pass.nedge);
}

}  // namespace semibfs
