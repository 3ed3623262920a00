#include "session/option_rules.hpp"

#include <cmath>
#include <sstream>

#include "core/types.hpp"
#include "session/program_budget.hpp"

namespace semibfs {

std::int64_t require_in_range(const std::string& option, std::int64_t value, std::int64_t minimum,
                              std::int64_t maximum) {
  if (value < minimum || value > maximum) {
    throw UsageError(option + ": must be an integer from " + std::to_string(minimum) + " to " +
                     std::to_string(maximum) + ", got '" + std::to_string(value) + "'");
  }
  return value;
}

namespace {

[[noreturn]] void refuse_number(const std::string& option, const std::string& range, double value) {
  std::ostringstream text;
  text << value;
  throw UsageError(option + ": must be " + range + ", got '" + text.str() + "'");
}

}  // namespace

double require_positive(const std::string& option, double value) {
  if (!std::isfinite(value) || value <= 0) refuse_number(option, "a positive number", value);
  return value;
}

double require_fraction(const std::string& option, double value) {
  if (!(value > 0 && value < 1)) refuse_number(option, "a number above 0 and below 1", value);
  return value;
}

int check_thread_count(std::int64_t threads) {
  return static_cast<int>(require_in_range("--threads", threads, 1, kMaxThreads));
}

std::int64_t dram_budget_option(const std::string& text) {
  return parse_option_value("--dram-budget", [&] { return parse_dram_budget(text); });
}

double check_delta(double delta) {
  if (is_valid_delta(delta)) return delta;
  std::ostringstream text;
  text << "must be at least " << kMinDelta << ", got '" << delta << "'";
  throw UsageError(text.str());
}

int check_summary_bits(std::int64_t bits) {
  for (const int choice : kSummaryBitsChoices) {
    if (bits == choice) return choice;
  }
  throw UsageError("must be one of " + summary_bits_choices() + ", got '" + std::to_string(bits) + "'");
}

PlacementMode parse_placement_mode(const std::string& text) {
  if (text == "planned") return PlacementMode::kPlanned;
  if (text == "forward-on-disk") return PlacementMode::kForwardOnDisk;
  throw UsageError("must be planned or forward-on-disk, got '" + text + "'");
}

void check_head_entries(const DramBudget& budget, const std::optional<std::int64_t>& head_entries) {
  if (!head_entries) return;
  require_in_range("--head-entries", *head_entries, 1, kMaxVertices);
  if (!budget.is_set()) {
    throw UsageError("--head-entries needs --dram-budget (without a budget every list is in DRAM)");
  }
}

void check_search_options(const SearchOptions& search) {
  check_head_entries(search.budget, search.head_entries);
  if (search.placement == PlacementMode::kForwardOnDisk && !search.budget.is_set()) {
    throw UsageError("--placement forward-on-disk needs --dram-budget (without a budget every list is in DRAM)");
  }
  if (search.placement == PlacementMode::kForwardOnDisk && search.head_entries) {
    throw UsageError(
        "--head-entries and --placement forward-on-disk exclude each other (that placement keeps every "
        "backward entry in DRAM)");
  }
  if (search.threads != 0) check_thread_count(search.threads);
}

SearchOptions store_search_options(SearchOptions search, bool policy_chosen) {
  if (!policy_chosen) search.bfs.policy = PolicyKind::kBeamer;
  return search;
}

void require_store(const std::string& directory, const std::string& what) {
  if (directory.empty()) throw UsageError("--store DIR is required (" + what + ")");
}

}  // namespace semibfs
