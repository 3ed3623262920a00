// The rules every front end's options obey, written once: the command line (src/cli/) and the
// Python package fill the same typed options and call these, so both refuse a value with the same
// UsageError, which names the command-line option.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "graph500/dram_budget.hpp"
#include "graph500/run_options.hpp"

namespace semibfs {

inline constexpr std::int64_t kMaxThreads = 4096;
inline constexpr int kMaxRoots = 1 << 20;  // searches of one run

// `parse()`, an Error it throws turned into a UsageError naming `option` ("--dram-budget: ...").
template <typename Parse>
auto parse_option_value(const std::string& option, Parse parse) {
  try {
    return parse();
  } catch (const Error& error) {
    throw UsageError(option + ": " + error.what());
  }
}

// `value` when it lies in [minimum, maximum]; else a UsageError worded as the command line's.
std::int64_t require_in_range(const std::string& option, std::int64_t value, std::int64_t minimum,
                              std::int64_t maximum);
// `value` when it is a finite number above 0.
double require_positive(const std::string& option, double value);
// `value` when it lies strictly between 0 and 1 (a damping factor).
double require_fraction(const std::string& option, double value);

// A thread count given with --threads: 1..kMaxThreads, else a UsageError; returned as the options
// hold it (where 0, never given, means every core).
int check_thread_count(std::int64_t threads);

// --dram-budget's text ("512MiB") in bytes; a bad one is a UsageError naming the option.
std::int64_t dram_budget_option(const std::string& text);

// Raw checks, their messages without the option's name (parse_option_value adds it):
// --summary-bits is one of kSummaryBitsChoices; --placement's text is planned or forward-on-disk.
int check_summary_bits(std::int64_t bits);
// --delta of delta-stepping: a finite number of at least kMinDelta (a tinier one asks each thread
// for millions of buckets).
double check_delta(double delta);
PlacementMode parse_placement_mode(const std::string& text);

// Throws UsageError for --head-entries without --dram-budget, or below 1.
void check_head_entries(const DramBudget& budget, const std::optional<std::int64_t>& head_entries);
// The search options' rules: --head-entries and --placement forward-on-disk need a budget and
// exclude each other; the thread count.
void check_search_options(const SearchOptions& search);
// The search options of searches on a store (`semibfs bfs`, Python's Store): beamer unless a
// policy was chosen. Its rule weighs edges, so it suits any degree distribution; alpha-beta
// counts frontier vertices, tuned on Kronecker graphs for `run`. On a directed Kronecker file
// alpha-beta's median search ran 3.5x longer, on a hyperbolic graph 2.0-3.4x, and beamer was as
// fast or faster on every store measured (docs/PERFORMANCE.md, "The direction rule on stores").
SearchOptions store_search_options(SearchOptions search, bool policy_chosen);

// Throws UsageError naming --store when `directory` is empty; `what` says what it must be.
void require_store(const std::string& directory, const std::string& what);

}  // namespace semibfs
