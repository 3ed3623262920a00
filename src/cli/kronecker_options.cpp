#include "cli/kronecker_options.hpp"

#include "core/error.hpp"

namespace semibfs::cli {

bool take_graph_option(const std::string& option, Arguments& arguments, int max_scale, GraphChoice& choice) {
  if (option == "--scale") {
    choice.kronecker.scale = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, max_scale));
    choice.scale_given = true;
  } else if (option == "--edgefactor") {
    choice.kronecker.edgefactor = parse_integer(option, arguments.take_value(option), 1, 1 << 20);
  } else if (option == "--seed1") {
    choice.kronecker.seed1 = parse_unsigned(option, arguments.take_value(option));
  } else if (option == "--seed2") {
    choice.kronecker.seed2 = parse_unsigned(option, arguments.take_value(option));
  } else if (option == "--threads") {
    choice.threads = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 4096));
  } else {
    return false;
  }
  return true;
}

void require_scale(const GraphChoice& choice) {
  if (!choice.scale_given) throw UsageError("--scale is required");
}

}  // namespace semibfs::cli
