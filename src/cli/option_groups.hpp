// Options that several commands share, declared once each: the Kronecker graph (run, generate),
// threads, the search options (run, bfs), the placement options (run, bfs, info), the layout of a
// new store (run, build) and the store directory (every command that reads or writes one).
#pragma once

#include <optional>
#include <string>

#include "cli/option_table.hpp"
#include "gen/kronecker.hpp"
#include "graph/neighbor_order.hpp"
#include "graph500/run_options.hpp"
// The rules and the budget accounting the commands apply, in session/ for every front end.
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"

namespace semibfs::cli {

// --scale (up to max_scale; `scale_given` records it), --edgefactor, --seed1, --seed2.
void add_kronecker_options(OptionTable& table, KroneckerParams& kronecker, int max_scale, bool& scale_given);
void add_threads_option(OptionTable& table, int& threads);
// --dram-budget with the command's own help (what the budget bounds there).
void add_dram_budget_option(OptionTable& table, DramBudget& budget, const std::string& help);
// --head-entries K (with --dram-budget).
void add_head_entries_option(OptionTable& table, std::optional<std::int64_t>& head_entries);
// What changes the placement plan of a store's searches: --dram-budget, --head-entries,
// --skip-validation (the validator's bytes), --threads (one I/O arena each).
void add_placement_options(OptionTable& table, SearchOptions& search);
// --policy (`policy_chosen` records it), --alpha, --beta, --summary-bits, --io and the placement options.
void add_search_options(OptionTable& table, SearchOptions& search, bool& policy_chosen);
// --partitions and --neighbor-order.
void add_layout_options(OptionTable& table, int& partitions, NeighborOrder& order, bool& compressed_lists, bool& relabel);
void add_store_option(OptionTable& table, std::string& directory, const std::string& help);
// --max-input-bytes SIZE: the most read from an INPUT that is not a regular file.
void add_max_input_bytes_option(OptionTable& table, std::uint64_t& max_input_bytes);
// --delta D: delta-stepping's bucket width, at least kMinDelta; `help_prefix` opens its help.
void add_delta_option(OptionTable& table, std::optional<double>& delta, const std::string& help_prefix);
// --version N: which version of a store to read (default: the latest).
void add_version_option(OptionTable& table, std::optional<int>& version);

}  // namespace semibfs::cli
