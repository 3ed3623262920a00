// Distributed Graph500 validation (mpi/distributed_validator.hpp) in three collective stages, each
// skipped on every rank once an earlier one failed, as validate/validator.cpp skips rules 2 to 5
// when rule 1 fails: the rule 1 checks of each own parent; the tree depths, one parent level per
// round of requests to the parents' owners; one pass over each rank's tuples, with the endpoints'
// (parent, depth) fetched from their owners (rules 3, 4 and 5, and nedge).
//
// Each rank reads its tuples from its own EdgeSource, which may come in any number of chunks: every
// chunk piece is one collective round, and a rank whose pass has ended joins empty rounds until an
// allreduce opening each round says that every pass has ended. A tuple outside the graph, or a
// source that throws, stops every rank's pass at the next round, and every rank throws.
//
// Rule 2 (tree edges span one level) holds by construction: a vertex's depth is its parent's plus
// one. As validator.cpp argues, rules 1, 3, 4 and 5 together make these depths the true BFS
// depths, so rule 2 holds in the Graph500 sense whenever the others do. Unlike the single-process
// validator this one computes no true depths after a failure, so it never names a rule 2 failure:
// a vertex at the wrong level shows up as the rule 3 (or 5) failure that gives it away.
#include "mpi/distributed_validator.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <limits>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "mpi/every_rank.hpp"
#include "mpi/validation_rounds.hpp"

namespace semibfs {

namespace {

using namespace rank_validation;

constexpr std::int64_t kUnreachedDepth = -1;
constexpr std::int64_t kUnknownDepth = -2;
// Tuples per round of the edge pass (a source's chunk may take several): bounds the request, reply
// and mark buffers (distributed_validation_bytes).
constexpr const char* kRule1 = "rule 1 (tree rooted at the root): ";

std::string text(std::int64_t value) { return std::to_string(value); }

// Why a rank cannot go on (no message: it can): for every rank to throw.
struct RankProblem {
  std::string message;
  std::exception_ptr thrown;  // what this rank's source threw, rethrown as it is here (an interrupt stays one)
};

// Every rank throws the lowest rank's complaint, so that no rank waits in a collective alone; a rank
// whose source threw rethrows its own exception instead.
void throw_if_any_rank(Communicator& comm, const RankProblem& problem) {
  throw_on_every_rank(comm, problem.message, problem.thrown);
}

// The exception being handled, as this rank's problem.
RankProblem current_problem(int rank) {
  std::string what = "an exception that is not a std::exception";
  try {
    throw;
  } catch (const std::exception& error) {
    what = error.what();
  } catch (...) {
  }
  return RankProblem{"distributed validation: rank " + text(rank) + ": " + what, std::current_exception()};
}

// The first tuple of `piece` with an endpoint outside [0, num_vertices), as a complaint; empty
// when there is none. `first_index` is the index of piece[0] in the rank's share.
std::string bad_tuple_problem(int rank, std::span<const CompactEdge> piece, std::int64_t first_index,
                              std::int64_t num_vertices) {
  const auto count = static_cast<std::int64_t>(piece.size());
  std::int64_t first_bad = count;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t e = 0; e < count; ++e) {
    const CompactEdge& edge = piece[static_cast<std::size_t>(e)];
    if (edge.v0() >= num_vertices || edge.v1() >= num_vertices) first_bad = std::min(first_bad, e);
  }
  if (first_bad == count) return {};
  const CompactEdge& edge = piece[static_cast<std::size_t>(first_bad)];
  return "distributed validation: rank " + text(rank) + ": its tuple " + text(first_index + first_bad) + " (" +
         text(edge.v0()) + ", " + text(edge.v1()) + ") has an endpoint outside [0, " + text(num_vertices) + ")";
}

// Thrown out of a source's visitor to end this rank's pass early; caught right outside it.
struct StopPass {};

// A pass over the tuples that only checks them: where rule 1 fails the edge pass is skipped, but
// a tuple outside the graph is still the caller's mistake.
void check_tuples_in_range(Communicator& comm, const EdgeSource& edges, std::int64_t num_vertices) {
  RankProblem problem;
  try {
    edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
      problem.message = bad_tuple_problem(comm.rank(), chunk, first_index, num_vertices);
      if (!problem.message.empty()) throw StopPass{};
    });
  } catch (const StopPass&) {
  } catch (...) {
    problem = current_problem(comm.rank());
  }
  throw_if_any_rank(comm, problem);
}

