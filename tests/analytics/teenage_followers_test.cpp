// Average teenage followers over the streaming queries against a count made here from the simple
// graph built independently from the edge list, on every store layout; the seeded ages.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "analytics/teenage_followers.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "support/reference_analytics.hpp"
#include "support/store_cases.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

TEST(TeenageFollowers, CountsEqualTheFollowersCountedFromTheEdgesOnEveryStore) {
  KroneckerParams params;
  params.scale = 10;
  const EdgeList edges = generate_kronecker(params, false);
  testing::StoreCases stores(edges);
  const std::vector<std::uint8_t> ages = seeded_ages(edges.num_vertices, 5);
  for (const testing::StoreCase& c : testing::every_store_case()) {
    const auto followers = testing::simple_in_lists(edges, c.direction == GraphDirection::kDirected);
    const TieredGraph tiered = stores.open(c);
    StreamingGraph graph(tiered);
    for (const int older_than : {20, 60, 90}) {
      SCOPED_TRACE(c.name() + ", older than " + std::to_string(older_than));
      std::int64_t counted = 0, teenage = 0;
      for (std::size_t v = 0; v < followers.size(); ++v) {
        if (ages[v] <= older_than) continue;
        ++counted;
        for (const std::int64_t u : followers[v])
          teenage += ages[static_cast<std::size_t>(u)] >= 13 && ages[static_cast<std::size_t>(u)] <= 19;
      }
      const TeenageFollowersResult result = average_teenage_followers(graph, ages, older_than);
      EXPECT_EQ(result.counted_vertices, counted);
      EXPECT_EQ(result.teenage_followers, teenage);
      EXPECT_DOUBLE_EQ(result.average, counted > 0 ? static_cast<double>(teenage) / static_cast<double>(counted) : 0.0);
    }
  }
}

TEST(TeenageFollowers, SeededAgesAreTheSameForASeedAndSpreadOverTheRange) {
  const std::vector<std::uint8_t> ages = seeded_ages(100000, 9);
  EXPECT_EQ(ages, seeded_ages(100000, 9));
  EXPECT_NE(ages, seeded_ages(100000, 10));
  EXPECT_EQ(*std::min_element(ages.begin(), ages.end()), 10);
  EXPECT_EQ(*std::max_element(ages.begin(), ages.end()), 79);
  const auto teenage = std::count_if(ages.begin(), ages.end(), [](std::uint8_t age) { return age >= 13 && age <= 19; });
  EXPECT_NEAR(static_cast<double>(teenage) / 100000.0, 7.0 / 70.0, 0.01);
  testing::StoreCases stores(testing::make_edge_list(3, {{0, 1}}));
  const TieredGraph tiered = stores.open({false, 1, GraphDirection::kUndirected, false});
  StreamingGraph graph(tiered);
  EXPECT_THROW(average_teenage_followers(graph, ages, 20), Error);  // ages for another graph
}

}  // namespace
}  // namespace semibfs
