// Keeps the lowest-order failures of each rule; see failure_log.hpp.
#include "validate/failure_log.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace semibfs {

namespace {

// Orders by key, then by vertex, so that ties cannot make the kept set depend on the schedule.
bool comes_before(std::int64_t order, VertexId vertex, std::int64_t other_order, VertexId other_vertex) {
  return std::tie(order, vertex) < std::tie(other_order, other_vertex);
}

}  // namespace

bool FailureLog::would_keep(int rule, std::int64_t order, VertexId vertex) const {
  const auto& kept = kept_.at(static_cast<std::size_t>(rule));
  if (kept.size() < kKeptPerRule) return true;
  return comes_before(order, vertex, kept.back().order, kept.back().failure.vertex);
}

void FailureLog::keep(Entry entry) {
  auto& kept = kept_.at(static_cast<std::size_t>(entry.failure.rule));
  const auto position = std::find_if(kept.begin(), kept.end(), [&](const Entry& other) {
    return comes_before(entry.order, entry.failure.vertex, other.order, other.failure.vertex);
  });
  kept.insert(position, std::move(entry));
  if (kept.size() > kKeptPerRule) kept.pop_back();
}

void FailureLog::merge(FailureLog&& other) {
  count_ += other.count_;
  for (auto& kept : other.kept_) {
    for (auto& entry : kept) {
      if (would_keep(entry.failure.rule, entry.order, entry.failure.vertex)) keep(std::move(entry));
    }
  }
}

void FailureLog::move_into(ValidationReport& report) {
  for (auto& kept : kept_) {
    for (auto& entry : kept) report.failures.push_back(std::move(entry.failure));
    kept.clear();
  }
  report.failure_count = count_;
}

}  // namespace semibfs
