// A vertex's distance and parent in one 64-bit word, so that one compare-and-swap sets both and a
// parent always matches its distance, and the rule that puts a distance in a bucket: shared by
// delta-stepping in one process (delta_stepping.cpp) and across ranks (mpi/distributed_sssp.cpp).
#pragma once

#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace semibfs {

// Non-negative floats order as their bits do, so labels compare as their distances.
constexpr std::uint64_t pack_label(float distance, std::uint32_t parent) {
  return std::uint64_t{std::bit_cast<std::uint32_t>(distance)} << 32 | parent;
}
constexpr float distance_of(std::uint64_t label) { return std::bit_cast<float>(static_cast<std::uint32_t>(label >> 32)); }
constexpr std::uint32_t parent_of(std::uint64_t label) { return static_cast<std::uint32_t>(label); }

inline constexpr std::uint64_t kUnreachedLabel = pack_label(std::numeric_limits<float>::infinity(), UINT32_MAX);
inline constexpr std::size_t kNoBucket = std::numeric_limits<std::size_t>::max();

// Lowers `label` to `distance` through `parent` when that is shorter, against other threads doing
// the same (one compare-and-swap sets both); whether it did.
inline bool lower_label(std::uint64_t& label, float distance, std::uint32_t parent) {
  std::atomic_ref shared(label);
  std::uint64_t old = shared.load(std::memory_order_relaxed);
  while (distance < distance_of(old)) {
    if (shared.compare_exchange_weak(old, pack_label(distance, parent), std::memory_order_relaxed)) return true;
  }
  return false;
}

// lower_label after a first look at `nearest`, a hint at least the label's distance: an entry that
// cannot shorten the distance, most of them, then reads 4 bytes at random instead of the label's 8.
// The hint follows the label down.
inline bool lower_label_with_hint(std::uint64_t& label, float& nearest, float distance, std::uint32_t parent) {
  std::atomic_ref hint(nearest);
  if (!(distance < hint.load(std::memory_order_relaxed))) return false;
  if (!lower_label(label, distance, parent)) return false;
  hint.store(distance, std::memory_order_relaxed);  // a later, lower store may come first: still not below
  return true;
}

// The bucket of a distance for buckets `delta` wide (Meyer and Sanders: bucket i holds [i delta, (i+1) delta));
// an unreached vertex's infinite distance is in none (kNoBucket: converting infinity is undefined).
inline std::size_t bucket_of(float distance, double delta) {
  return std::isinf(distance) ? kNoBucket : static_cast<std::size_t>(distance / delta);
}

}  // namespace semibfs