// The checks that need no tuple; the tuples are checked as the edge pass reads them.
void check_arguments(Communicator& comm, const PartitionLayout& ranks, VertexId root,
                     std::span<const VertexId> own_parent) {
  const std::int64_t num_vertices = ranks.num_vertices();
  std::string problem;
  if (ranks.count() != comm.size()) {
    problem = "distributed validation: the layout has " + text(ranks.count()) + " vertex ranges for " +
              text(comm.size()) + " ranks";
  } else if (root < 0 || root >= num_vertices) {
    problem = "distributed validation: root " + text(root) + " is not a vertex id in [0, " + text(num_vertices) + ")";
  } else if (static_cast<std::int64_t>(own_parent.size()) != ranks.range(comm.rank()).size()) {
    problem = "distributed validation: rank " + text(comm.rank()) + " has " +
              text(static_cast<std::int64_t>(own_parent.size())) + " parents for its " +
              text(ranks.range(comm.rank()).size()) + " vertices";
  }
  throw_if_any_rank(comm, RankProblem{problem, nullptr});
}

// Rule 1 for each own parent alone: in range, and the root its own parent.
void check_parent_pointers(VertexRange mine, std::int64_t num_vertices, VertexId root,
                           std::span<const VertexId> own_parent, FailureTally& failures) {
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) nowait
    for (VertexId v = mine.begin; v < mine.end; ++v) {
      const VertexId p = own_parent[local(mine, v)];
      if (v == root && p != root) {
        found.add(1, -1, [&] {
          return kRule1 + std::string("root ") + text(root) + " has parent " + text(p) +
                 ", but the root must be its own parent";
        });
      } else if (v != root && p != kUnreached && (p < 0 || p >= num_vertices)) {
        found.add(1, v, [&] {
          return kRule1 + std::string("vertex ") + text(v) + " has parent " + text(p) +
                 ", which is neither -1 (unreached) nor a vertex id in [0, " + text(num_vertices) + ")";
        });
      }
    }
#pragma omp critical(semibfs_dist_validate_merge)
    failures.merge(std::move(found));
  }
}

std::vector<std::int64_t> initial_depths(VertexRange mine, VertexId root, std::span<const VertexId> own_parent) {
  std::vector<std::int64_t> depths(own_parent.size());
  for (std::size_t i = 0; i < own_parent.size(); ++i)
    depths[i] = own_parent[i] == kUnreached ? kUnreachedDepth : kUnknownDepth;
  if (mine.contains(root)) depths[local(mine, root)] = 0;
  return depths;
}

// One round: each waiting vertex asks its parent's owner for the parent's depth. Returns the
// vertices still waiting. Only the first round can meet an unreached parent (later rounds ask
// about parents that the first one found reached).
std::vector<VertexId> depth_round(Communicator& comm, const PartitionLayout& ranks,
                                  std::span<const VertexId> own_parent, const std::vector<VertexId>& waiting,
                                  std::vector<std::int64_t>& depths, FailureTally& failures) {
  const VertexRange mine = ranks.range(comm.rank());
  std::vector<std::vector<VertexId>> parents(static_cast<std::size_t>(comm.size()));
  std::vector<std::vector<VertexId>> children(parents.size());
  for (const VertexId v : waiting) {
    const VertexId p = own_parent[local(mine, v)];
    const auto owner = static_cast<std::size_t>(ranks.partition_of(p));
    parents[owner].push_back(p);
    children[owner].push_back(v);
  }
  OwnerQueries<std::int64_t> queries;
  const std::vector<std::int64_t>& parent_depths =
      queries.ask(comm, parents, [&](VertexId p) { return depths[local(mine, p)]; });
  std::vector<VertexId> still_waiting;
  std::size_t next = 0;
  for (std::size_t owner = 0; owner < children.size(); ++owner) {
    for (std::size_t k = 0; k < children[owner].size(); ++k) {
      const VertexId v = children[owner][k];
      const std::int64_t parent_depth = parent_depths[next++];
      if (parent_depth >= 0) {
        depths[local(mine, v)] = parent_depth + 1;
      } else if (parent_depth == kUnreachedDepth) {
        const VertexId p = parents[owner][k];
        failures.add(1, v, [&] {
          return kRule1 + std::string("vertex ") + text(v) + " has parent " + text(p) + ", but vertex " + text(p) +
                 " is unreached (its parent is -1)";
        });
      } else {
        still_waiting.push_back(v);
      }
    }
  }
  return still_waiting;
}

