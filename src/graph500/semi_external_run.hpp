// Kernel 1 of a run under a DRAM budget (`run --store DIR --dram-budget SIZE`): the edge list is
// generated in chunks into a packed file in the store directory, the store is built from it by
// external construction within the budget (build/external_build.hpp), and the searches run on
// the store opened under the placement plan, every list split between DRAM and disk as the plan
// says; validation and the TEPS count stream the edge file. Nothing holds the whole edge list or
// graph in DRAM.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "graph500/graph500_run.hpp"
#include "graph500/search_inputs.hpp"
#include "store/graph_store.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

// How validation reads the edge file: chunks of 2^19 edges (16 MiB of buffers), fewer under a
// small budget.
PackedFileOptions edge_source_options(const Graph500Options& options);

// Writes (or with --reuse finds) the edge file and the store, plans the placement under the budget
// (printed to `log` and kept in the report) and opens the graph; fills the report's generation,
// construction and store figures.
SearchInputs prepare_semi_external(const Graph500Options& options, Graph500Report& report, std::ostream& log);

// The placement plan of a store's arrays under options.dram_budget_bytes, after what the searches
// hold besides the graph (the edge file's chunk buffers, the validator, the tail fetchers' arenas).
PlacementPlan plan_store_placement(const Graph500Options& options, std::int64_t edge_buffer_bytes,
                                   const StoreIndex& store, int threads);

// The searches' inputs from a store and the packed edge file beside it: with a DRAM budget, the
// placement planned (printed to `log`, kept in the report) and the store opened as it says; without
// one, the store read whole into DRAM. Either way validation streams the edge file. Used by the
// Kronecker path above and by `semibfs bfs` on stores built from graph files.
SearchInputs open_store_for_search(const std::string& store_directory, const StoreRequest& request,
                                   std::int64_t num_vertices, const Graph500Options& options, Graph500Report& report,
                                   std::ostream& log);

}  // namespace semibfs
