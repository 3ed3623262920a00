// BfsOptions for one policy with the given thresholds (unset: the policy's defaults), shared by
// the BFS and direction-policy tests.
#pragma once

#include <optional>

#include "bfs/bfs.hpp"

namespace semibfs::testing {

inline BfsOptions policy_options(PolicyKind policy, std::optional<double> alpha = {},
                                 std::optional<double> beta = {}) {
  BfsOptions options;
  options.policy = policy;
  options.alpha = alpha;
  options.beta = beta;
  return options;
}

}  // namespace semibfs::testing
