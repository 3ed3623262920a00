// `semibfs compact`'s work as a call (import/store_compaction.hpp folds the versions): the options
// checked, the program counted in the budget, and the one minimum, the construction's with the
// program, refused in the words of every budget's refusal before anything is written.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "graph500/dram_budget.hpp"
#include "import/store_compaction.hpp"

namespace semibfs {

struct CompactOptions {
  std::string store;                            // a directory made by `semibfs build`
  DramBudget budget{std::int64_t{512} << 20};  // the rebuild's, the program included
  int threads = 0;                              // 0: all cores

  // Throws UsageError, worded as the command line's, for no store and threads out of range.
  void check() const;
};

CompactionStats compact_versions(CompactOptions options, std::ostream* progress);

}  // namespace semibfs
