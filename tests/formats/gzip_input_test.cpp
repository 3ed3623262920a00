// Gzip input: every format reads the same compressed as plain, recognized by its magic bytes;
// concatenated members are one stream; truncated or corrupt streams are errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "formats/edge_file_reader.hpp"
#include "formats/format_files.hpp"
#include "formats/gzip_source.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;
using testing::error_of;
using testing::read_file;
using testing::read_memory;

#ifdef SEMIBFS_HAVE_ZLIB

struct Sample {
  std::string name;
  std::string bytes;
};

std::vector<Sample> samples() {
  std::string snap = "# Undirected graph\n";
  std::string el;
  std::string mtx = "%%MatrixMarket matrix coordinate pattern general\n3000 3000 3000\n";
  std::string packed;
  for (int i = 0; i < 3000; ++i) {
    const std::string line = std::to_string(i) + "\t" + std::to_string((i * 7) % 3000) + "\n";
    snap += line;
    el += line;
    mtx += std::to_string(i + 1) + " " + std::to_string((i * 7) % 3000 + 1) + "\n";
    const PackedEdge edge = PackedEdge::make(i, (i * 7) % 3000);
    packed.append(reinterpret_cast<const char*>(&edge), sizeof edge);
  }
  return {{"graph.txt", snap}, {"graph.el", el}, {"graph.mtx", mtx}, {"graph.g500", packed}};
}

TEST(GzipInput, EveryFormatReadsTheSameCompressed) {
  ASSERT_TRUE(gzip_input_enabled());
  testing::ScratchDirectory directory;
  for (const Sample& sample : samples()) {
    const std::vector<RawEdge> plain = read_memory(sample.bytes, InputFormat::kAuto, sample.name);
    ASSERT_EQ(plain.size(), 3000u) << sample.name;
    EXPECT_EQ(plain[10], (RawEdge{10, 70})) << sample.name;
    const std::string path = directory.file(sample.name + ".gz");
    testing::write_bytes(path, testing::gzip(sample.bytes));
    const auto reader = open_edge_file(path, InputFormat::kAuto, EdgeReaderOptions{1000, 4096});
    EXPECT_TRUE(reader->info().gzip);
    EXPECT_EQ(testing::read_all(*reader), plain) << sample.name;
  }
}

TEST(GzipInput, RecognizedByContentNotName) {
  const std::string compressed = testing::gzip("1 2\n3 4\n");
  const auto reader = open_edge_memory(compressed, InputFormat::kAuto, "no-extension");
  EXPECT_TRUE(reader->info().gzip);
  EXPECT_EQ(reader->info().format, InputFormat::kSnap);
  EXPECT_EQ(testing::read_all(*reader), testing::edges({{1, 2}, {3, 4}}));
}

TEST(GzipInput, ConcatenatedMembersAreOneStream) {
  const std::string compressed = testing::gzip("1 2\n3 ") + testing::gzip("4\n5 6\n");
  EXPECT_EQ(read_memory(compressed, InputFormat::kSnap), testing::edges({{1, 2}, {3, 4}, {5, 6}}));
}

TEST(GzipInput, TruncatedStreamIsAnError) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::to_string(i) + " " + std::to_string(i * 31 % 977) + "\n";
  const std::string compressed = testing::gzip(text);
  for (const std::size_t kept : {std::size_t{5}, compressed.size() / 2, compressed.size() - 4}) {
    const std::string cut = compressed.substr(0, kept);
    const std::string message = error_of([&] { read_memory(cut, InputFormat::kAuto, "cut.txt.gz"); });
    EXPECT_THAT(message, HasSubstr("'cut.txt.gz': the gzip stream ends early")) << kept;
  }
}

TEST(GzipInput, CorruptStreamIsAnError) {
  std::string compressed = testing::gzip("1 2\n3 4\n");
  compressed[3] = '\xff';  // reserved flag bits
  EXPECT_THAT(error_of([&] { read_memory(compressed, InputFormat::kSnap, "bad.gz"); }),
              HasSubstr("'bad.gz': corrupt gzip data"));
  std::string trailing = testing::gzip("1 2\n") + "trailing text";
  EXPECT_THAT(error_of([&] { read_memory(trailing, InputFormat::kSnap, "tail.gz"); }), HasSubstr("corrupt gzip data"));
}

#else

TEST(GzipInput, WithoutZlibGzipIsOneClearError) {
  EXPECT_FALSE(gzip_input_enabled());
  EXPECT_THAT(error_of([] { read_memory(std::string("\x1f\x8b\x08\x00", 4), InputFormat::kAuto, "g.txt.gz"); }),
              HasSubstr("'g.txt.gz': it is gzip-compressed and this semibfs was built without zlib"));
}

#endif

}  // namespace
}  // namespace semibfs
