#include "gen/mrg.hpp"

namespace semibfs {

MrgState make_mrg_state(std::uint64_t seed1, std::uint64_t seed2) {
  return MrgState{(seed1 & 0x3FFFFFFF) + 1, ((seed1 >> 30) & 0x3FFFFFFF) + 1,
                  (seed2 & 0x3FFFFFFF) + 1, ((seed2 >> 30) & 0x3FFFFFFF) + 1,
                  ((seed2 >> 60) << 4) + (seed1 >> 60) + 1};
}

MrgTransition MrgTransition::identity() {
  MrgTransition result;
  for (int i = 0; i < 5; ++i) result.matrix_[i][i] = 1;
  return result;
}

MrgTransition MrgTransition::one_step() {
  MrgTransition result;
  result.matrix_[0][0] = 107374182;
  result.matrix_[0][4] = 104480;
  for (int i = 1; i < 5; ++i) result.matrix_[i][i - 1] = 1;
  return result;
}

MrgTransition MrgTransition::then(const MrgTransition& next) const {
  MrgTransition result;
  for (int row = 0; row < 5; ++row) {
    for (int column = 0; column < 5; ++column) {
      std::uint64_t sum = 0;
      for (int k = 0; k < 5; ++k) sum = mrg_reduce(sum + next.matrix_[row][k] * matrix_[k][column]);
      result.matrix_[row][column] = sum;
    }
  }
  return result;
}

MrgTransition MrgTransition::power(std::uint64_t exponent) const {
  MrgTransition result = identity();
  MrgTransition square = *this;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = result.then(square);
    square = square.then(square);
  }
  return result;
}

MrgTransition MrgTransition::power_of_two_steps(int bits) {
  MrgTransition result = one_step();
  for (int i = 0; i < bits; ++i) result = result.then(result);
  return result;
}

MrgTransition MrgTransition::skip(std::uint64_t high, std::uint64_t middle, std::uint64_t low) {
  return one_step()
      .power(low)
      .then(power_of_two_steps(64).power(middle))
      .then(power_of_two_steps(128).power(high));
}

MrgState MrgTransition::apply(const MrgState& state) const {
  const std::uint64_t in[5] = {state.z1, state.z2, state.z3, state.z4, state.z5};
  std::uint64_t out[5];
  for (int row = 0; row < 5; ++row) {
    std::uint64_t sum = 0;
    for (int k = 0; k < 5; ++k) sum = mrg_reduce(sum + matrix_[row][k] * in[k]);
    out[row] = sum;
  }
  return MrgState{out[0], out[1], out[2], out[3], out[4]};
}

void MrgTransition::copy_to(std::uint64_t (&matrix)[5][5]) const {
  for (int row = 0; row < 5; ++row) {
    for (int column = 0; column < 5; ++column) matrix[row][column] = matrix_[row][column];
  }
}

}  // namespace semibfs
