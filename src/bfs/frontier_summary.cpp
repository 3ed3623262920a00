#include "bfs/frontier_summary.hpp"

#include <bit>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

int checked_shift(int group_bits) {
  if (group_bits == 0) return 0;
  const bool power_of_two = group_bits > 0 && std::has_single_bit(static_cast<unsigned>(group_bits));
  // Groups of whole words, so that one frontier word maps to one summary bit.
  if (!power_of_two || group_bits < Bitmap::kBitsPerWord) {
    throw Error("frontier summary: group_bits must be 0 or a power of two of at least 64, got " +
                std::to_string(group_bits));
  }
  return std::countr_zero(static_cast<unsigned>(group_bits));
}

}  // namespace

FrontierSummary::FrontierSummary(std::int64_t num_frontier_bits, int group_bits)
    : shift_(checked_shift(group_bits)),
      bits_(group_bits == 0 ? 0 : (num_frontier_bits + group_bits - 1) / group_bits) {}

}  // namespace semibfs
