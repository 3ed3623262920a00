// Kernel 1 of a run under a DRAM budget (`run --store DIR --dram-budget SIZE`): the edge list is
// generated in chunks into a packed file in the store directory, the store is built from it by
// external construction within the budget (storage/external_build.hpp), and the searches run on
// the store opened under the placement plan, every list split between DRAM and disk as the plan
// says; validation and the TEPS count stream the edge file. Nothing holds the whole edge list or
// graph in DRAM.
#pragma once

#include <memory>
#include <optional>
#include <ostream>

#include "bench/graph500_run.hpp"
#include "gen/edge_source.hpp"
#include "graph/partitioned_graph.hpp"
#include "storage/tiered_graph.hpp"

namespace semibfs {

// What the searches run on and are validated against, in memory or under a budget.
struct SearchInputs {
  std::unique_ptr<EdgeSource> edges;          // the edge list in DRAM, or the packed file read in chunks
  std::optional<PartitionedGraph> in_memory;  // the graph in DRAM
  std::optional<TieredGraph> tiered;          // or the store opened with its lists split

  std::int64_t degree(VertexId vertex) const { return tiered ? tiered->degree(vertex) : in_memory->degree(vertex); }
};

// The packed edge file of a store directory.
std::string edge_file_path(const std::string& store_directory);

// Writes (or with --reuse finds) the edge file and the store, plans the placement under the budget
// (printed to `log` and kept in the report) and opens the graph; fills the report's generation,
// construction and store figures.
SearchInputs prepare_semi_external(const Graph500Options& options, Graph500Report& report, std::ostream& log);

}  // namespace semibfs
