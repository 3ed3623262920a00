#include "mpi/tuple_rounds.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <string>

#include "edges/endpoint_range.hpp"
#include "mpi/every_rank.hpp"

namespace semibfs::rank_validation {
namespace {

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
  const std::int64_t first_bad = first_out_of_range(piece, num_vertices);
  if (first_bad == std::ssize(piece)) return {};
  const CompactEdge& edge = piece[static_cast<std::size_t>(first_bad)];
  return "distributed validation: rank " + text(rank) + ": its tuple " + text(first_index + first_bad) + " (" +
         text(edge.v0()) + ", " + text(edge.v1()) + ") has an endpoint outside [0, " + text(num_vertices) + ")";
}

// Thrown out of a source's visitor to end this rank's pass early; caught right outside it.
struct StopPass {};

// Opens a round on every rank: how many ranks bring tuples to it, and how many have a problem
// (then no round runs and every pass ends).
std::array<std::int64_t, 2> open_round(Communicator& comm, bool with_tuples, bool problem) {
  std::array<std::int64_t, 2> totals{with_tuples ? 1 : 0, problem ? 1 : 0};
  comm.sum(totals);
  return totals;
}

// After this rank's pass: empty rounds while other ranks still bring tuples. Opens one round more
// than it runs, as the rounds inside a pass do not open the last one.
void join_remaining_rounds(Communicator& comm, const TupleRound& round, bool problem) {
  for (;;) {
    const std::array<std::int64_t, 2> totals = open_round(comm, false, problem);
    if (totals[0] == 0 || totals[1] > 0) return;
    round({});
  }
}

// This rank's pass over its source, a round per piece of `tuples_per_round` tuples at most. Returns
// true when another rank's problem ended it (the round that said so was opened here).
bool run_own_pass(Communicator& comm, const EdgeSource& edges, std::int64_t num_vertices,
                  std::int64_t tuples_per_round, const TupleRound& round, RankProblem& problem) {
  bool stopped_by_another = false;
  bool in_round = false;
  try {
    edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
      const auto size = static_cast<std::size_t>(tuples_per_round);
      for (std::size_t begin = 0; begin < chunk.size(); begin += size) {
        const auto piece = chunk.subspan(begin, std::min<std::size_t>(size, chunk.size() - begin));
        problem.message =
            bad_tuple_problem(comm.rank(), piece, first_index + static_cast<std::int64_t>(begin), num_vertices);
        if (!problem.message.empty()) throw StopPass{};
        stopped_by_another = open_round(comm, true, false)[1] > 0;
        if (stopped_by_another) throw StopPass{};
        in_round = true;
        round(piece);
        in_round = false;
      }
    });
  } catch (const StopPass&) {
  } catch (...) {
    if (in_round) throw;  // a failed exchange leaves the ranks out of step: there is no round to agree in
    problem = current_problem(comm.rank());
  }
  return stopped_by_another;
}

}  // namespace

void pass_in_rounds(Communicator& comm, const EdgeSource& edges, std::int64_t num_vertices,
                    std::int64_t tuples_per_round, const TupleRound& round) {
  RankProblem problem;
  if (!run_own_pass(comm, edges, num_vertices, tuples_per_round, round, problem)) {
    join_remaining_rounds(comm, round, !problem.message.empty());
  }
  throw_if_any_rank(comm, problem);
}

// Where rule 1 fails the edge pass is skipped, but a tuple outside the graph is still the caller's mistake.
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

}  // namespace semibfs::rank_validation
