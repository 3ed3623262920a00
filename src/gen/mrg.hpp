// The splittable multiple recursive generator of the Graph500 reference (generator/splittable_mrg.c):
// L'Ecuyer, Blouin and Couture 1993, modulus 2^31 - 1, order 5 (the generator GSL calls mrg).
// A skip of k steps is the state multiplied by A^k, where A is the one-step transition matrix.
#pragma once

#include <array>
#include <cstdint>

namespace semibfs {

inline constexpr std::uint64_t kMrgModulus = 0x7FFFFFFF;  // 2^31 - 1

// x mod (2^31 - 1) for any 64-bit x, without a division.
inline std::uint64_t mrg_reduce(std::uint64_t x) {
  x = (x & kMrgModulus) + (x >> 31);
  x = (x & kMrgModulus) + (x >> 31);
  return x >= kMrgModulus ? x - kMrgModulus : x;
}

struct MrgState {
  std::uint64_t z1, z2, z3, z4, z5;

  // One step of the original recurrence; returns the new z1 in [0, 2^31 - 1).
  std::uint32_t next_uint() {
    const std::uint64_t next = mrg_reduce(107374182 * z1 + 104480 * z5);
    z5 = z4;
    z4 = z3;
    z3 = z2;
    z2 = z1;
    z1 = next;
    return static_cast<std::uint32_t>(next);
  }
  // The reference's mrg_get_double_orig: two draws, in [0, 1).
  double next_double() {
    const double high = static_cast<double>(next_uint()) * .000000000465661287524579692;
    const double low = static_cast<double>(next_uint()) * .0000000000000000002168404346990492787;
    return high + low;
  }
  float next_float() { return mrg_float_of(next_uint()); }

  // The reference's mrg_get_float_orig of one draw: rounded to float first, scaled in double.
  static float mrg_float_of(std::uint32_t draw) {
    return static_cast<float>(static_cast<double>(static_cast<float>(draw)) * .000000000465661287524579692);
  }
};

// The reference's make_mrg_seed: two 64-bit user seeds spread into five nonzero 31-bit values.
MrgState make_mrg_state(std::uint64_t seed1, std::uint64_t seed2);

// A linear map on MRG states: a power of the one-step transition matrix A.
class MrgTransition {
 public:
  static MrgTransition identity();
  static MrgTransition one_step();
  // A^(2^bits): `bits` squarings of A.
  static MrgTransition power_of_two_steps(int bits);
  // A^(high * 2^128 + middle * 2^64 + low), the reference's mrg_skip(high, middle, low).
  static MrgTransition skip(std::uint64_t high, std::uint64_t middle, std::uint64_t low);

  MrgTransition then(const MrgTransition& next) const;  // next * this
  MrgTransition power(std::uint64_t exponent) const;
  MrgState apply(const MrgState& state) const;
  void copy_to(std::uint64_t (&matrix)[5][5]) const;

 private:
  std::array<std::array<std::uint64_t, 5>, 5> matrix_{};
};

}  // namespace semibfs