// A round that settled no vertex on any rank leaves vertices whose parents lead into a cycle:
// the lowest of them (on the lowest rank with any, as ranges ascend with the rank) is named.
void report_cycle(Communicator& comm, VertexId root, const std::vector<VertexId>& waiting, FailureTally& failures) {
  if (comm.first_rank_with(!waiting.empty()) != comm.rank()) return;
  const VertexId lowest = *std::min_element(waiting.begin(), waiting.end());
  failures.add(1, lowest, [&] {
    return kRule1 + std::string("the parents of vertex ") + text(lowest) + " never reach the root " + text(root) +
           ": they lead into a cycle";
  });
}

// Depths of the own vertices (kUnreachedDepth where unreached); rule 1 failures when a parent is
// unreached or the parents run in a cycle.
std::vector<std::int64_t> tree_depths(Communicator& comm, const PartitionLayout& ranks, VertexId root,
                                      std::span<const VertexId> own_parent, FailureTally& failures) {
  const VertexRange mine = ranks.range(comm.rank());
  std::vector<std::int64_t> depths = initial_depths(mine, root, own_parent);
  std::vector<VertexId> waiting;
  for (VertexId v = mine.begin; v < mine.end; ++v)
    if (depths[local(mine, v)] == kUnknownDepth) waiting.push_back(v);
  std::int64_t previous_left = -1;
  for (;;) {
    std::array<std::int64_t, 2> totals{static_cast<std::int64_t>(waiting.size()), failures.count()};
    comm.sum(totals);
    if (totals[0] == 0 || totals[1] > 0) break;
    if (totals[0] == previous_left) {
      report_cycle(comm, root, waiting, failures);
      break;
    }
    previous_left = totals[0];
    waiting = depth_round(comm, ranks, own_parent, waiting, depths, failures);
  }
  return depths;
}

struct EndpointRecord {
  VertexId parent;
  std::int64_t depth;  // kUnreachedDepth when unreached
};

// Per tuple of a chunk, what its owners must be told.
enum TupleFlags : std::uint8_t {
  kTreeEdgeOf0 = 1,     // parent[v0] == v1
  kTreeEdgeOf1 = 2,     // parent[v1] == v0
  kUnreachedNext0 = 4,  // v0 unreached, v1 reached: v0 fails rule 4
  kUnreachedNext1 = 8,
};

enum class MarkKind : std::uint32_t { kTreeEdgeSeen, kNextToReached };

struct Mark {
  std::uint32_t vertex;  // in-memory tuples hold 32-bit ids
  MarkKind kind;
};

// What the edge pass learns about the own vertices.
struct EdgeEvidence {
  std::vector<std::uint8_t> tree_edge_seen;   // an input tuple joins the vertex and its parent
  std::vector<std::uint8_t> next_to_reached;  // an input tuple joins the vertex to a reached one
  std::int64_t nedge = 0;
};

// Out of line: the rare failure path stays out of the tuple loop.
[[gnu::noinline, gnu::cold]] void report_level_gap(VertexId v0, std::int64_t depth0, VertexId v1, std::int64_t depth1,
                                                   FailureTally& failures) {
  failures.add(3, depth0 > depth1 ? v0 : v1, [&] {
    return "rule 3 (edges span at most one level): an input edge joins vertex " + text(v0) + " at level " +
           text(depth0) + " and vertex " + text(v1) + " at level " + text(depth1);
  });
}

