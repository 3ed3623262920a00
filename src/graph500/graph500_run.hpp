// The Graph500 benchmark driver: generate, construct (kernel 1, timed), pick the roots, search
// each (kernel 2, timed), validate each (untimed), and gather what the reports print.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "graph500/graph500_report.hpp"
#include "graph500/run_options.hpp"
#include "store/graph_store.hpp"

namespace semibfs {

// How a Kronecker graph's store records what it was made from.
std::string store_made_from(const KroneckerParams& kronecker);
// What a run asks of the store it reuses: how the graph was made, partitions, neighbour order.
StoreRequest store_request(const Graph500Options& options, int partitions);

// Rough upper bound of the memory a run needs, to refuse a SCALE that cannot fit before any work.
std::int64_t estimate_run_bytes(const Graph500Options& options);

// The smallest DRAM budget a run under a budget accepts with `partitions` and `threads`: the
// largest of its phases' minimums (edge generation, external construction, the searches), each
// with the program's own bytes (options.search.budget.program_bytes); with --reuse, the searches'
// on the store as its manifest says it is, compressed or not (a compressed store's index read for
// its exact size only when the budget is below the bound from the generated edges), and the edge
// file's if it is written again.
std::int64_t minimum_run_budget(const Graph500Options& options, int partitions, int threads);

// Runs the benchmark; progress and per-root lines go to `log`. A failed validation stops the
// searches (as the reference does) and is reported in the result, not thrown. A DRAM budget
// without a store directory, or below minimum_run_budget, fails before any work.
Graph500Report run_graph500(const Graph500Options& options, std::ostream& log);

}  // namespace semibfs
