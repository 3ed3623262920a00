// The Kronecker edge file through session/: the edges generate_kronecker makes, in the format asked
// for, and the options' rules before any work.
#include "session/kronecker_file.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "support/error_message.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

using Pairs = std::vector<std::pair<std::int64_t, std::int64_t>>;

Pairs read_int64_pairs(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  Pairs pairs;
  std::int64_t ends[2];
  while (file.read(reinterpret_cast<char*>(ends), sizeof(ends))) pairs.emplace_back(ends[0], ends[1]);
  return pairs;
}

TEST(KroneckerFile, HoldsTheGeneratorsEdges) {
  testing::ScratchDirectory directory;
  KroneckerFileOptions file;
  file.kronecker.scale = 6;
  file.kronecker.edgefactor = 4;
  file.output = directory.file("s6.int64");
  write_kronecker_file(file);
  Pairs expected;
  for (const CompactEdge& edge : generate_kronecker(file.kronecker, false).edges) {
    expected.emplace_back(edge.v0(), edge.v1());
  }
  EXPECT_EQ(read_int64_pairs(file.output), expected);
}

TEST(KroneckerFile, OptionsAreCheckedBeforeAnyWork) {
  const auto usage_error_of = [](auto&& call) { return testing::error_of<UsageError>(call); };
  const testing::ScratchDirectory directory;
  KroneckerFileOptions file;
  EXPECT_EQ(usage_error_of([&] { file.check(); }), "-o FILE is required ('-' for stdout)");
  file.output = directory.file("s10.int64");
  file.kronecker.scale = 49;
  EXPECT_EQ(usage_error_of([&] { file.check(); }), "--scale: must be an integer from 1 to 48, got '49'");
  file.kronecker.scale = 10;
  file.kronecker.edgefactor = 0;
  EXPECT_EQ(usage_error_of([&] { file.check(); }), "--edgefactor: must be an integer from 1 to 1048576, got '0'");
  file.kronecker.edgefactor = 16;
  EXPECT_EQ(usage_error_of([&] { file.check(); }), "");
}

}  // namespace
}  // namespace semibfs
