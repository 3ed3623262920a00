// The CSR container: checks that the arrays it is given describe a graph.
#include "graph/csr_graph.hpp"

#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/numa_placement.hpp"

namespace semibfs {

CsrGraph::CsrGraph(std::int64_t num_vertices, std::vector<std::int64_t> offsets,
                   std::vector<NeighborId> neighbors)
    : num_vertices_(num_vertices), offsets_(std::move(offsets)), neighbors_(std::move(neighbors)) {
  if (num_vertices_ < 0 || static_cast<std::int64_t>(offsets_.size()) != num_vertices_ + 1) {
    throw Error("CSR graph: " + std::to_string(offsets_.size()) + " offsets for " +
                std::to_string(num_vertices_) + " vertices; expected one more offset than vertices");
  }
  if (offsets_.front() != 0 || offsets_.back() != num_adjacencies()) {
    throw Error("CSR graph: offsets span [" + std::to_string(offsets_.front()) + ", " +
                std::to_string(offsets_.back()) + ") but there are " + std::to_string(num_adjacencies()) +
                " neighbour entries");
  }
}

void CsrGraph::place_on_numa_node(int node) {
  semibfs::place_on_numa_node(offsets_.data(), offsets_.size() * sizeof(std::int64_t), node);
  semibfs::place_on_numa_node(neighbors_.data(), neighbors_.size() * sizeof(NeighborId), node);
}

// Capacity, not size: build_csr leaves the room of the dropped duplicates allocated.
std::int64_t CsrGraph::bytes() const {
  return static_cast<std::int64_t>(offsets_.capacity() * sizeof(std::int64_t) +
                                   neighbors_.capacity() * sizeof(NeighborId));
}

}  // namespace semibfs
