// SNAP text and plain edge lists: awkward but valid files, header metadata, and every line error.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "formats/edge_file_reader.hpp"
#include "formats/format_files.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;
using testing::edges;
using testing::error_of;
using testing::read_file;
using testing::read_memory;

TEST(SnapReader, ReadsCommentsAnywhereTabsSpacesCrlfAndTrailingBlanks) {
  testing::ScratchDirectory directory;
  const std::string path = directory.file("graph.txt");
  testing::write_bytes(path,
                       "# Directed graph (each unordered pair of nodes is saved once): Wiki-Vote.txt\r\n"
                       "# Nodes: 5 Edges: 6\r\n"
                       "# FromNodeId\tToNodeId\r\n"
                       "0\t1\r\n"
                       "  1 2   \r\n"
                       "# a comment in the middle\r\n"
                       "\r\n"
                       "2\t \t3\t\r\n"
                       "   % a KONECT-style comment\n"
                       "3 3\n"      // self-loop, kept
                       "0 1\n"      // duplicate, kept
                       "17 4");     // no line end at the end
  const auto reader = open_edge_file(path, InputFormat::kAuto);
  EXPECT_EQ(reader->info().format, InputFormat::kSnap);
  EXPECT_EQ(reader->info().declared, Directedness::kDirected);
  EXPECT_EQ(reader->info().declared_edges, std::optional<std::uint64_t>(6));
  EXPECT_FALSE(reader->info().declared_vertices.has_value());
  EXPECT_FALSE(reader->info().gzip);
  EXPECT_EQ(testing::read_all(*reader), edges({{0, 1}, {1, 2}, {2, 3}, {3, 3}, {0, 1}, {17, 4}}));
  EXPECT_EQ(reader->edges_read(), 6u);
}

TEST(SnapReader, UndirectedHeaderAndNoHeader) {
  const auto undirected = open_edge_memory("# Undirected graph: facebook_combined.txt\n0 1\n", InputFormat::kSnap);
  EXPECT_EQ(undirected->info().declared, Directedness::kUndirected);
  const auto plain = open_edge_memory("0 1\n# Directed graph (too late to count)\n", InputFormat::kSnap);
  EXPECT_EQ(plain->info().declared, Directedness::kUnknown);
  EXPECT_EQ(testing::read_all(*plain), edges({{0, 1}}));
}

TEST(SnapReader, IdsUpToTwoToTheFortyEightMinusOne) {
  EXPECT_EQ(read_memory("281474976710655 0\n281474976710654 000281474976710655\n", InputFormat::kSnap),
            edges({{kMaxFileId, 0}, {kMaxFileId - 1, kMaxFileId}}));
}

TEST(SnapReader, IdOfTwoToTheFortyEightIsAnErrorNamingIt) {
  const std::string message =
      error_of([] { read_memory("# header\n1 2\n3 281474976710656\n", InputFormat::kSnap, "big.txt"); });
  EXPECT_THAT(message, HasSubstr("'big.txt' line 3"));
  EXPECT_THAT(message, HasSubstr("id '281474976710656' is 2^48 or more"));
  EXPECT_THAT(message, HasSubstr("'3 281474976710656'"));
  // Far beyond 2^64 too: the parser saturates instead of wrapping around.
  EXPECT_THAT(error_of([] { read_memory("99999999999999999999999999 1\n", InputFormat::kSnap); }),
              HasSubstr("id '99999999999999999999999999' is 2^48 or more"));
  // A huge id is cut in the message like a long line.
  EXPECT_THAT(error_of([] { read_memory("1 " + std::string(5000, '9') + "\n", InputFormat::kSnap); }),
              HasSubstr("id '" + std::string(60, '9') + "'... is 2^48 or more"));
}

TEST(SnapReader, MalformedLineNamesFileLineAndText) {
  testing::ScratchDirectory directory;
  const std::string path = directory.file("bad.txt");
  testing::write_bytes(path, "# comment\n0 1\n1 2\n\n2 x3\n");
  const std::string message = error_of([&] { read_file(path); });
  EXPECT_THAT(message, HasSubstr("cannot read '" + path + "' line 5"));
  EXPECT_THAT(message, HasSubstr("expected '<source> <target>'"));
  EXPECT_THAT(message, HasSubstr("'2 x3'"));
}

