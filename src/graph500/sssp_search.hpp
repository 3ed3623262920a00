// Kernel 3 of a run: single-source shortest paths from the same roots as BFS, each searched by
// delta-stepping (timed alone), counted and validated by the SSSP rules, through the one driver
// (SearchSession::search_with), as the reference runs them after the BFS searches.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/parent_array.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "edges/edge_weight_source.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/search_inputs.hpp"
#include "graph500/search_session.hpp"
#include "graph500/weight_ordered_store_copy.hpp"
#include "sssp/sssp_options.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {

// The weighted graph the searches run on, and the weighted input tuples they are validated against.
struct WeightedSearchInputs {
  // The lists in DRAM with their weights (made in DRAM, or read from a store), or a store's lists
  // tiered under a budget with their weights tiered alike.
  const PartitionedGraph* graph = nullptr;
  std::optional<ListWeightsView> weights;
  const TieredGraph* tiered = nullptr;
  const TieredWeights* tiered_weights = nullptr;
  // Or, under a budget, a store's lists to copy in weight order for the pruned kernel.
  const WeightOrderedStoreCopy* store_copy = nullptr;
  const EdgeSource* edges = nullptr;
  const EdgeWeightSource* edge_weights = nullptr;  // of each tuple of `edges`
  // Set: the lists are a store's relabelled by degree; roots, parents and distances (and `edges`)
  // are in the input's ids.
  const StoredRelabel* relabel = nullptr;
  // Directed: the lists are out-lists, and each tuple is the edge v0 -> v1 only (validation's rules).
  GraphDirection direction = GraphDirection::kUndirected;

  std::int64_t num_vertices() const {
    return store_copy ? store_copy->num_vertices : tiered ? tiered->num_vertices() : graph->num_vertices();
  }
  // DRAM the list weights hold beside the lists (the copy holds its own).
  std::int64_t weight_bytes() const {
    return tiered_weights ? tiered_weights->owned_bytes() : weights ? weights->bytes() : 0;
  }
};

// A search's figures: reached vertices (those with a finite distance), their distances' sum and
// maximum, counted after the clock stopped.
SsspFigures figures_of(const SsspStats& stats, std::span<const float> distance);

// The weights a store keeps, opened for the searches of a graph read from it (SearchSession::open_store):
// the list weights whole beside lists in DRAM, or tiered beside tiered lists, or none once the graph
// is released (the copy in weight order reads them itself); the edge file's weights read whole
// without a budget, else checked once and read chunk by chunk by validation.
struct StoredWeights {
  GraphDirection direction = GraphDirection::kUndirected;  // the store's
  std::vector<std::vector<float>> lists;
  std::optional<TieredWeights> tiered;
  std::vector<float> edge_values;
  std::unique_ptr<EdgeWeightSource> edges;
};
// A directed store's graph, opened for the searches, made what SSSP follows before its weights are
// opened: its out-lists alone (take_out_lists), the in-lists freed. Nothing changes an undirected one.
void follow_out_lists(SearchInputs& graph);
StoredWeights open_stored_weights(const std::string& directory, const SearchInputs& graph,
                                  const SearchOptions& options, const std::optional<PlacementPlan>& plan);
// The searches' inputs from a graph read from a store and its weights (and, under a budget, the
// store's lists to copy in weight order, or null); all must outlive them.
WeightedSearchInputs stored_weighted_inputs(const SearchInputs& graph, const StoredWeights& weights,
                                            const WeightOrderedStoreCopy* copy = nullptr);

// With a warm-up search from the first root (untimed, as the reference does), then every root;
// the results go to session.report().sssp_roots, the options to report().sssp. `parent` and
// `distance` end with the last search's (one entry per vertex; infinity where unreached).
void search_shortest_paths(SearchSession& session, const WeightedSearchInputs& inputs,
                           std::span<const VertexId> roots, const SsspOptions& options, ParentArray& parent,
                           std::vector<float>& distance);

}  // namespace semibfs
