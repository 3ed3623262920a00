// How an SSSP search runs.
#pragma once

#include <cmath>
#include <optional>
#include <string>

#include "core/error.hpp"

namespace semibfs {

// Bucket width of delta-stepping. Meyer and Sanders (J. Algorithms 49(1), 2003, Sec. 4) take
// delta of the order of 1/d for weights uniform in [0, 1) and degree d (the Kronecker graphs' mean
// degree is 32); of 0.005..0.2 at SCALE 18 here, 0.005 to 0.01 were fastest (docs/PERFORMANCE.md).
inline constexpr double kDefaultDelta = 0.01;
// The pruned kernel's (push_pull_stepping.hpp): a bucket's pull reads only a prefix of each list,
// so fewer, wider buckets pay; of 0.01..0.1 at SCALE 20 here, 0.03 to 0.05 were fastest
// (docs/PERFORMANCE.md).
inline constexpr double kDefaultPrunedDelta = 0.05;
inline constexpr double kMinDelta = 1e-4;

struct SsspOptions {
  std::optional<double> delta;  // in the weights' unit; unset, the kernel's default
};

// `options` with `fallback` as its delta where none was given: what a kernel runs with.
inline SsspOptions with_default_delta(SsspOptions options, double fallback) {
  if (!options.delta) options.delta = fallback;
  return options;
}

// Each thread keeps one bucket per delta of distance: a tinier delta asks for millions of them.
inline bool is_valid_delta(double delta) { return std::isfinite(delta) && delta >= kMinDelta; }

// Throws semibfs::Error, naming `kernel`, unless the options' delta is set and valid.
inline void check_delta_option(const SsspOptions& options, const std::string& kernel) {
  if (options.delta && is_valid_delta(*options.delta)) return;
  throw Error(kernel + ": delta must be finite and at least " + std::to_string(kMinDelta) + ", got " +
              (options.delta ? std::to_string(*options.delta) : std::string("none")));
}

}  // namespace semibfs
