// AlignedBuffer and the block arithmetic the readers round requests with.
#include "io/aligned_buffer.hpp"

#include <gtest/gtest.h>

#include <utility>

namespace semibfs {
namespace {

TEST(StorageAlignedBuffer, AlignedAndRoundedUpToBlocks) {
  AlignedBuffer buffer(5000);
  ASSERT_NE(buffer.data(), nullptr);
  EXPECT_TRUE(is_block_aligned(buffer.data()));
  EXPECT_EQ(buffer.size(), 8192u);
  buffer.data()[buffer.size() - 1] = std::byte{7};  // the whole rounded size is usable
  EXPECT_EQ(buffer.data()[buffer.size() - 1], std::byte{7});
}

TEST(StorageAlignedBuffer, EmptyAndMoved) {
  AlignedBuffer empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.data(), nullptr);
  AlignedBuffer source(4096);
  std::byte* data = source.data();
  AlignedBuffer target(std::move(source));
  EXPECT_EQ(target.data(), data);
  EXPECT_TRUE(source.empty());  // NOLINT(bugprone-use-after-move): moved-from state is defined
  empty = std::move(target);
  EXPECT_EQ(empty.data(), data);
}

TEST(StorageAlignedBuffer, BlockArithmeticIs64Bit) {
  constexpr std::uint64_t kFiveTerabytes = std::uint64_t{5} << 40;
  EXPECT_EQ(round_down_to_block(kFiveTerabytes + 4095), kFiveTerabytes);
  EXPECT_EQ(round_up_to_block(kFiveTerabytes + 1), kFiveTerabytes + 4096);
  EXPECT_EQ(round_up_to_block(0), 0u);
  EXPECT_TRUE(is_block_aligned(kFiveTerabytes));
  EXPECT_FALSE(is_block_aligned(kFiveTerabytes + 512));
}

TEST(StorageAlignedBuffer, ImpossibleSizeIsAnError) {
  EXPECT_THROW(AlignedBuffer(std::uint64_t{1} << 62), Error);
}

}  // namespace
}  // namespace semibfs
