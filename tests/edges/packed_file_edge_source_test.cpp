// The packed edge file source: its chunks are the edge list that was written, whatever the chunk
// size and the reader; a file that is missing, truncated or holds an id outside the graph is an
// error naming the file; a pass that throws leaves the source usable.
#include "edges/packed_file_edge_source.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "support/chunk_recorder.hpp"
#include "gen/kronecker.hpp"
#include "io/aligned_buffer.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/pattern_file.hpp"

namespace semibfs {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;
using testing::chunks_cover;
using testing::record_chunks;
using testing::ScratchDirectory;
using testing::write_packed_edge_file;

EdgeList kronecker_edges(int scale) {
  KroneckerParams params;
  params.scale = scale;
  return generate_kronecker(params, false);
}

PackedFileOptions chunks_of(std::int64_t chunk_edges, IoKind io = IoKind::kAuto, bool allow_direct = true) {
  PackedFileOptions options;
  options.chunk_edges = chunk_edges;
  options.io = io;
  options.allow_direct = allow_direct;
  return options;
}

// Chunk sizes: a few edges, less than a block's worth, the block-aligned 1024, one that divides the
// 32768 edges of SCALE 11 and one that does not; O_DIRECT and buffered; both readers.
class EdgeSourcePackedFile
    : public ::testing::TestWithParam<std::tuple<std::int64_t, IoKind, bool>> {
 protected:
  EdgeSourcePackedFile()
      : edge_list_(kronecker_edges(11)), path_(write_packed_edge_file(directory_.file("edges.packed48"), edge_list_)) {}

  std::int64_t chunk_edges() const { return std::get<0>(GetParam()); }
  PackedFileOptions options() const { return chunks_of(chunk_edges(), std::get<1>(GetParam()), std::get<2>(GetParam())); }

  ScratchDirectory directory_;
  EdgeList edge_list_;
  std::string path_;
};

TEST_P(EdgeSourcePackedFile, ChunksAreTheEdgesThatWereWritten) {
  const PackedFileEdgeSource source(path_, edge_list_.num_vertices, options());
  EXPECT_EQ(source.num_vertices(), edge_list_.num_vertices);
  EXPECT_EQ(source.num_edges(), edge_list_.num_edges());
  EXPECT_TRUE(chunks_cover(record_chunks(source), edge_list_, chunk_edges()));
  EXPECT_TRUE(chunks_cover(record_chunks(source), edge_list_, chunk_edges())) << "the second pass";
}

TEST_P(EdgeSourcePackedFile, APassThatThrowsLeavesTheSourceUsable) {
  const PackedFileEdgeSource source(path_, edge_list_.num_vertices, options());
  // Thrown at the first chunk, while the second one (where there is one) is being read.
  EXPECT_THROW(source.for_each_chunk([](std::span<const CompactEdge>, std::int64_t) {
    throw std::runtime_error("the visitor gives up");
  }),
               std::runtime_error);
  EXPECT_TRUE(chunks_cover(record_chunks(source), edge_list_, chunk_edges()));
}

INSTANTIATE_TEST_SUITE_P(ChunksAndReaders, EdgeSourcePackedFile,
                         ::testing::Values(std::make_tuple(13, IoKind::kAuto, true),
                                           std::make_tuple(1000, IoKind::kAuto, true),
                                           std::make_tuple(1024, IoKind::kAuto, true),
                                           std::make_tuple(4093, IoKind::kAuto, true),
                                           std::make_tuple(8192, IoKind::kAuto, true),
                                           std::make_tuple(1000, IoKind::kPread, true),
                                           std::make_tuple(4093, IoKind::kPread, false),
                                           std::make_tuple(std::int64_t{1} << 21, IoKind::kAuto, true)));

TEST(EdgeSourcePackedFileBuffers, AreTwoReadBuffersAndOneUnpackedChunk) {
  ScratchDirectory directory;
  const EdgeList edge_list = kronecker_edges(10);  // 16384 edges
  const std::string path = write_packed_edge_file(directory.file("edges.packed48"), edge_list);
  const PackedFileEdgeSource cut(path, edge_list.num_vertices, chunks_of(1000));
  EXPECT_EQ(cut.buffer_bytes(), static_cast<std::int64_t>(2 * round_up_to_block(1000 * 12) + 1000 * 8));
  const PackedFileEdgeSource whole(path, edge_list.num_vertices, chunks_of(std::int64_t{1} << 21));
  EXPECT_EQ(whole.buffer_bytes(), static_cast<std::int64_t>(2 * round_up_to_block(16384 * 12) + 16384 * 8))
      << "a file smaller than a chunk needs no more than itself";
}

TEST(EdgeSourcePackedFileErrors, AnEmptyFileHasNoChunks) {
  ScratchDirectory directory;
  const std::string path = write_packed_edge_file(directory.file("empty.packed48"), EdgeList{16, {}, {}});
  const PackedFileEdgeSource source(path, 16, chunks_of(1000));
  EXPECT_EQ(source.num_edges(), 0);
  EXPECT_TRUE(record_chunks(source).empty());
}

TEST(EdgeSourcePackedFileErrors, AMissingFileIsNamed) {
  ScratchDirectory directory;
  const std::string path = directory.file("missing.packed48");
  EXPECT_THAT([&] { PackedFileEdgeSource(path, 16, chunks_of(1000)); },
              ThrowsMessage<Error>(AllOf(HasSubstr(path), HasSubstr("No such file or directory"))));
}

TEST(EdgeSourcePackedFileErrors, ATruncatedFileIsNamed) {
  ScratchDirectory directory;
  const std::string path = write_packed_edge_file(directory.file("cut.packed48"), kronecker_edges(10));
  std::filesystem::resize_file(path, 16384 * 12 - 5);
  EXPECT_THAT([&] { PackedFileEdgeSource(path, 1024, chunks_of(1000)); },
              ThrowsMessage<Error>(AllOf(HasSubstr(path), HasSubstr("196603 bytes, not a whole number of 12-byte edges"))));
}

TEST(EdgeSourcePackedFileErrors, AnIdOutsideTheGraphIsNamedWithItsEdge) {
  ScratchDirectory directory;
  EdgeList edge_list = kronecker_edges(10);
  edge_list.edges[2500] = CompactEdge::make(3, 1024);  // one past the last vertex of SCALE 10
  const std::string path = write_packed_edge_file(directory.file("outside.packed48"), edge_list);
  const PackedFileEdgeSource source(path, 1024, chunks_of(1000));
  EXPECT_THAT([&] { record_chunks(source); },
              ThrowsMessage<Error>(AllOf(HasSubstr(path), HasSubstr("edge 2500 (3, 1024) has an endpoint outside [0, 1024)"))));
}

TEST(EdgeSourcePackedFileErrors, AnIdBeyond32BitsIsNamedWithItsEdge) {
  ScratchDirectory directory;
  const std::string path = directory.file("wide.packed48");
  {
    const PackedEdge edges[] = {PackedEdge::make(0, 1), PackedEdge::make(std::int64_t{1} << 32, 1)};
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(edges), sizeof(edges));
  }
  const PackedFileEdgeSource source(path, 1024, chunks_of(1000));
  EXPECT_THAT([&] { record_chunks(source); },
              ThrowsMessage<Error>(AllOf(HasSubstr(path), HasSubstr("edge 1 (4294967296, 1)"))));
}

TEST(EdgeSourcePackedFileErrors, BadArgumentsThrow) {
  ScratchDirectory directory;
  const std::string path = write_packed_edge_file(directory.file("edges.packed48"), kronecker_edges(10));
  EXPECT_THROW(PackedFileEdgeSource(path, 1024, chunks_of(0)), Error);
  EXPECT_THROW(PackedFileEdgeSource(path, (std::int64_t{1} << 32) + 1, chunks_of(1000)), Error);
}

}  // namespace
}  // namespace semibfs
