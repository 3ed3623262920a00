#include "gen/mrg.hpp"

#include <gtest/gtest.h>

namespace semibfs {
namespace {

MrgState step(MrgState state, std::uint64_t steps) {
  for (std::uint64_t i = 0; i < steps; ++i) state.next_uint();
  return state;
}

void expect_same(const MrgState& a, const MrgState& b) {
  EXPECT_EQ(a.z1, b.z1);
  EXPECT_EQ(a.z2, b.z2);
  EXPECT_EQ(a.z3, b.z3);
  EXPECT_EQ(a.z4, b.z4);
  EXPECT_EQ(a.z5, b.z5);
}

TEST(Mrg, SeedSpreadsUserSeedsLikeTheReference) {
  const MrgState state = make_mrg_state(2, 3);
  expect_same(state, MrgState{3, 1, 4, 1, 1});
  const MrgState high = make_mrg_state(~0ULL, ~0ULL);
  EXPECT_EQ(high.z5, (15u << 4) + 15u + 1);
}

TEST(Mrg, SkipEqualsSteppingOneByOne) {
  const MrgState seed = make_mrg_state(2, 3);
  for (std::uint64_t steps : {0ULL, 1ULL, 2ULL, 5ULL, 255ULL, 256ULL, 1000ULL, 70000ULL}) {
    expect_same(MrgTransition::skip(0, 0, steps).apply(seed), step(seed, steps));
  }
}

TEST(Mrg, PowersOfTwoCompose) {
  const MrgState seed = make_mrg_state(7, 11);
  const MrgState by_skip = MrgTransition::skip(0, 3, 0).apply(seed);
  const MrgState by_power = MrgTransition::power_of_two_steps(64).power(3).apply(seed);
  expect_same(by_skip, by_power);
  const MrgState twice = MrgTransition::power_of_two_steps(10).apply(MrgTransition::power_of_two_steps(10).apply(seed));
  expect_same(twice, MrgTransition::power_of_two_steps(11).apply(seed));
}

TEST(Mrg, ReduceIsModuloTwoToThe31MinusOne) {
  for (std::uint64_t x : std::initializer_list<std::uint64_t>{0, 1, kMrgModulus - 1, kMrgModulus, kMrgModulus + 1, ~0ULL >> 2, ~0ULL}) {
    EXPECT_EQ(mrg_reduce(x), x % kMrgModulus) << x;
  }
}

}  // namespace
}  // namespace semibfs
