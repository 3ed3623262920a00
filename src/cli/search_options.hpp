// The options that say how searches run, shared by `run` (Kronecker graphs) and `bfs` (stores
// built from graph files): direction policy, summary bits, DRAM budget, I/O path, validation.
#pragma once

#include <string>

#include "graph500/graph500_run.hpp"
#include "cli/arguments.hpp"

namespace semibfs::cli {

// Consumes `option` (and its value) when it is one of --policy, --direction, --alpha, --beta,
// --summary-bits, --dram-budget, --backward-head, --io, --skip-validation; returns false for any
// other option.
bool take_search_option(const std::string& option, Arguments& arguments, Graph500Options& options);

// Throws UsageError for combinations that make no sense (--backward-head without --dram-budget).
void check_search_options(const Graph500Options& options);

}  // namespace semibfs::cli
