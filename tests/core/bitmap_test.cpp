// Bitmap::first_set_in against a bit-by-bit scan: every range of a bitmap of 200 bits (ends inside
// and on word boundaries) over random contents, sparse and dense.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "core/bitmap.hpp"

namespace semibfs {
namespace {

std::int64_t first_set_by_scan(const Bitmap& bits, std::int64_t first, std::int64_t last) {
  for (std::int64_t bit = first; bit <= last; ++bit) {
    if (bits.test(bit)) return bit;
  }
  return -1;
}

TEST(Bitmap, FirstSetInARangeIsTheFirstBitAScanFinds) {
  std::mt19937_64 random(7);
  for (const int percent : {0, 1, 5, 50}) {
    Bitmap bits(200);
    for (std::int64_t bit = 0; bit < 200; ++bit) {
      if (static_cast<int>(random() % 100) < percent) bits.set(bit);
    }
    for (std::int64_t first = 0; first < 200; ++first) {
      for (std::int64_t last = first; last < 200; ++last) {
        ASSERT_EQ(bits.first_set_in(first, last), first_set_by_scan(bits, first, last))
            << percent << "% set, [" << first << ", " << last << "]";
      }
    }
  }
}

}  // namespace
}  // namespace semibfs