TEST(SnapReader, EveryKindOfBadLineIsAnError) {
  for (const char* line : {"1\n", "1 2 3\n", "-1 2\n", "1.5 2\n", "1,2\n", "+1 2\n", "1 2 # note\n", "0x1 2\n"}) {
    const std::string message = error_of([&] { read_memory(std::string("0 1\n") + line, InputFormat::kSnap); });
    EXPECT_THAT(message, HasSubstr("line 2")) << line;
  }
  EXPECT_THAT(error_of([] { read_memory("1 2 3\n", InputFormat::kSnap); }), HasSubstr("more than two fields"));
}

TEST(SnapReader, LongLinesAreCutInTheMessage) {
  const std::string line = "1 " + std::string(200, '7') + "z";
  const std::string message = error_of([&] { read_memory(line + "\n", InputFormat::kSnap); });
  EXPECT_THAT(message, HasSubstr("'1 " + std::string(58, '7') + "'..."));
  EXPECT_LT(message.size(), 300u);
}

TEST(SnapReader, BinaryGarbageAsTextIsAnError) {
  const std::string garbage("\x00\x00\x00\x01\xff\x12\n", 7);
  const std::string message = error_of([&] { read_memory(garbage, InputFormat::kSnap, "garbage.txt"); });
  EXPECT_THAT(message, HasSubstr("'garbage.txt' line 1"));
  EXPECT_THAT(message, HasSubstr("'\\x00\\x00\\x00\\x01\\xff\\x12'"));
}

TEST(SnapReader, BinaryGarbageWithoutLineEndsIsAnError) {
  const std::string garbage(3 << 20, '\x01');
  EXPECT_THAT(error_of([&] { read_memory(garbage, InputFormat::kSnap); }), HasSubstr("longer than 1 MiB"));
}

TEST(SnapReader, FilesWithoutEdgesAreAnError) {
  for (const char* text : {"", "\n\n", "# only\n# comments\n", "#\n"}) {
    EXPECT_THAT(error_of([&] { read_memory(text, InputFormat::kSnap, "empty.txt"); }),
                HasSubstr("'empty.txt': it holds no edges"))
        << text;
  }
}

TEST(EdgeListReader, ReadsIdPairsAndBlankLines) {
  testing::ScratchDirectory directory;
  const std::string path = directory.file("graph.el");
  testing::write_bytes(path, "0 1\r\n\r\n  \n1\t2  \n5 5\n");
  const auto reader = open_edge_file(path, InputFormat::kAuto);
  EXPECT_EQ(reader->info().format, InputFormat::kEl);
  EXPECT_EQ(reader->info().declared, Directedness::kUnknown);
  EXPECT_EQ(testing::read_all(*reader), edges({{0, 1}, {1, 2}, {5, 5}}));
}

TEST(EdgeListReader, CommentsAreAnError) {
  const std::string message = error_of([] { read_memory("0 1\n# no comments here\n", InputFormat::kEl, "g.el"); });
  EXPECT_THAT(message, HasSubstr("'g.el' line 2: a comment line in an el file"));
  EXPECT_THAT(message, HasSubstr("read it as snap"));
}

TEST(EdgeListReader, MalformedLineIsAnError) {
  EXPECT_THAT(error_of([] { read_memory("0 1\n1 two\n", InputFormat::kEl); }), HasSubstr("line 2: expected"));
  EXPECT_THAT(error_of([] { read_memory("\n\n", InputFormat::kEl); }), HasSubstr("holds no edges"));
}

// A SNAP file saved by a Windows editor: the byte-order mark is skipped, the comment stays one.
TEST(SnapReader, AByteOrderMarkBeforeTheFirstCommentIsSkipped) {
  const auto reader = open_edge_memory("\xEF\xBB\xBF# Directed graph\n0 1\n1 2\n", InputFormat::kSnap);
  EXPECT_EQ(reader->info().declared, Directedness::kDirected);
  EXPECT_EQ(testing::read_all(*reader), edges({{0, 1}, {1, 2}}));
}

}  // namespace
}  // namespace semibfs
