// Kernel 3 of a run: single-source shortest paths from the same roots as BFS, each searched by
// delta-stepping (timed alone), counted and validated by the SSSP rules, through the one driver
// (SearchSession::search_with), as the reference runs them after the BFS searches.
#pragma once

#include <span>
#include <vector>

#include "core/parent_array.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/search_session.hpp"
#include "sssp/sssp_options.hpp"

namespace semibfs {

// The weighted graph the searches run on, and the weighted input tuples they are validated against.
struct WeightedSearchInputs {
  const PartitionedGraph& graph;
  ListWeightsView weights;  // made in DRAM, or read from a store
  const EdgeSource& edges;
  std::span<const float> edge_weights;  // of each tuple of `edges`
};

// A search's figures: reached vertices (those with a finite distance), their distances' sum and
// maximum, counted after the clock stopped.
SsspFigures figures_of(const SsspStats& stats, std::span<const float> distance);

// With a warm-up search from the first root (untimed, as the reference does), then every root;
// the results go to session.report().sssp_roots, the options to report().sssp. `parent` and
// `distance` end with the last search's (one entry per vertex; infinity where unreached).
void search_shortest_paths(SearchSession& session, const WeightedSearchInputs& inputs,
                           std::span<const VertexId> roots, const SsspOptions& options, ParentArray& parent,
                           std::vector<float>& distance);

}  // namespace semibfs