// Rule 3 and nedge per tuple, and the flags for the owners.
void check_tuples(std::span<const CompactEdge> chunk, const std::vector<std::int64_t>& slots,
                  const std::vector<EndpointRecord>& records, std::vector<std::uint8_t>& flags, std::int64_t& nedge,
                  FailureTally& failures) {
  const auto count = static_cast<std::int64_t>(chunk.size());
  flags.assign(chunk.size(), 0);
  std::int64_t both_reached = 0;
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) reduction(+ : both_reached) nowait
    for (std::int64_t e = 0; e < count; ++e) {
      const auto index = static_cast<std::size_t>(e);
      if (slots[2 * index] < 0) continue;
      const VertexId v0 = chunk[index].v0();
      const VertexId v1 = chunk[index].v1();
      const EndpointRecord& r0 = records[static_cast<std::size_t>(slots[2 * index])];
      const EndpointRecord& r1 = records[static_cast<std::size_t>(slots[2 * index + 1])];
      const bool reached0 = r0.depth >= 0;
      const bool reached1 = r1.depth >= 0;
      if (reached0 != reached1) {
        flags[index] = reached0 ? kUnreachedNext1 : kUnreachedNext0;
        continue;
      }
      if (!reached0) continue;
      ++both_reached;
      if (r0.depth - r1.depth > 1 || r1.depth - r0.depth > 1) report_level_gap(v0, r0.depth, v1, r1.depth, found);
      flags[index] =
          static_cast<std::uint8_t>((r0.parent == v1 ? kTreeEdgeOf0 : 0) | (r1.parent == v0 ? kTreeEdgeOf1 : 0));
    }
#pragma omp critical(semibfs_dist_validate_merge)
    failures.merge(std::move(found));
  }
  nedge += both_reached;
}

// The marks of a round, sent and received, kept from round to round as OwnerQueries are.
struct MarkBuffers {
  std::vector<std::vector<Mark>> sent;
  std::vector<Mark> received;
};

// Tells each flagged endpoint's owner what the tuple showed, and records what others tell this rank.
void send_marks(Communicator& comm, const PartitionLayout& ranks, std::span<const CompactEdge> chunk,
                const std::vector<std::uint8_t>& flags, MarkBuffers& buffers, EdgeEvidence& evidence) {
  std::vector<std::vector<Mark>>& marks = buffers.sent;
  marks.resize(static_cast<std::size_t>(comm.size()));
  for (std::vector<Mark>& to_owner : marks) to_owner.clear();
  const auto mark = [&](VertexId v, MarkKind kind) {
    marks[static_cast<std::size_t>(ranks.partition_of(v))].push_back(Mark{static_cast<std::uint32_t>(v), kind});
  };
  for (std::size_t e = 0; e < chunk.size(); ++e) {
    const std::uint8_t f = flags[e];
    if (f == 0) continue;
    if ((f & kTreeEdgeOf0) != 0) mark(chunk[e].v0(), MarkKind::kTreeEdgeSeen);
    if ((f & kTreeEdgeOf1) != 0) mark(chunk[e].v1(), MarkKind::kTreeEdgeSeen);
    if ((f & kUnreachedNext0) != 0) mark(chunk[e].v0(), MarkKind::kNextToReached);
    if ((f & kUnreachedNext1) != 0) mark(chunk[e].v1(), MarkKind::kNextToReached);
  }
  const VertexRange mine = ranks.range(comm.rank());
  comm.exchange_into(marks, TrafficKind::kValidation, buffers.received);
  for (const Mark& m : buffers.received) {
    std::vector<std::uint8_t>& seen =
        m.kind == MarkKind::kTreeEdgeSeen ? evidence.tree_edge_seen : evidence.next_to_reached;
    seen[local(mine, static_cast<VertexId>(m.vertex))] = 1;
  }
}

// What a round of the edge pass works in, kept from round to round.
struct RoundBuffers {
  std::vector<std::vector<VertexId>> requests;
  std::vector<std::int64_t> slots;
  OwnerQueries<EndpointRecord> records;
  std::vector<std::uint8_t> flags;
  MarkBuffers marks;
};

// What one rank's edge pass works with and learns, round after round.
struct EdgePass {
  Communicator& comm;
  const PartitionLayout& ranks;
  std::span<const VertexId> own_parent;
  const std::vector<std::int64_t>& depths;
  FailureTally& failures;
  std::int64_t tuples_per_round;
  EdgeEvidence evidence;
  RoundBuffers buffers;
};

