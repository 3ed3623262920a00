// The compressed lists' row index against plain 64-bit prefix sums computed here: degrees (small
// and 255 or more), list positions in narrow and wide blocks, a partial last block, the longest
// list, and the resident positions a predicate sets.
#include "tiered/compressed_row_index.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace semibfs {
namespace {

struct Rows {
  std::vector<std::int64_t> degrees;
  std::vector<std::uint64_t> bytes;
};

// Mostly short lists, some of degree 255 and more, some so long that their block is wide.
Rows random_rows(std::int64_t count, std::uint32_t seed, bool with_wide_blocks = true) {
  std::mt19937_64 random(seed);
  Rows rows;
  for (std::int64_t row = 0; row < count; ++row) {
    const std::uint64_t pick = random() % 100;
    std::int64_t degree = static_cast<std::int64_t>(random() % 40);
    if (pick < 5) degree = 255 + static_cast<std::int64_t>(random() % 5000);
    if (pick == 5) degree = 254;
    std::uint64_t bytes = degree == 0 ? 0 : 2 + static_cast<std::uint64_t>(degree) * (1 + random() % 3);
    if (pick == 6 && with_wide_blocks) bytes = 70000 + random() % 100000;  // a wide block
    rows.degrees.push_back(degree);
    rows.bytes.push_back(bytes);
  }
  return rows;
}

CompressedRowIndex index_of(const Rows& rows) {
  CompressedRowIndex::Builder builder(static_cast<std::int64_t>(rows.degrees.size()));
  for (std::size_t row = 0; row < rows.degrees.size(); ++row) builder.add(rows.degrees[row], rows.bytes[row]);
  return builder.finish();
}

TEST(CompressedRowIndex, GivesEachRowsDegreeAndListPosition) {
  for (const std::int64_t count : {std::int64_t{0}, std::int64_t{1}, std::int64_t{15}, std::int64_t{16},
                                   std::int64_t{17}, std::int64_t{5003}}) {
    SCOPED_TRACE(count);
    const Rows rows = random_rows(count, 7 + static_cast<std::uint32_t>(count));
    const CompressedRowIndex index = index_of(rows);
    ASSERT_EQ(index.num_rows(), count);
    std::uint64_t position = 0, longest = 0;
    std::int64_t entries = 0;
    for (std::int64_t row = 0; row < count; ++row) {
      ASSERT_EQ(index.degree(row), rows.degrees[row]) << "row " << row;
      ASSERT_EQ(index.list_begin(row), position) << "row " << row;
      position += rows.bytes[row];
      longest = std::max(longest, rows.bytes[row]);
      entries += rows.degrees[row];
      ASSERT_EQ(index.list_end(row), position) << "row " << row;
      ASSERT_FALSE(index.resident(row)) << "row " << row;
    }
    EXPECT_EQ(index.num_entries(), entries);
    EXPECT_EQ(index.list_bytes(), position);
    EXPECT_EQ(index.longest_list_bytes(), longest);
    EXPECT_LE(index.bytes(), CompressedRowIndex::bytes_bound(count, entries));
  }
}

TEST(CompressedRowIndex, LaysTheKeptListsOutInRowOrder) {
  const Rows rows = random_rows(4099, 3);
  CompressedRowIndex index = index_of(rows);
  const auto keep = [&](std::int64_t row) { return rows.degrees[row] > 0 && rows.degrees[row] % 3 != 0; };
  const std::uint64_t total = index.set_resident(keep);
  std::uint64_t position = 0;
  for (std::int64_t row = 0; row < index.num_rows(); ++row) {
    ASSERT_EQ(index.resident_begin(row), position) << "row " << row;
    if (keep(row)) position += rows.bytes[row];
    ASSERT_EQ(index.resident_end(row), position) << "row " << row;
    ASSERT_EQ(index.resident(row), keep(row) && rows.bytes[row] > 0) << "row " << row;
  }
  EXPECT_EQ(total, position);
  EXPECT_EQ(index.resident_bytes(), position);
  // A second choice replaces the first.
  EXPECT_EQ(index.set_resident([](std::int64_t) { return false; }), 0u);
  for (std::int64_t row = 0; row < index.num_rows(); ++row) ASSERT_FALSE(index.resident(row)) << "row " << row;
}

TEST(CompressedRowIndex, TakesFewBytesARow) {
  const Rows rows = random_rows(1 << 16, 11, false);
  const CompressedRowIndex index = index_of(rows);
  // 104-byte blocks of 16 rows, and 8 bytes for each of the 5% of rows of degree 255 or more.
  EXPECT_LE(index.bytes(), index.num_rows() * 7);
  EXPECT_GE(index.bytes(), index.num_rows() * 13 / 2);
}

}  // namespace
}  // namespace semibfs
