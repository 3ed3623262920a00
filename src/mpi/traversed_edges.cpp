#include "mpi/traversed_edges.hpp"

#include <exception>
#include <string>

#include "core/error.hpp"
#include "mpi/every_rank.hpp"
#include "mpi/vertex_bits.hpp"

namespace semibfs {

namespace {

std::int64_t count_in_chunk(std::span<const CompactEdge> tuples, const Bitmap& reached) {
  const auto count = static_cast<std::int64_t>(tuples.size());
  std::int64_t traversed = 0;
#pragma omp parallel for reduction(+ : traversed) schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    const CompactEdge& tuple = tuples[static_cast<std::size_t>(i)];
    traversed += tuple.v0_id != tuple.v1_id && reached.test(tuple.v0()) && reached.test(tuple.v1());
  }
  return traversed;
}

// Where one rank's source threw, every rank throws before the sum, so that none waits in it alone:
// that rank its own exception, the others an Error quoting the lowest such rank's.
void rethrow_on_every_rank(Communicator& comm, const std::exception_ptr& thrown) {
  std::string what = "an exception that is not a std::exception";
  try {
    if (thrown) std::rethrow_exception(thrown);
  } catch (const std::exception& error) {
    what = error.what();
  } catch (...) {
  }
  throw_on_every_rank(comm, thrown ? "TEPS edge count: rank " + std::to_string(comm.rank()) + ": " + what : "", thrown);
}

}  // namespace

std::int64_t count_traversed_edges_across(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                                          std::span<const VertexId> own_parent) {
  Bitmap own_reached(static_cast<std::int64_t>(own_parent.size()));
  for (std::size_t row = 0; row < own_parent.size(); ++row) {
    if (own_parent[row] != kUnreached) own_reached.set(static_cast<std::int64_t>(row));
  }
  const Bitmap reached = gather_vertex_bits(comm, ranks, own_reached, TrafficKind::kValidation);
  std::int64_t traversed = 0;
  std::exception_ptr thrown;
  try {
    edges.for_each_chunk(
        [&](std::span<const CompactEdge> chunk, std::int64_t) { traversed += count_in_chunk(chunk, reached); });
  } catch (...) {
    thrown = std::current_exception();
  }
  rethrow_on_every_rank(comm, thrown);
  return comm.sum(traversed);
}

}  // namespace semibfs
