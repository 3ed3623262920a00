#include "graph500/dram_budget.hpp"

#include <algorithm>

namespace semibfs {

// 2^19 edges (16 MiB of buffers) without a budget; under one, a 64th of it in 32-byte edge slots
// (two reads of 12 and one unpacked copy of 8), whole blocks of 1024 edges, at least one block.
std::int64_t DramBudget::edge_chunk_edges() const {
  constexpr std::int64_t kMostEdges = std::int64_t{1} << 19;
  if (!is_set()) return kMostEdges;
  return std::clamp<std::int64_t>(dram_budget_bytes / 64 / 32 / 1024 * 1024, 1024, kMostEdges);
}

}  // namespace semibfs
