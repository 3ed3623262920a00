// How an SSSP search runs.
#pragma once

#include <cmath>

namespace semibfs {

// Bucket width of delta-stepping. Meyer and Sanders (J. Algorithms 49(1), 2003, Sec. 4) take
// delta of the order of 1/d for weights uniform in [0, 1) and degree d (the Kronecker graphs' mean
// degree is 32); of 0.005..0.2 at SCALE 18 here, 0.005 to 0.01 were fastest (docs/PERFORMANCE.md).
inline constexpr double kDefaultDelta = 0.01;
inline constexpr double kMinDelta = 1e-4;

struct SsspOptions {
  double delta = kDefaultDelta;  // in the weights' unit
};

// Each thread keeps one bucket per delta of distance: a tinier delta asks for millions of them.
inline bool is_valid_delta(double delta) { return std::isfinite(delta) && delta >= kMinDelta; }

}  // namespace semibfs
