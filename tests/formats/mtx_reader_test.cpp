// Matrix Market coordinate files: the banners semibfs takes, 1-based entries given 0-based, the
// declared size kept for isolated vertices, and the banners, sizes and entries it refuses.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "formats/edge_file_reader.hpp"
#include "formats/format_files.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;
using testing::edges;
using testing::error_of;
using testing::read_memory;

TEST(MtxReader, PatternGeneralWithCommentsAndIsolatedVertices) {
  testing::ScratchDirectory directory;
  const std::string path = directory.file("graph.mtx");
  testing::write_bytes(path,
                       "%%MatrixMarket matrix coordinate pattern general\r\n"
                       "% made by hand\r\n"
                       "%\r\n"
                       "10 10 4\r\n"
                       "1 2\r\n"
                       "% a comment between entries\r\n"
                       "2\t3  \r\n"
                       "\r\n"
                       "7 7\r\n"    // self-loop
                       "1 2\r\n");  // duplicate
  const auto reader = open_edge_file(path, InputFormat::kAuto);
  EXPECT_EQ(reader->info().format, InputFormat::kMtx);
  EXPECT_EQ(reader->info().declared, Directedness::kDirected);
  EXPECT_EQ(reader->info().declared_vertices, std::optional<std::uint64_t>(10));  // ids 7..9 of 0..9 unused
  EXPECT_EQ(reader->info().declared_edges, std::optional<std::uint64_t>(4));
  EXPECT_EQ(testing::read_all(*reader), edges({{0, 1}, {1, 2}, {6, 6}, {0, 1}}));
}

// Values that are no weights are read as before when weights are not read (build --no-weights).
TEST(MtxReader, ValueColumnsAreSkippedWithoutWeights) {
  EdgeReaderOptions unweighted;
  unweighted.read_weights = false;
  const std::string integer = "%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 5\n3 2 -7\n";
  const auto reader = open_edge_memory(integer, InputFormat::kMtx, "<memory>", unweighted);
  EXPECT_EQ(reader->info().declared, Directedness::kUndirected);
  EXPECT_FALSE(reader->info().weighted);
  EXPECT_EQ(testing::read_all(*reader), edges({{1, 0}, {2, 1}}));
  EXPECT_TRUE(reader->chunk_weights().empty());
  const std::string real = "%%MatrixMarket MATRIX Coordinate REAL General\n3 3 2\n1 3 1.5e-3\n3 3 -inf\n";
  EXPECT_EQ(read_memory(real, InputFormat::kMtx, "<memory>", unweighted), edges({{0, 2}, {2, 2}}));
  // A skew-symmetric matrix's values are never weights: its mirrored entries are negated.
  const std::string skew = "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 -1.0\n";
  const auto skew_reader = open_edge_memory(skew, InputFormat::kMtx);
  EXPECT_EQ(skew_reader->info().declared, Directedness::kUndirected);
  EXPECT_FALSE(skew_reader->info().weighted);
  EXPECT_EQ(testing::read_all(*skew_reader), edges({{1, 0}}));
}

TEST(MtxReader, LargestIdsAtTheDeclaredSize) {
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n"
                           "281474976710655 281474976710655 1\n281474976710655 1\n";
  EXPECT_EQ(read_memory(text, InputFormat::kMtx), edges({{kMaxFileId - 1, 0}}));
}

TEST(MtxReader, RefusesBannersItCannotRead) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"%%MatrixMarket matrix coordinate complex general", "complex values"},
      {"%%MatrixMarket matrix array real general", "not a coordinate (sparse) matrix"},
      {"%%MatrixMarket matrix coordinate complex hermitian", "complex values"},
      {"%%MatrixMarket matrix coordinate real hermitian", "the symmetry 'hermitian'"},
      {"%%MatrixMarket vector coordinate real general", "an unknown banner"},
      {"%%MatrixMarket matrix coordinate boolean general", "an unknown field type"},
      {"%%MatrixMarket matrix coordinate pattern", "an unknown banner"},
      {"% no banner", "no '%%MatrixMarket' banner"},
  };
  for (const auto& [banner, reason] : cases) {
    const std::string file = banner + "\n2 2 1\n1 2\n";  // clang 14 lambdas cannot capture structured bindings
    const std::string message = error_of([&] { read_memory(file, InputFormat::kMtx, "m.mtx"); });
    EXPECT_THAT(message, HasSubstr("'m.mtx' line 1: " + reason)) << banner;
  }
}

TEST(MtxReader, NonSquareMatrixIsAnError) {
  const std::string message = error_of(
      [] { read_memory("%%MatrixMarket matrix coordinate pattern general\n% c\n3 4 1\n1 2\n", InputFormat::kMtx); });
  EXPECT_THAT(message, HasSubstr("line 3: the matrix is not square: '3 4 1'"));
}

TEST(MtxReader, FewerEntriesThanDeclaredIsAnError) {
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n";
  const std::string message = error_of([&] { read_memory(text, InputFormat::kMtx, "m.mtx"); });
  EXPECT_THAT(message, HasSubstr("'m.mtx': the size line declares 3 entries, the file has 2"));
}

TEST(MtxReader, MoreEntriesThanDeclaredIsAnError) {
  const std::string message = error_of(
      [] { read_memory("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n", InputFormat::kMtx); });
  EXPECT_THAT(message, HasSubstr("line 4: more entries than the 1 of the size line: '2 3'"));
}

TEST(MtxReader, EntryErrorsNameTheLine) {
  const std::string pattern = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n";
  const std::string real = "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.0\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {pattern + "0 1\n", "line 4: index 0"},
      {pattern + "4 1\n", "line 4: index 4 is beyond the 3 rows"},
      {pattern + "1 2 3\n", "line 4: more fields than row and column"},
      {pattern + "1\n", "line 4: expected '<row> <column>'"},
      {real + "1 2\n", "line 4: expected '<row> <column> <value>'"},
      {real + "1 2 3 4\n", "line 4: more fields than row, column and value"},
      {real + std::string("1 2 \x00\n", 6), "line 4: expected '<row> <column> <value>'"},
  };
  for (const auto& [text, reason] : cases) {
    const std::string& file = text;  // clang 14 lambdas cannot capture structured bindings
    EXPECT_THAT(error_of([&] { read_memory(file, InputFormat::kMtx); }), HasSubstr(reason)) << text;
  }
}

TEST(MtxReader, MissingOrBadSizeLineIsAnError) {
  const std::string banner = "%%MatrixMarket matrix coordinate pattern general\n";
  EXPECT_THAT(error_of([&] { read_memory(banner + "% only comments\n", InputFormat::kMtx); }),
              HasSubstr("no size line"));
  EXPECT_THAT(error_of([&] { read_memory(banner + "3 3\n1 2\n", InputFormat::kMtx); }),
              HasSubstr("line 2: expected '<rows> <columns> <entries>'"));
  EXPECT_THAT(error_of([&] { read_memory("", InputFormat::kMtx); }), HasSubstr("it is empty"));
}

TEST(MtxReader, NoEntriesIsAnError) {
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n5 5 0\n";
  EXPECT_THAT(error_of([&] { read_memory(text, InputFormat::kMtx); }), HasSubstr("it holds no edges"));
}

}  // namespace
}  // namespace semibfs
