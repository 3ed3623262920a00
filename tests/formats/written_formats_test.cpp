// One name for each edge-file layout: what generate writes under a name, build reads under the same
// name (edges/edge_format.hpp declares them once, formats/input_format.hpp reuses them), and
// generate's old names are refused with the new one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "edges/edge_format.hpp"
#include "formats/format_files.hpp"
#include "formats/input_format.hpp"
#include "gen/kronecker.hpp"
#include "gen/kronecker_edge_file.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;

TEST(WrittenFormats, EachWrittenNameIsReadBackUnderTheSameName) {
  const testing::ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 8;
  std::vector<PackedEdge> generated(static_cast<std::size_t>(params.num_edges()));
  generate_kronecker_range(params, 0, params.num_edges(), generated.data(), nullptr);
  std::vector<RawEdge> expected;
  for (const PackedEdge& edge : generated) {
    expected.push_back({static_cast<std::uint64_t>(edge.v0()), static_cast<std::uint64_t>(edge.v1())});
  }
  for (const char* name : {"g500-int64", "g500-packed", "el"}) {
    SCOPED_TRACE(name);
    const std::string path = directory.file(std::string("kron.") + name);  // no extension auto knows
    write_kronecker_edge_file(params, path, std::int64_t{1} << 20, nullptr, parse_written_edge_format(name));
    EXPECT_EQ(testing::read_file(path, parse_input_format(name)), expected);
  }
}

TEST(WrittenFormats, NamesAreDeclaredOnceAndShared) {
  for (const EdgeFormat format : kEdgeFormats) {
    EXPECT_EQ(parse_input_format(to_string(format)), format);
    EXPECT_EQ(find_edge_format(to_string(format)), format);
  }
  EXPECT_EQ(parse_written_edge_format("g500-int64"), InputFormat::kG500Int64);
  EXPECT_EQ(parse_written_edge_format("g500-packed"), InputFormat::kG500Packed);
  EXPECT_EQ(parse_written_edge_format("el"), InputFormat::kEl);
}

TEST(WrittenFormats, OldGenerateNamesNameTheNewOne) {
  EXPECT_THAT(testing::error_of([] { parse_written_edge_format("int64"); }),
              HasSubstr("'int64' is now called 'g500-int64'"));
  EXPECT_THAT(testing::error_of([] { parse_written_edge_format("packed48"); }),
              HasSubstr("'packed48' is now called 'g500-packed'"));
  EXPECT_THAT(testing::error_of([] { parse_written_edge_format("text"); }), HasSubstr("'text' is now called 'el'"));
  for (const char* name : {"snap", "mtx", "auto", "csv", ""}) {
    EXPECT_THROW(parse_written_edge_format(name), UsageError) << name;
    EXPECT_THAT(testing::error_of([&] { parse_written_edge_format(name); }), HasSubstr("g500-int64, g500-packed or el"));
  }
}

}  // namespace
}  // namespace semibfs
