// The Kronecker edge file written in chunks and read back in chunks: the generator's edges in
// order, whatever the chunk sizes, in every written format, to a path or an open stream; a
// too-small budget and a file that is not whole packed edges are clear errors; a failed write
// leaves nothing.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gen/kronecker.hpp"
#include "support/pattern_file.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "edges/packed_edge_file.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::error_of;
using testing::ScratchDirectory;

std::vector<PackedEdge> generated_edges(const KroneckerParams& params) {
  std::vector<PackedEdge> edges(static_cast<std::size_t>(params.num_edges()));
  generate_kronecker_range(params, 0, params.num_edges(), edges.data(), nullptr);
  return edges;
}

std::vector<PackedEdge> read_in_chunks(const PackedEdgeFile& file, std::size_t chunk_edges) {
  std::vector<PackedEdge> edges;
  std::vector<PackedEdge> buffer(chunk_edges);
  file.for_each_chunk(std::span<PackedEdge>(buffer), [&](std::int64_t first, std::span<const PackedEdge> chunk) {
    EXPECT_EQ(first, static_cast<std::int64_t>(edges.size()));
    edges.insert(edges.end(), chunk.begin(), chunk.end());
  });
  return edges;
}

bool same_edges(const std::vector<PackedEdge>& a, const std::vector<PackedEdge>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const PackedEdge& x, const PackedEdge& y) {
           return x.v0() == y.v0() && x.v1() == y.v1();
         });
}

TEST(EdgeFileTest, WritesTheGeneratorsEdgesInOrderWhateverTheChunk) {
  const ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 11;
  const std::vector<PackedEdge> expected = generated_edges(params);
  // A budget of 5000 edges: chunks that do not divide the edge count.
  const EdgeFileStats stats = write_kronecker_edge_file(params, directory.file("edges"), 5000 * 12);
  EXPECT_EQ(stats.edges, params.num_edges());
  EXPECT_EQ(stats.bytes, params.num_edges() * 12);
  EXPECT_EQ(stats.chunk_edges, 5000);
  EXPECT_LE(stats.peak_buffer_bytes, 5000 * 12);
  EXPECT_EQ(static_cast<std::int64_t>(fs::file_size(directory.file("edges"))), stats.bytes);
  const PackedEdgeFile file(directory.file("edges"));
  EXPECT_EQ(file.num_edges(), params.num_edges());
  for (const std::size_t chunk : {std::size_t{1000}, std::size_t{4096}, std::size_t{1} << 20}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk) + " edges");
    EXPECT_TRUE(same_edges(read_in_chunks(file, chunk), expected));
  }
}

TEST(EdgeFileTest, ATooSmallBudgetIsAClearErrorAndWritesNothing) {
  const ScratchDirectory directory;
  const std::string message =
      error_of([&] { write_kronecker_edge_file(KroneckerParams{}, directory.file("edges"), 100); });
  EXPECT_NE(message.find("too small"), std::string::npos) << message;
  EXPECT_NE(message.find(std::to_string(minimum_edge_file_budget())), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(directory.path()));
}

TEST(EdgeFileTest, AMissingDirectoryFailsCleanly) {
  const ScratchDirectory directory;
  const std::string message =
      error_of([&] { write_kronecker_edge_file(KroneckerParams{}, directory.file("missing/edges"), 1 << 20); });
  EXPECT_NE(message.find("cannot write"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(directory.path()));
}

TEST(EdgeFileTest, AFileThatIsNotWholePackedEdgesIsAClearError) {
  const ScratchDirectory directory;
  std::ofstream(directory.file("edges"), std::ios::binary) << std::string(12 * 3 + 5, 'x');
  const std::string message = error_of([&] { PackedEdgeFile file(directory.file("edges")); });
  EXPECT_NE(message.find("41 bytes, not a multiple of the 12-byte packed edge"), std::string::npos) << message;
  EXPECT_NE(error_of([&] { PackedEdgeFile file(directory.file("none")); }).find("cannot open"), std::string::npos);
}

// Every format through one writer: the bytes write_edges gives the whole list at once, whatever
// the chunks, and within the budget's chunk and encoded copy.
TEST(EdgeFileTest, EachWrittenFormatIsTheEncodingOfTheWholeList) {
  const ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 9;
  const std::vector<PackedEdge> expected = generated_edges(params);
  for (const EdgeFormat format : {EdgeFormat::kG500Int64, EdgeFormat::kG500Packed, EdgeFormat::kEl}) {
    SCOPED_TRACE(to_string(format));
    std::vector<char> whole;
    encode_edges(format, expected, whole);
    const std::string path = directory.file("edges." + to_string(format));
    const std::int64_t budget = minimum_edge_file_budget(format) + 7;  // chunks of 1024 edges
    const EdgeFileStats stats = write_kronecker_edge_file(params, path, budget, nullptr, format);
    EXPECT_EQ(stats.chunk_edges, 1024);
    EXPECT_LE(stats.peak_buffer_bytes, budget);
    EXPECT_EQ(stats.bytes, static_cast<std::int64_t>(whole.size()));
    std::ifstream file(path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    EXPECT_TRUE(bytes == std::string(whole.begin(), whole.end()));
  }
  EXPECT_GT(minimum_edge_file_budget(EdgeFormat::kEl), minimum_edge_file_budget(EdgeFormat::kG500Packed));
}

// An open stream (stdout for generate -o -) gets the same bytes, flushed at the end, with progress
// lines under the caller's name.
TEST(EdgeFileTest, AnOpenStreamGetsTheSameBytesAndProgressLines) {
  const ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 8;
  std::vector<char> whole;
  encode_edges(EdgeFormat::kEl, generated_edges(params), whole);
  const std::string path = directory.file("stream.el");
  std::FILE* stream = std::fopen(path.c_str(), "wb");
  ASSERT_NE(stream, nullptr);
  std::ostringstream progress;
  {
    EdgeFileWriter out(stream, "stdout", EdgeFormat::kEl);
    write_kronecker_edges(params, out, std::int64_t{1} << 20, &progress, "semibfs generate");
  }
  std::fclose(stream);
  std::ifstream file(path, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  EXPECT_TRUE(bytes == std::string(whole.begin(), whole.end()));
  EXPECT_NE(progress.str().find("semibfs generate: wrote 4096 edges (el) to stdout"), std::string::npos) << progress.str();
}

TEST(EdgeFileTest, AFormatThatIsOnlyReadIsRefused) {
  const ScratchDirectory directory;
  for (const EdgeFormat format : {EdgeFormat::kAuto, EdgeFormat::kSnap, EdgeFormat::kMtx}) {
    EXPECT_NE(error_of([&] { EdgeFileWriter(directory.file("x"), format); }).find("read, not written"),
              std::string::npos);
  }
  EXPECT_TRUE(fs::is_empty(directory.path()));
}

}  // namespace
}  // namespace semibfs
