// TieredCsr::into_csr: plain lists read whole become the CSR graph kernel 1 would hold (SSSP across
// ranks reads a rank part's lists so); lists with tails, or views of another graph, are refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "graph/csr_graph.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {
namespace {

TEST(TieredCsrIntoCsr, WholeListsMoveIntoAnEqualCsrGraph) {
  const std::vector<std::int64_t> offsets{0, 2, 2, 5};
  const std::vector<NeighborId> neighbors{1, 2, 0, 1, 2};
  TieredCsr lists(offsets, offsets, neighbors, "unused-tails");
  EXPECT_FALSE(lists.has_tails());
  const CsrGraph graph = std::move(lists).into_csr();
  EXPECT_EQ(graph.num_vertices(), 3);
  EXPECT_EQ(graph.offsets(), offsets);
  EXPECT_EQ(graph.all_neighbors(), neighbors);
}

// The refusal's message, or "" when into_csr took the lists.
std::string refusal_of(TieredCsr lists) {
  try {
    (void)std::move(lists).into_csr();
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

TEST(TieredCsrIntoCsr, ListsWithTailsOrViewsAreRefused) {
  // Row 2 keeps one of its three entries in DRAM; the rest is a tail on disk.
  TieredCsr split({0, 2, 2, 5}, {0, 2, 2, 3}, {1, 2, 0}, "tails");
  EXPECT_TRUE(split.has_tails());
  EXPECT_NE(refusal_of(std::move(split)).find("only plain lists read whole"), std::string::npos);
  const CsrGraph graph(2, {0, 1, 2}, {1, 0});
  EXPECT_NE(refusal_of(TieredCsr::all_in_dram(graph)).find("only plain lists read whole"), std::string::npos);
}

}  // namespace
}  // namespace semibfs
