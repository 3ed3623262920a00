#include "cli/search_options.hpp"

#include "core/error.hpp"
#include "core/byte_size.hpp"
#include "io/io_kind.hpp"

namespace semibfs::cli {
namespace {

int parse_summary_bits(const std::string& option, const std::string& text) {
  for (const int bits : kSummaryBitsChoices) {
    if (text == std::to_string(bits)) return bits;
  }
  throw UsageError(option + " must be one of " + summary_bits_choices() + ", got '" + text + "'");
}

}  // namespace

bool take_search_option(const std::string& option, Arguments& arguments, Graph500Options& options) {
  if (option == "--policy") {
    options.bfs.policy = parse_policy(arguments.take_value(option));
  } else if (option == "--direction") {
    options.bfs.policy = parse_direction(arguments.take_value(option));
  } else if (option == "--alpha") {
    options.bfs.alpha = parse_positive_double(option, arguments.take_value(option));
  } else if (option == "--beta") {
    options.bfs.beta = parse_positive_double(option, arguments.take_value(option));
  } else if (option == "--summary-bits") {
    options.bfs.summary_bits = parse_summary_bits(option, arguments.take_value(option));
  } else if (option == "--dram-budget") {
    options.dram_budget_bytes = parse_option_value(option, arguments.take_value(option), parse_byte_size);
  } else if (option == "--backward-head") {
    options.forced_head_entries = parse_integer(option, arguments.take_value(option), 1, kMaxVertices);
  } else if (option == "--io") {
    options.io = parse_option_value(option, arguments.take_value(option), parse_io_kind);
  } else if (option == "--skip-validation") {
    options.skip_validation = true;
  } else {
    return false;
  }
  return true;
}

void check_search_options(const Graph500Options& options) {
  if (options.forced_head_entries && options.dram_budget_bytes == 0) {
    throw UsageError("--backward-head needs --dram-budget (without a budget every list is in DRAM)");
  }
}

}  // namespace semibfs::cli
