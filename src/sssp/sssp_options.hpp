// How an SSSP search runs.
#pragma once

namespace semibfs {

// Bucket width of delta-stepping. Meyer and Sanders (J. Algorithms 49(1), 2003, Sec. 4) take
// delta of the order of 1/d for weights uniform in [0, 1) and degree d; the Kronecker graphs'
// mean degree is 32, and 0.05 was the fastest of 0.01..0.4 at SCALE 18 here (docs/PERFORMANCE.md).
inline constexpr float kDefaultDelta = 0.05F;

struct SsspOptions {
  float delta = kDefaultDelta;
};

}  // namespace semibfs
