// A run's DRAM budget and how it is split between the phases of a semi-external run. Generation,
// construction and the searches run one after another, so each phase may use the whole budget;
// within the searches, search_dram_needs (search_dram_needs.hpp) takes what the searches hold
// besides the graph, and the placement planner fills the rest with the graph's arrays.
#pragma once

#include <cstdint>

namespace semibfs {

struct DramBudget {
  std::int64_t dram_budget_bytes = 0;  // 0: no budget, everything in DRAM

  bool is_set() const { return dram_budget_bytes > 0; }
  // The Kronecker edges are generated in chunks of at most this many bytes.
  std::int64_t generation_bytes() const { return dram_budget_bytes; }
  // External construction's lists, buffers and degrees stay within this many bytes.
  std::int64_t construction_bytes() const { return dram_budget_bytes; }
  // Edges per chunk when validation and the TEPS count stream the edge file.
  std::int64_t edge_chunk_edges() const;
};

}  // namespace semibfs
