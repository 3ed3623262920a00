// Graph500 binary files: what `semibfs generate` writes (edges/edge_format.*) reads back edge for
// edge in both layouts; sizes that are not whole records and out-of-range ids are errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>

#include "formats/edge_file_reader.hpp"
#include "formats/format_files.hpp"
#include "edges/edge_file_writer.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;
using testing::error_of;
using testing::read_file;
using testing::read_memory;

const std::vector<PackedEdge> kEdges = {PackedEdge::make(0, 1), PackedEdge::make(5, 5),
                                        PackedEdge::make(0x7FFFFFFFFFFFLL, 3),  // 2^47 - 1, the packed maximum
                                        PackedEdge::make(1LL << 32, (1LL << 40) + 7), PackedEdge::make(0, 1)};

std::vector<RawEdge> expected_edges() {
  std::vector<RawEdge> result;
  for (const PackedEdge& edge : kEdges) {
    result.push_back(RawEdge{static_cast<std::uint64_t>(edge.v0()), static_cast<std::uint64_t>(edge.v1())});
  }
  return result;
}

std::string write_with_generator(const testing::ScratchDirectory& directory, const std::string& name,
                                 EdgeFormat format) {
  const std::string path = directory.file(name);
  std::FILE* file = std::fopen(path.c_str(), "wb");
  write_edges(file, path, format, kEdges);
  std::fclose(file);
  return path;
}

TEST(G500Reader, ReadsWhatTheGeneratorWritesInBothLayouts) {
  testing::ScratchDirectory directory;
  const std::string packed = write_with_generator(directory, "graph.g500", EdgeFormat::kG500Packed);
  const auto reader = open_edge_file(packed, InputFormat::kAuto);
  EXPECT_EQ(reader->info().format, InputFormat::kG500Packed);
  EXPECT_EQ(reader->info().declared, Directedness::kUnknown);
  EXPECT_EQ(testing::read_all(*reader), expected_edges());

  const std::string int64 = write_with_generator(directory, "graph.int64", EdgeFormat::kG500Int64);
  EXPECT_EQ(read_file(int64), expected_edges());
  EXPECT_EQ(read_file(int64, InputFormat::kG500Int64, EdgeReaderOptions{2, 20}), expected_edges());
}

TEST(G500Reader, Int64IdsUpToTwoToTheFortyEightMinusOne) {
  const std::int64_t ids[4] = {static_cast<std::int64_t>(kMaxFileId), 0, 1, static_cast<std::int64_t>(kMaxFileId)};
  const std::string bytes(reinterpret_cast<const char*>(ids), sizeof ids);
  EXPECT_EQ(read_memory(bytes, InputFormat::kG500Int64), testing::edges({{kMaxFileId, 0}, {1, kMaxFileId}}));
}

TEST(G500Reader, SizeThatIsNotWholeRecordsIsAnError) {
  testing::ScratchDirectory directory;
  const std::string path = directory.file("cut.g500");
  testing::write_bytes(path, std::string(12 * 3 + 5, '\0'));
  const std::string message = error_of([&] { open_edge_file(path, InputFormat::kAuto); });
  EXPECT_THAT(message, HasSubstr("'" + path + "': its size, 41 bytes, is not a whole number of 12-byte g500-packed"));
  EXPECT_THAT(error_of([] { read_memory(std::string(24, '\0'), InputFormat::kG500Int64); }),
              HasSubstr("24 bytes, is not a whole number of 16-byte g500-int64"));
}

TEST(G500Reader, OutOfRangeIdsAreAnErrorNamingTheRecord) {
  const std::int64_t ids[4] = {0, 1, 2, std::int64_t{1} << 48};
  const std::string bytes(reinterpret_cast<const char*>(ids), sizeof ids);
  const std::string message = error_of([&] { read_memory(bytes, InputFormat::kG500Int64, "big.int64"); });
  EXPECT_THAT(message, HasSubstr("'big.int64' edge record 1 (byte 16): id 281474976710656 is outside 0 to 2^48 - 1"));

  const PackedEdge negative[2] = {PackedEdge::make(1, 2), PackedEdge::make(3, -1)};
  const std::string packed(reinterpret_cast<const char*>(negative), sizeof negative);
  EXPECT_THAT(error_of([&] { read_memory(packed, InputFormat::kG500Packed); }),
              HasSubstr("edge record 1 (byte 12): id -1 is outside"));
}

TEST(G500Reader, EmptyFileIsAnError) {
  EXPECT_THAT(error_of([] { read_memory("", InputFormat::kG500Packed, "e.g500"); }),
              HasSubstr("'e.g500': it holds no edges (as g500-packed"));
}

}  // namespace
}  // namespace semibfs
