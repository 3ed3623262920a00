// The options that say which Kronecker graph to make, shared by `run` and `generate`.
#pragma once

#include <string>

#include "cli/arguments.hpp"
#include "gen/kronecker.hpp"

namespace semibfs::cli {

struct GraphChoice {
  KroneckerParams kronecker;
  bool scale_given = false;
  int threads = 0;  // 0 = OpenMP default
};

// Consumes `option` (and its value) when it is one of --scale, --edgefactor, --seed1, --seed2,
// --threads; returns false for any other option.
bool take_graph_option(const std::string& option, Arguments& arguments, int max_scale, GraphChoice& choice);

// Throws UsageError when --scale was not given.
void require_scale(const GraphChoice& choice);

}  // namespace semibfs::cli
