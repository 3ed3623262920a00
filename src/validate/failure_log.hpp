// Collects validation failures from parallel passes: counts them all, keeps a few of each rule.
#pragma once

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "validate/validator.hpp"

namespace semibfs {

// Builds a message from numbers and strings (std::format is not in every compiler we support yet).
template <class... Parts>
std::string concatenate(const Parts&... parts) {
  std::ostringstream text;
  (text << ... << parts);
  return text.str();
}

// Each thread fills its own log and the logs are merged. Of each rule it keeps the failures with the
// lowest order keys (a vertex or an edge index), so the report does not depend on the thread count.
class FailureLog {
 public:
  static constexpr int kRuleCount = 5;
  static constexpr std::size_t kKeptPerRule = 4;  // five rules, at most 16 kept as rule 1 stops early

  // make_message() runs only when the failure is kept, so a flood of failures stays cheap.
  template <class MakeMessage>
  void add(int rule, VertexId vertex, std::int64_t order, MakeMessage&& make_message) {
    ++count_;
    if (would_keep(rule, order, vertex)) keep(Entry{order, ValidationFailure{rule, vertex, make_message()}});
  }

  void merge(FailureLog&& other);
  bool empty() const { return count_ == 0; }
  std::int64_t count() const { return count_; }
  // Puts the kept failures, by rule then order, and the full count into the report.
  void move_into(ValidationReport& report);

 private:
  struct Entry {
    std::int64_t order = 0;
    ValidationFailure failure;
  };

  bool would_keep(int rule, std::int64_t order, VertexId vertex) const;
  void keep(Entry entry);

  std::array<std::vector<Entry>, kRuleCount + 1> kept_;  // by rule number, each sorted by order
  std::int64_t count_ = 0;
};

}  // namespace semibfs
