#include "dist/traversed_edges.hpp"

#include "dist/vertex_bits.hpp"

namespace semibfs {

std::int64_t count_traversed_edges_across(Communicator& comm, const PartitionLayout& ranks, const EdgeList& edges,
                                          std::span<const VertexId> own_parent) {
  Bitmap own_reached(static_cast<std::int64_t>(own_parent.size()));
  for (std::size_t row = 0; row < own_parent.size(); ++row) {
    if (own_parent[row] != kUnreached) own_reached.set(static_cast<std::int64_t>(row));
  }
  const Bitmap reached = gather_vertex_bits(comm, ranks, own_reached, TrafficKind::kValidation);
  const CompactEdge* tuples = edges.edges.data();
  const std::int64_t count = edges.num_edges();
  std::int64_t traversed = 0;
#pragma omp parallel for reduction(+ : traversed) schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    traversed += tuples[i].v0_id != tuples[i].v1_id && reached.test(tuples[i].v0()) && reached.test(tuples[i].v1());
  }
  return comm.sum(traversed);
}

}  // namespace semibfs
