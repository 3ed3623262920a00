// Counting endpoints as the edge file is written (construction/endpoint_counts.hpp,
// WrittenEdgeCounts): the store built from those counts, without the build's counting pass, is the
// store built the old way byte for byte, its manifest's seal of the edge file included; counts of
// another file are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "construction/endpoint_counts.hpp"
#include "construction/external_build.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "store/edge_file_check.hpp"
#include "store/graph_store.hpp"
#include "store/store_manifest.hpp"
#include "support/error_message.hpp"
#include "support/same_store_files.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

using testing::file_names;

class WrittenEdgeCountsTest : public ::testing::Test {
 protected:
  // A store directory holding the Kronecker edge file, as `run --dram-budget` writes it; the counts
  // taken as it is written when `counts` is set. Small chunks: many of them.
  std::string directory_with_edges(const std::string& name, WrittenEdgeCounts* counts) {
    const std::string directory = scratch_.file(name);
    fs::create_directory(directory);
    const EdgeChunkSink sink =
        counts ? EdgeChunkSink([counts](std::span<const PackedEdge> chunk) { counts->add(chunk); }) : EdgeChunkSink();
    write_kronecker_edge_file(params_, store_path(directory, kEdgeFileName), 1 << 16, nullptr, EdgeFormat::kG500Packed,
                              {}, sink);
    return directory;
  }

  ExternalBuildOptions options(NeighborOrder order, bool compressed) const {
    ExternalBuildOptions build;
    // About a third of the raw lists' bytes for the lists: several ranges.
    build.dram_budget_bytes =
        minimum_external_build_budget(params_.num_vertices(), 2, GraphDirection::kUndirected, compressed) +
        params_.num_edges() * 2 * 4 / 3;
    build.partitions = 2;
    build.order = order;
    build.made_from = "test graph";
    if (compressed) build.list_codec = default_list_codec();
    return build;
  }

  KroneckerParams params_{.scale = 10};
  testing::ScratchDirectory scratch_;
};

TEST_F(WrittenEdgeCountsTest, TheStoreAndTheSealAreThoseOfTheBuildThatCountsByReading) {
  for (const bool compressed : {false, true}) {
    for (const NeighborOrder order : {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree}) {
      SCOPED_TRACE(to_string(order) + (compressed ? ", compressed" : ""));
      const std::string read = directory_with_edges("read", nullptr);
      const ExternalBuildStats read_stats =
          build_store_from_edge_file(store_path(read, kEdgeFileName), params_.num_vertices(), read, options(order, compressed));
      WrittenEdgeCounts counts(params_.num_vertices(), store_path(scratch_.file("written"), kEdgeFileName));
      const std::string written = directory_with_edges("written", &counts);
      ExternalBuildOptions build = options(order, compressed);
      build.written_counts = &counts;
      const ExternalBuildStats written_stats =
          build_store_from_edge_file(store_path(written, kEdgeFileName), params_.num_vertices(), written, build);
      testing::expect_same_store_files(read, written);
      // The seal, against one taken by reading the file through the store's own check.
      const EdgeFileCheck check = check_store_edge_file(written, read_store_manifest(written), params_.num_edges(), 1 << 16);
      EXPECT_TRUE(check.checksum_checked && check.pair_digest_checked);
      EXPECT_GE(read_stats.collect_ranges, 2);
      EXPECT_EQ(written_stats.edge_file_passes, read_stats.edge_file_passes - 1);
      EXPECT_EQ(written_stats.peak_buffer_bytes, read_stats.peak_buffer_bytes);
      fs::remove_all(read);
      fs::remove_all(written);
    }
  }
}

TEST_F(WrittenEdgeCountsTest, CountsOfAnotherFileAreRefusedBeforeAnyWork) {
  WrittenEdgeCounts counts(params_.num_vertices(), "other");
  const std::string directory = directory_with_edges("store", nullptr);
  counts.add(std::vector<PackedEdge>(5, PackedEdge::make(1, 2)));
  ExternalBuildOptions build = options(NeighborOrder::kHubFirst, false);
  build.written_counts = &counts;
  const std::string message = testing::error_of(
      [&] { build_store_from_edge_file(store_path(directory, kEdgeFileName), params_.num_vertices(), directory, build); });
  EXPECT_NE(message.find("endpoint counts given are of 5 edges"), std::string::npos) << message;
  EXPECT_EQ(file_names(directory), std::vector<std::string>{kEdgeFileName});
}

TEST_F(WrittenEdgeCountsTest, DirectedOrRelabelledBuildsRefuseThem) {
  WrittenEdgeCounts counts(params_.num_vertices(), "edges");
  const std::string directory = directory_with_edges("store", &counts);
  ExternalBuildOptions build = options(NeighborOrder::kHubFirst, false);
  build.written_counts = &counts;
  build.direction = GraphDirection::kDirected;
  const std::string message = testing::error_of(
      [&] { build_store_from_edge_file(store_path(directory, kEdgeFileName), params_.num_vertices(), directory, build); });
  EXPECT_NE(message.find("undirected edges in the input's ids"), std::string::npos) << message;
}

}  // namespace
}  // namespace semibfs
