// Arrays asked for in huge pages are ordinary vectors: empty with the room asked for, filled in
// place (no reallocation, so the advice stays on the pages the data uses), whatever the kernel gives.
#include "core/huge_pages.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace semibfs {
namespace {

TEST(HugePagesTest, AnArrayReservedInHugePagesIsFilledWhereItWasReserved) {
  for (const std::size_t size : {std::size_t{0}, std::size_t{1000}, std::size_t{3} << 20}) {
    std::vector<std::uint8_t> array(17, 5);
    reserve_in_huge_pages(array, size);
    EXPECT_TRUE(array.empty());
    EXPECT_GE(array.capacity(), size);
    const std::uint8_t* reserved = array.data();
    array.assign(size, 0xFF);
    EXPECT_EQ(array.data(), reserved) << size;
    EXPECT_EQ(std::count(array.begin(), array.end(), 0xFF), static_cast<std::ptrdiff_t>(size));
  }
}

}  // namespace
}  // namespace semibfs
