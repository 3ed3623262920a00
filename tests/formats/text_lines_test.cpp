// The line splitter under the text readers: line ends, numbers, reads of any size, and excerpts.
#include "formats/text_lines.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "formats/format_files.hpp"

namespace semibfs {
namespace {

std::vector<std::string> all_lines(std::string_view text, std::size_t read_bytes) {
  TextLines lines(make_memory_source(text), "t", read_bytes);
  std::vector<std::string> result;
  std::string_view line;
  while (lines.next(line)) {
    result.emplace_back(line);
    EXPECT_EQ(lines.line_number(), result.size());
  }
  return result;
}

TEST(FormatTextLines, LineEndsAndReadSizes) {
  const std::string text = "a b\r\n\nccc\r\r\nlast";
  const std::vector<std::string> expected = {"a b", "", "ccc\r", "last"};
  for (const std::size_t read_bytes : {1, 2, 3, 7, 1 << 20}) EXPECT_EQ(all_lines(text, read_bytes), expected);
  EXPECT_EQ(all_lines("x\n", 4), std::vector<std::string>{"x"});
  EXPECT_TRUE(all_lines("", 4).empty());
}

TEST(FormatTextLines, AByteOrderMarkOpensTheFirstLineOnly) {
  const std::string bom = "\xEF\xBB\xBF";
  for (const std::size_t read_bytes : {1, 2, 5, 1 << 20}) {
    EXPECT_EQ(all_lines(bom + "# c\n0 1\n", read_bytes), (std::vector<std::string>{"# c", "0 1"}));
    EXPECT_EQ(all_lines("0 1\n" + bom + "1 2\n", read_bytes), (std::vector<std::string>{"0 1", bom + "1 2"}));
  }
}

TEST(FormatTextLines, LongLinesFitUpToTheLimit) {
  const std::string line(kMaxLineBytes, '1');
  EXPECT_EQ(all_lines(line + "\nx", 4096), (std::vector<std::string>{line, "x"}));
  EXPECT_THAT(testing::error_of([&] { all_lines(line + "11\n", 4096); }),
              ::testing::HasSubstr("'t' line 1: a line longer than 1 MiB"));
}

TEST(FormatTextLines, ExcerptEscapesAndCuts) {
  EXPECT_EQ(excerpt("1 2"), "'1 2'");
  EXPECT_EQ(excerpt(std::string("a\0\tb\x80", 5)), "'a\\x00\\x09b\\x80'");
  EXPECT_EQ(excerpt(std::string(61, 'x')), "'" + std::string(60, 'x') + "'...");
  EXPECT_EQ(excerpt(std::string(60, 'x')), "'" + std::string(60, 'x') + "'");
}

}  // namespace
}  // namespace semibfs