// One collective round over `piece` (empty once this rank's pass has ended): the endpoints'
// records fetched, rule 3 and nedge, and the owners told what the tuples showed.
void tuple_round(EdgePass& pass, std::span<const CompactEdge> piece) {
  const VertexRange mine = pass.ranks.range(pass.comm.rank());
  RoundBuffers& buffers = pass.buffers;
  endpoint_requests(piece, pass.ranks, buffers.requests, buffers.slots);
  const std::vector<EndpointRecord>& records = buffers.records.ask(pass.comm, buffers.requests, [&](VertexId v) {
    return EndpointRecord{pass.own_parent[local(mine, v)], pass.depths[local(mine, v)]};
  });
  check_tuples(piece, buffers.slots, records, buffers.flags, pass.evidence.nedge, pass.failures);
  send_marks(pass.comm, pass.ranks, piece, buffers.flags, buffers.marks, pass.evidence);
}

// Opens a round on every rank: how many ranks bring tuples to it, and how many have a problem
// (then no round runs and every pass ends).
std::array<std::int64_t, 2> open_round(Communicator& comm, bool with_tuples, bool problem) {
  std::array<std::int64_t, 2> totals{with_tuples ? 1 : 0, problem ? 1 : 0};
  comm.sum(totals);
  return totals;
}

// After this rank's pass: empty rounds while other ranks still bring tuples. Opens one round more
// than it runs, as the rounds inside a pass do not open the last one.
void join_remaining_rounds(EdgePass& pass, bool problem) {
  for (;;) {
    const std::array<std::int64_t, 2> totals = open_round(pass.comm, false, problem);
    if (totals[0] == 0 || totals[1] > 0) return;
    tuple_round(pass, {});
  }
}

// This rank's pass over its source, a round per piece of pass.tuples_per_round tuples at most. Returns
// true when another rank's problem ended it (the round that said so was opened here).
bool run_own_pass(EdgePass& pass, const EdgeSource& edges, RankProblem& problem) {
  bool stopped_by_another = false;
  bool in_round = false;
  try {
    edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
      const auto round = static_cast<std::size_t>(pass.tuples_per_round);
      for (std::size_t begin = 0; begin < chunk.size(); begin += round) {
        const auto piece = chunk.subspan(begin, std::min<std::size_t>(round, chunk.size() - begin));
        problem.message = bad_tuple_problem(pass.comm.rank(), piece, first_index + static_cast<std::int64_t>(begin),
                                            pass.ranks.num_vertices());
        if (!problem.message.empty()) throw StopPass{};
        stopped_by_another = open_round(pass.comm, true, false)[1] > 0;
        if (stopped_by_another) throw StopPass{};
        in_round = true;
        tuple_round(pass, piece);
        in_round = false;
      }
    });
  } catch (const StopPass&) {
  } catch (...) {
    if (in_round) throw;  // a failed exchange leaves the ranks out of step: there is no round to agree in
    problem = current_problem(pass.comm.rank());
  }
  return stopped_by_another;
}

// The edge pass; every rank takes part in as many rounds as the rank with the most pieces.
EdgeEvidence scan_own_tuples(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                             std::span<const VertexId> own_parent, const std::vector<std::int64_t>& depths,
                             FailureTally& failures, std::int64_t tuples_per_round) {
  EdgePass pass{comm, ranks, own_parent, depths, failures, tuples_per_round, {}, {}};
  pass.evidence.tree_edge_seen.assign(own_parent.size(), 0);
  pass.evidence.next_to_reached.assign(own_parent.size(), 0);
  RankProblem problem;
  if (!run_own_pass(pass, edges, problem)) join_remaining_rounds(pass, !problem.message.empty());
  throw_if_any_rank(comm, problem);
  return std::move(pass.evidence);
}

