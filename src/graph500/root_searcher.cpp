#include "graph500/root_searcher.hpp"

#include "core/error.hpp"
#include "core/timer.hpp"

namespace semibfs {

std::vector<SearchCheck> OneSearchChecker::check_kept(bool validate) {
  if (parent_ == nullptr) return {};
  SearchCheck check;
  check.nedge = count_edges(*parent_);
  if (validate) {
    const Stopwatch time;
    check.failure = this->validate(root_, *parent_, check.nedge);
    check.validate_seconds = time.seconds();
  }
  parent_ = nullptr;
  return {std::move(check)};
}

}  // namespace semibfs
