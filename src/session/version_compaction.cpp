#include "session/version_compaction.hpp"

#include "core/byte_size.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"
#include "store/store_versions.hpp"

namespace semibfs {

void CompactOptions::check() const {
  require_store(store, "a directory made by 'semibfs build'");
  if (threads != 0) check_thread_count(threads);
}

CompactionStats compact_versions(CompactOptions options, std::ostream* progress) {
  options.check();
  count_program_in_budget(options.budget, options.threads);
  if (latest_store_version(options.store) > 0) {  // else there is nothing to rebuild
    check_budget_minimum(options.budget, compaction_minimum_bytes(options.store) + options.budget.program_bytes,
                         "for rebuilding '" + options.store + "' with its versions: the program (" +
                             format_bytes(options.budget.program_bytes) + ") and the construction's lists");
  }
  return compact_store(options.store, options.budget.phase_bytes(), options.budget.program_bytes, progress);
}

}  // namespace semibfs
