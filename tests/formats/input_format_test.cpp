// Format names and the `auto` detection rules of input_format.hpp, one rule a test.
#include "formats/input_format.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "formats/format_files.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;

TEST(InputFormatNames, RoundTripAndRefuseOthers) {
  for (const char* name : {"auto", "snap", "mtx", "el", "g500-packed", "g500-int64"}) {
    EXPECT_EQ(to_string(parse_input_format(name)), name);
  }
  EXPECT_EQ(parse_input_format("g500-packed"), InputFormat::kG500Packed);
  for (const char* name : {"", "SNAP", "text", "packed48", "g500"}) {
    EXPECT_THROW(parse_input_format(name), UsageError) << name;
  }
}

TEST(FormatDetection, BannerWinsOverExtension) {
  EXPECT_EQ(detect_input_format("graph.txt", "%%MatrixMarket matrix coordinate pattern general\n"), InputFormat::kMtx);
  EXPECT_EQ(detect_input_format("noext", "%%MatrixMarket matrix"), InputFormat::kMtx);
}

TEST(FormatDetection, ByExtensionIgnoringCaseAndGz) {
  const std::string binary("\x01\x00\x00\x00", 4);
  EXPECT_EQ(detect_input_format("a/b.mtx", "1 2"), InputFormat::kMtx);
  EXPECT_EQ(detect_input_format("b.MTX.gz", "1 2"), InputFormat::kMtx);
  EXPECT_EQ(detect_input_format("b.el", "1 2"), InputFormat::kEl);
  EXPECT_EQ(detect_input_format("b.el.gz", "1 2"), InputFormat::kEl);
  for (const char* name : {"b.txt", "b.snap", "b.tsv", "b.edges", "b.TXT.gz"}) {
    EXPECT_EQ(detect_input_format(name, "# x\n1 2\n"), InputFormat::kSnap) << name;
  }
  EXPECT_EQ(detect_input_format("b.g500", binary), InputFormat::kG500Packed);
  EXPECT_EQ(detect_input_format("b.packed48", binary), InputFormat::kG500Packed);
  EXPECT_EQ(detect_input_format("b.int64", binary), InputFormat::kG500Int64);
}

TEST(FormatDetection, TextWithoutKnownExtensionIsSnap) {
  EXPECT_EQ(detect_input_format("graph", "# comment\n1 2\n"), InputFormat::kSnap);
  EXPECT_EQ(detect_input_format("dir.v2/graph", "1\t2\r\n"), InputFormat::kSnap);
  EXPECT_EQ(detect_input_format("graph.csv", "# caf\xc3\xa9\n1 2\n"), InputFormat::kSnap);  // UTF-8 comment
  EXPECT_EQ(detect_input_format("empty", ""), InputFormat::kSnap);
}

TEST(FormatDetection, BinaryWithoutKnownLayoutIsAnError) {
  const std::string binary("\x01\x00\x00\x00\x02\x00", 6);
  EXPECT_THAT(testing::error_of([&] { detect_input_format("graph.dat", binary); }),
              HasSubstr("cannot tell the format of 'graph.dat': it holds binary data"));
  EXPECT_THAT(testing::error_of([&] { detect_input_format("graph.bin", "1 2\n"); }),
              HasSubstr("a .bin file may hold either Graph500 layout (name the format: g500-packed"));
}

TEST(FormatDetection, GzipMagic) {
  EXPECT_TRUE(is_gzip("\x1f\x8b\x08"));
  EXPECT_FALSE(is_gzip("\x1f"));
  EXPECT_FALSE(is_gzip("1 2\n"));
}

TEST(FormatDetection, OpenUsesTheRules) {
  EXPECT_EQ(open_edge_memory("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", InputFormat::kAuto,
                             "x.txt")->info().format,
            InputFormat::kMtx);
  EXPECT_EQ(open_edge_memory("1 2\n", InputFormat::kAuto, "x")->info().format, InputFormat::kSnap);
  // An explicit format is taken as given: this banner is then a comment of a SNAP file.
  EXPECT_EQ(open_edge_memory("%%MatrixMarket\n1 2\n", InputFormat::kSnap, "x.mtx")->info().format, InputFormat::kSnap);
}

}  // namespace
}  // namespace semibfs
