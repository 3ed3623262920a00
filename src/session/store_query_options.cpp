#include "session/store_query_options.hpp"

#include "session/option_rules.hpp"

namespace semibfs {

void StoreQueryOptions::check() const {
  require_store(store, "a directory made by 'semibfs build'");
  check_head_entries(budget, head_entries);
  if (threads != 0) check_thread_count(threads);
}

}  // namespace semibfs
