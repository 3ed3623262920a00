// The bucket index of bulk renumbering finds what IdMap::find finds, for spread, crowded and
// compact ids, present or not.
#include "formats/id_lookup.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace semibfs {
namespace {

void expect_same_as_the_map(const std::vector<std::uint64_t>& ids, const std::vector<std::uint64_t>& probes) {
  const IdMap map = IdMap::from_sorted_ids(ids);
  const IdLookup lookup(map);
  if (!map.is_identity()) {
    EXPECT_LE(lookup.bytes(), IdLookup::bytes_for(map.size()));
  }
  for (const std::uint64_t id : ids) ASSERT_EQ(lookup.find(id), map.find(id)) << id;
  for (const std::uint64_t id : probes) ASSERT_EQ(lookup.find(id), map.find(id)) << id;
}

std::vector<std::uint64_t> sorted_distinct(std::vector<std::uint64_t> ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

TEST(IdLookup, SpreadCrowdedAndCompactIds) {
  std::mt19937_64 random(17);
  std::vector<std::uint64_t> spread, crowded, probes;
  for (int i = 0; i < 20000; ++i) spread.push_back(random() % (kMaxFileId + 1));
  // Most ids within 1000 of each other, a few far away: nearly all in one bucket.
  for (int i = 0; i < 5000; ++i) crowded.push_back(1000000 + random() % 1000);
  crowded.push_back(kMaxFileId);
  crowded.push_back(3);
  for (int i = 0; i < 20000; ++i) probes.push_back(random() % (kMaxFileId + 1));
  for (std::uint64_t id = 999990; id < 1001010; ++id) probes.push_back(id);
  probes.insert(probes.end(), {0, 1, 2, 4, kMaxFileId - 1, kMaxFileId});
  expect_same_as_the_map(sorted_distinct(spread), probes);
  expect_same_as_the_map(sorted_distinct(crowded), probes);
  expect_same_as_the_map({0, 1, 2, 3}, probes);  // the identity
  expect_same_as_the_map({7}, probes);
  expect_same_as_the_map({}, probes);
}

}  // namespace
}  // namespace semibfs
