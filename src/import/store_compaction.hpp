// `semibfs compact`: a store's versions (store/store_versions.hpp) folded into its base. The new
// base is built beside the store, in DIR.compacting, from the base's edges and every version's, as
// `semibfs build` would build it from all of them at once (same layout, ids and id map); then the
// two directories trade places in one atomic rename (renameat2 RENAME_EXCHANGE) and the old one is
// removed. A crash before the exchange leaves the store as it was, after it the new store: never a
// mix. A leftover DIR.compacting (it holds a `compacting` marker) is removed by the next compaction.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace semibfs {

struct CompactionStats {
  int versions = 0;  // folded into the base (0: there was nothing to fold)
  std::int64_t base_edges = 0;
  std::int64_t added_edges = 0;
  std::int64_t adjacencies = 0;  // of the new base
  double seconds = 0;
};

// A link to a store is followed: the store it names is compacted in place, the link kept.
// Holds the store's writer lock throughout. `dram_budget_bytes` bounds the construction;
// `program_bytes` is added back to the minimums refusals state.
CompactionStats compact_store(const std::string& directory, std::int64_t dram_budget_bytes, std::int64_t program_bytes,
                              std::ostream* progress);

// `directory` as the compaction swaps it ("S/." and "S/" are S); throws UsageError for a path
// that ends in no name of its own ("." or "..").
std::string swappable_store_path(const std::string& directory);

// What rebuilding the store in `directory` holds besides the program: the construction's lists
// and buffers (minimum_import_budget for its layout); the copies of its edges hold less.
std::int64_t compaction_minimum_bytes(const std::string& directory);

// The directory a compaction of `directory` builds in.
std::string compaction_directory(const std::string& directory);

}  // namespace semibfs
