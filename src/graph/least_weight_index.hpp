// Lists indexed by neighbour id, so that each input tuple can find its entry and keep there the
// least weight of the tuples joining the two vertices (a duplicate's larger weight is never on a
// shortest path). Serves the weights of a graph read back in DRAM (list_weights.cpp) and of a store
// built range by range (construction/list_weight_pass.cpp); the lists may be in any order.
#pragma once

#include <cstdint>
#include <span>

#include "graph/csr_graph.hpp"

namespace semibfs {

// keys[offsets[r] + i]: row r's i-th smallest neighbour << 32 | its place in r's list, for the
// rows of `offsets` (one more entry than rows) over `neighbors`. keys has one slot per entry.
void index_by_neighbor(std::span<const std::int64_t> offsets, std::span<const NeighborId> neighbors,
                       std::span<std::uint64_t> keys);

// Lowers the weight of row's entry `neighbor` to `weight` when that is smaller; any thread may call
// it at once. `weights` are the entries' in list order, with the same offsets as the keys. False
// when the row's list has no such entry.
bool keep_least_weight(std::span<const std::int64_t> offsets, std::span<const std::uint64_t> keys,
                       std::span<float> weights, std::int64_t row, NeighborId neighbor, float weight);

}  // namespace semibfs
