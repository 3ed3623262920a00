// The order of each neighbour list. A bottom-up step stops at the first neighbour it finds in
// the frontier (Iwabuchi et al. Sec. III-B and V-A), and high-degree vertices join the frontier first,
// so putting them first shortens the scan. The hub-first and degree orders are our own; none of
// the seed papers orders the lists by degree.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "graph/csr_graph.hpp"

namespace semibfs {

enum class NeighborOrder {
  kById,      // as built: ascending vertex id
  kHubFirst,  // the highest-degree neighbour first, the rest by id (one pass, no sort)
  kByDegree,  // descending neighbour degree, ties by id
};

std::string to_string(NeighborOrder order);
// Parses "id", "hub-first" or "degree"; throws UsageError otherwise.
NeighborOrder parse_neighbor_order(const std::string& text);

// Reorders every list of `graph` in place; degrees are the graph's own. OpenMP-parallel.
void order_neighbors(CsrGraph& graph, NeighborOrder order);
// The same with every neighbour's degree given (indexed by neighbour id): the rows of a rank's
// graph hold only its own vertices, their neighbours' degrees come from the other ranks.
void order_neighbors(CsrGraph& graph, NeighborOrder order, std::span<const std::uint32_t> degrees);
// The first form, each entry's weight (aligned with graph.all_neighbors()) moved with its neighbour.
// Throws semibfs::Error when there is not one weight per entry.
void order_neighbors(CsrGraph& graph, NeighborOrder order, std::span<float> weights);

// The index in `list` (sorted by id, not empty) of its first highest-degree neighbour: the list's
// first entry in hub-first and in degree order.
std::size_t hub_index(std::span<const NeighborId> list, std::span<const std::uint32_t> degrees);

// Reorders one list, sorted by id, given every vertex's degree (in the graph without self-loops
// and duplicates); `keys` is scratch of at least list.size() entries for kByDegree.
void order_list(std::span<NeighborId> list, NeighborOrder order, std::span<const std::uint32_t> degrees,
                std::span<std::uint64_t> keys);

}  // namespace semibfs
