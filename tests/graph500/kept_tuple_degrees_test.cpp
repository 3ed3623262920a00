// The validator's tuple degrees kept in a file from the open to the validation after the last
// search (issue 41): read back as written, and counts changed in the file, the file grown, shrunk
// or gone, refused in one line rather than trusted; the file removed when they go.
#include "graph500/kept_tuple_degrees.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint32_t> some_degrees() {
  std::vector<std::uint32_t> degrees(1000);
  for (std::size_t v = 0; v < degrees.size(); ++v) degrees[v] = static_cast<std::uint32_t>(v * 7 % 13);
  return degrees;
}

void expect_refused(const KeptTupleDegrees& kept, const std::string& why) {
  try {
    kept.read();
    ADD_FAILURE() << "counts read back after: " << why;
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("cannot be trusted"), std::string::npos) << error.what();
  }
}

TEST(KeptTupleDegreesTest, ReadBackAsWrittenAndRemovedWhenTheyGo) {
  const testing::ScratchDirectory scratch;
  std::string path;
  {
    const KeptTupleDegrees kept(scratch.path(), some_degrees());
    path = kept.file_path();
    EXPECT_TRUE(fs::exists(path));
    EXPECT_EQ(kept.read(), some_degrees());
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(KeptTupleDegreesTest, CountsChangedInTheFileOrTheFileGoneAreRefused) {
  const testing::ScratchDirectory scratch;
  const KeptTupleDegrees kept(scratch.path(), some_degrees());
  {
    // Vertex 500's count plus one: the size is right, the digest is not.
    std::fstream file(kept.file_path(), std::ios::in | std::ios::out | std::ios::binary);
    const std::uint32_t changed = some_degrees()[500] + 1;
    file.seekp(500 * 4);
    file.write(reinterpret_cast<const char*>(&changed), 4);
  }
  expect_refused(kept, "a count changed");
  fs::resize_file(kept.file_path(), 4004);
  expect_refused(kept, "a count appended");
  fs::resize_file(kept.file_path(), 3996);
  expect_refused(kept, "a count cut off");
  fs::remove(kept.file_path());
  expect_refused(kept, "the file removed");
}

TEST(KeptTupleDegreesTest, TwoCountsSwappedChangeTheDigest) {
  std::vector<std::uint32_t> swapped = some_degrees();
  std::swap(swapped[3], swapped[4]);
  ASSERT_NE(swapped, some_degrees());
  EXPECT_NE(KeptTupleDegrees::digest_of(swapped), KeptTupleDegrees::digest_of(some_degrees()));
}

}  // namespace
}  // namespace semibfs
