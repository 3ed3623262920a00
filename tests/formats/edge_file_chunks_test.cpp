// Chunking: any chunk size and any read size give the same edges as one big chunk, in every
// format, from a file and from memory; chunks never exceed their bound.
#include <gtest/gtest.h>

#include "formats/byte_source.hpp"
#include "formats/edge_file_reader.hpp"
#include "formats/format_files.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

struct Sample {
  std::string name;
  std::string bytes;
  std::vector<RawEdge> edges;
};

// 500 edges with ids up to 2^48 - 1 in each format, with comments and CRLF where the format has them.
std::vector<Sample> samples() {
  Sample snap{"g.txt", "# Directed graph\r\n", {}};
  Sample el{"g.el", "", {}};
  Sample mtx{"g.mtx",
             "%%MatrixMarket matrix coordinate integer general\n% c\n281474976710655 281474976710655 500\n",
             {}};
  Sample int64{"g.int64", "", {}};
  Sample packed{"g.g500", "", {}};
  for (std::uint64_t i = 0; i < 500; ++i) {
    const std::uint64_t source = i * 562949953421 % kMaxFileId;  // spread over the whole id range
    const std::uint64_t target = (i * i) % 1000;
    const std::string line = std::to_string(source) + " \t" + std::to_string(target);
    snap.bytes += line + (i % 7 == 0 ? "  \r\n# mid\r\n" : "\r\n");
    el.bytes += line + (i % 5 == 0 ? "\n\n" : "\n");
    mtx.bytes += std::to_string(source + 1) + " " + std::to_string(target + 1) + " " + std::to_string(i) + "\n";
    const std::int64_t pair[2] = {static_cast<std::int64_t>(source), static_cast<std::int64_t>(target)};
    int64.bytes.append(reinterpret_cast<const char*>(pair), sizeof pair);
    for (Sample* sample : {&snap, &el, &mtx, &int64}) sample->edges.push_back(RawEdge{source, target});
    if (source < (std::uint64_t{1} << 47)) {  // the packed layout holds signed 48-bit ids
      const PackedEdge edge = PackedEdge::make(static_cast<VertexId>(source), static_cast<VertexId>(target));
      packed.bytes.append(reinterpret_cast<const char*>(&edge), sizeof edge);
      packed.edges.push_back(RawEdge{source, target});
    }
  }
  return {snap, el, mtx, int64, packed};
}

TEST(EdgeFileChunks, AnyChunkAndReadSizeGivesTheSameEdges) {
  for (const Sample& sample : samples()) {
    ASSERT_GT(sample.edges.size(), 200u);
    for (const std::size_t chunk_edges : {std::size_t{1}, std::size_t{3}, std::size_t{64}, sample.edges.size(),
                                          std::size_t{1} << 20}) {
      for (const std::size_t read_bytes : {std::size_t{1}, std::size_t{5}, std::size_t{13}, std::size_t{4096}}) {
        const auto reader = open_edge_memory(sample.bytes, InputFormat::kAuto, sample.name,
                                             EdgeReaderOptions{chunk_edges, read_bytes});
        std::vector<RawEdge> all;
        std::vector<RawEdge> chunk;
        while (reader->next_chunk(chunk)) {
          ASSERT_LE(chunk.size(), chunk_edges);
          ASSERT_FALSE(chunk.empty());
          all.insert(all.end(), chunk.begin(), chunk.end());
        }
        EXPECT_TRUE(chunk.empty());
        EXPECT_FALSE(reader->next_chunk(chunk)) << "done stays done";
        EXPECT_EQ(all, sample.edges) << sample.name << " chunk " << chunk_edges << " read " << read_bytes;
        EXPECT_EQ(reader->edges_read(), sample.edges.size());
      }
    }
  }
}

TEST(EdgeFileChunks, FileAndMemoryAgree) {
  testing::ScratchDirectory directory;
  for (const Sample& sample : samples()) {
    const std::string path = directory.file(sample.name);
    testing::write_bytes(path, sample.bytes);
    EXPECT_EQ(testing::read_file(path, InputFormat::kAuto, EdgeReaderOptions{100, 777}), sample.edges) << sample.name;
  }
}

TEST(EdgeFileChunks, FullChunksUntilTheLast) {
  const auto reader = open_edge_memory("0 1\n1 2\n2 3\n3 4\n4 5\n", InputFormat::kEl, "g", EdgeReaderOptions{2, 4});
  std::vector<RawEdge> chunk;
  std::vector<std::size_t> sizes;
  while (reader->next_chunk(chunk)) sizes.push_back(chunk.size());
  EXPECT_EQ(sizes, (std::vector<std::size_t>{2, 2, 1}));
}

TEST(EdgeFileChunks, MissingFileIsAnError) {
  testing::ScratchDirectory directory;
  EXPECT_NE(testing::error_of([&] { open_edge_file(directory.file("none.txt"), InputFormat::kAuto); })
                .find("cannot open '" + directory.file("none.txt") + "': No such file"),
            std::string::npos);
  EXPECT_NE(testing::error_of([&] { open_edge_file(directory.file(""), InputFormat::kSnap); }).find("is a directory"),
            std::string::npos);
}

TEST(EdgeFileChunks, PeekDoesNotConsume) {
  PeekableSource source(make_memory_source("abcdefgh"));
  EXPECT_EQ(source.peek(3), "abc");
  EXPECT_EQ(source.peek(20), "abcdefgh");
  char buffer[5] = {};
  EXPECT_EQ(source.read(buffer, 5), 5u);
  EXPECT_EQ(std::string(buffer, 5), "abcde");
  EXPECT_EQ(source.peek(2).substr(0, 2), "fg");  // at least the bytes asked for
  EXPECT_EQ(source.read(buffer, 5), 3u);
  EXPECT_EQ(source.read(buffer, 5), 0u);
  EXPECT_EQ(source.size(), std::optional<std::uint64_t>(8));
}

}  // namespace
}  // namespace semibfs
