// The search state's size as the planner computes it, without allocating, equals what a search
// state of that size holds.
#include "bfs/search_state.hpp"

#include <gtest/gtest.h>

#include <string>

namespace semibfs {
namespace {

TEST(SearchStateBytes, ComputedEqualsAllocated) {
  for (std::int64_t vertices : {1, 63, 64, 1000, 4096, 100003}) {
    for (int partitions : {1, 3}) {
      for (int summary_bits : {0, 64, 256, 1024}) {
        SCOPED_TRACE(std::to_string(vertices) + " vertices, " + std::to_string(partitions) + " partitions, summary " +
                     std::to_string(summary_bits));
        const PartitionLayout layout(vertices, partitions);
        const SearchState state(layout, summary_bits);
        EXPECT_EQ(SearchState::bytes_for(vertices, summary_bits), state.bytes());
      }
    }
  }
}

}  // namespace
}  // namespace semibfs
