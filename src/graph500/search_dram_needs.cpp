#include "graph500/search_dram_needs.hpp"

#include "bfs/search_state.hpp"
#include "core/error.hpp"
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs {

std::int64_t SearchDramNeeds::reserved_bytes() const {
  return edge_chunk_bytes + validator_bytes + io_arena_bytes + caller_bytes;
}

std::string SearchDramNeeds::reserved_description() const {
  return caller_bytes > 0 ? "edge chunks, validator, I/O buffers, id map" : "edge chunks, validator, I/O buffers";
}

std::int64_t bfs_status_bytes_per_vertex(std::int64_t vertices, int summary_bits) {
  if (vertices <= 0) return 0;
  const std::int64_t status = SearchState::bytes_for(vertices, summary_bits);
  return static_cast<std::int64_t>(sizeof(VertexId)) + (status + vertices - 1) / vertices;
}

SearchDramNeeds search_dram_needs(std::int64_t num_vertices, const SearchOptions& options, int threads,
                                  std::int64_t edge_chunk_bytes, std::int64_t caller_bytes) {
  SearchDramNeeds needs;
  needs.bfs_status_bytes_per_vertex = bfs_status_bytes_per_vertex(num_vertices, options.bfs.summary_bits);
  needs.edge_chunk_bytes = edge_chunk_bytes;
  needs.validator_bytes = options.skip_validation ? 0 : Validator::working_bytes_for(num_vertices);
  needs.io_arena_bytes = static_cast<std::int64_t>(TailFetchOptions{}.arena_bytes) * threads;
  needs.caller_bytes = caller_bytes;
  return needs;
}

PlacementPlan plan_search_placement(const GraphProfile& profile, const SearchOptions& options,
                                    const SearchDramNeeds& needs) {
  PlacementRequest placement;
  placement.dram_budget_bytes = options.budget.dram_budget_bytes;
  placement.head_entries = options.head_entries;
  placement.reserved_bytes = needs.reserved_bytes();
  placement.reserved_description = needs.reserved_description();
  return plan_placement(profile, placement);
}

void check_budget_covers_status(const SearchOptions& options, std::int64_t vertices) {
  if (!options.budget.is_set()) return;
  const std::int64_t status = vertices * bfs_status_bytes_per_vertex(vertices, options.bfs.summary_bits);
  if (options.budget.dram_budget_bytes < status) {
    throw Error("DRAM budget of " + std::to_string(options.budget.dram_budget_bytes) +
                " bytes is below the BFS status alone (" + std::to_string(status) + " bytes for " +
                std::to_string(vertices) + " vertices): raise the budget or search a smaller graph");
  }
}

}  // namespace semibfs