// Rule 4 (an unreached vertex next to a reached one) and rule 5 (no tuple joins a reached vertex
// and its parent) for the own vertices.
void check_own_vertices(VertexRange mine, VertexId root, std::span<const VertexId> own_parent,
                        const std::vector<std::int64_t>& depths, const EdgeEvidence& evidence, FailureTally& failures) {
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) nowait
    for (VertexId v = mine.begin; v < mine.end; ++v) {
      const std::size_t i = local(mine, v);
      if (depths[i] >= 0 && v != root && evidence.tree_edge_seen[i] == 0) {
        found.add(5, v, [&] {
          return "rule 5 (parent is a neighbour): vertex " + text(v) + " has parent " + text(own_parent[i]) +
                 ", but no input edge joins them";
        });
      } else if (depths[i] == kUnreachedDepth && evidence.next_to_reached[i] != 0) {
        found.add(4, v, [&] {
          return "rule 4 (tree spans the component): vertex " + text(v) +
                 " is unreached (parent -1), but an input edge joins it to a reached vertex, so it is in the "
                 "root's connected component";
        });
      }
    }
#pragma omp critical(semibfs_dist_validate_merge)
    failures.merge(std::move(found));
  }
}

// The result when rule 1 failed and the edge pass is skipped; the tuples are still checked.
DistributedValidation summarize_without_edge_pass(Communicator& comm, const PartitionLayout& ranks,
                                                  const EdgeSource& edges, const FailureTally& failures) {
  check_tuples_in_range(comm, edges, ranks.num_vertices());
  return summarize(comm, failures, 0);
}

}  // namespace

DistributedValidation validate_distributed(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                                           VertexId root, std::span<const VertexId> own_parent,
                                           std::int64_t tuples_per_round) {
  check_arguments(comm, ranks, root, own_parent);
  if (tuples_per_round < 1) throw Error("distributed validation: rounds of " + text(tuples_per_round) + " tuples");
  const VertexRange mine = ranks.range(comm.rank());
  FailureTally failures;
  check_parent_pointers(mine, ranks.num_vertices(), root, own_parent, failures);
  if (comm.sum(failures.count()) > 0) return summarize_without_edge_pass(comm, ranks, edges, failures);
  const std::vector<std::int64_t> depths = tree_depths(comm, ranks, root, own_parent, failures);
  if (comm.sum(failures.count()) > 0) return summarize_without_edge_pass(comm, ranks, edges, failures);
  const EdgeEvidence evidence = scan_own_tuples(comm, ranks, edges, own_parent, depths, failures, tuples_per_round);
  check_own_vertices(mine, root, own_parent, depths, evidence, failures);
  return summarize(comm, failures, evidence.nedge);
}

std::int64_t distributed_validation_bytes(std::int64_t own_vertices, std::int64_t num_vertices, int ranks,
                                          std::int64_t tuples_per_round) {
  // Vectors filled by push_back count twice their entries' bytes (their capacity at most doubles).
  // Tree depths: the depths (8 per own vertex); the waiting vertices before and after a round (16
  // and 16, grown); their parents and children by owner (16 and 16, grown); the parents' depths
  // (8); the requests answered here and their replies (8 and 8 per vertex of any rank that waits).
  const std::int64_t depth_rounds = own_vertices * (8 + 16 + 16 + 32 + 8) + num_vertices * (8 + 8);
  // The rounds of the edge pass over at most tuples_per_round tuples, two endpoints each, whose
  // buffers are kept from round to round: the depths and the two evidence bytes (10 per own
  // vertex), slots (16 per tuple), requests (32, grown), endpoint records (32) and flags (1); the
  // requests of all ranks answered here and their replies (16 and 32 per tuple of each rank's
  // round); the marks sent (32 per tuple, grown) and received (16 per tuple of each rank's round).
  const std::int64_t tuples = tuples_per_round;
  const std::int64_t answering = tuples * ranks * (16 + 32);
  const std::int64_t marking = tuples * 32 + tuples * ranks * 16;
  const std::int64_t edge_round = own_vertices * 10 + tuples * (16 + 32 + 32 + 1) + answering + marking;
  // Per-rank counts, offsets and MPI requests, the failure messages.
  const std::int64_t bookkeeping = (std::int64_t{1} << 20) + std::int64_t{1024} * ranks;
  return std::max(depth_rounds, edge_round) + bookkeeping;
}

}  // namespace semibfs
