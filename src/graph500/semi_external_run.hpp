// Kernel 1 of a run under a DRAM budget (`run --store DIR --dram-budget SIZE`): the edge list is
// generated in chunks into a packed file in the store directory, the store is built from it by
// external construction within the budget (construction/external_build.hpp), and the searches run on
// the store opened under the placement plan, every list split between DRAM and disk as the plan
// says; validation and the TEPS count stream the edge file. Nothing holds the whole edge list or
// graph in DRAM.
#pragma once

#include "graph500/run_options.hpp"
#include "graph500/search_inputs.hpp"
#include "graph500/search_session.hpp"

namespace semibfs {

// Whether the run writes into its store: always when it builds one, and with reuse under a budget
// when the store's edge file must be written again (the lock it takes, store/store_lock.hpp).
bool run_writes_store(const Graph500Options& options);

// Writes (or with reuse finds) the edge file and the store, and opens it for the session's
// searches under the budget; fills the report's generation, construction and store figures.
SearchInputs prepare_semi_external(const Graph500Options& options, SearchSession& session);

}  // namespace semibfs
