// What every streaming-query work on a store takes (pagerank, cc, at): the command line fills it
// from its option table, Python from keyword arguments, and check() states the rules once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "graph500/dram_budget.hpp"

namespace semibfs {

// The most versions a store is read at (a bound on the number given, not on a store).
inline constexpr int kMaxStoreVersion = 1 << 30;

struct StoreQueryOptions {
  std::string store;                         // a directory made by `semibfs build`
  DramBudget budget;                         // unset: every list in DRAM
  std::optional<std::int64_t> head_entries;  // K entries of every list in DRAM (with a budget)
  std::optional<int> version;                // none: the latest
  int threads = 0;                           // 0: all cores
  // What the front end holds in arrays indexed by file id (Python's values by file id), counted in
  // the minimum: a file's ids may reach far beyond its vertices.
  std::int64_t bytes_per_file_id = 0;

  // Throws UsageError, worded as the command line's, for a missing store, --head-entries without
  // a budget and a thread count out of range.
  void check() const;
};

}  // namespace semibfs
