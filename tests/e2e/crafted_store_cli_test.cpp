// Stores damaged on purpose: arrays crafted and resealed (checksums recomputed, as a hostile user
// would), and edge files flipped or cut. Each must end in one line naming the file and exit 1,
// in DRAM and tiered, never a crash and never a search that passes.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "support/command_runner.hpp"
#include "support/resealed_store.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using testing::reseal_store;

template <typename T>
void poke(const fs::path& file, std::int64_t index, T value) {
  std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
  stream.seekp(index * static_cast<std::int64_t>(sizeof(T)));
  stream.write(reinterpret_cast<const char*>(&value), sizeof(T));
}

template <typename T>
T peek(const fs::path& file, std::int64_t index) {
  std::ifstream stream(file, std::ios::binary);
  stream.seekg(index * static_cast<std::int64_t>(sizeof(T)));
  T value{};
  stream.read(reinterpret_cast<char*>(&value), sizeof(T));
  return value;
}

class CraftedStoreCli : public testing::CommandTest {
 protected:
  // A SCALE 9 Kronecker graph built into a store of two partitions (separate forward graphs).
  fs::path build_store() {
    const fs::path edges = directory_ / "s9.edges";
    const fs::path store = directory_ / "store";
    EXPECT_EQ(run("generate --scale 9 --format g500-packed -o " + edges.string()).exit_code, 0);
    const CommandResult built = run("build " + edges.string() + " --format g500-packed --store " + store.string() + " --partitions 2");
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return store;
  }

  // bfs in DRAM, bfs tiered (one entry per list in DRAM, the rest read from disk) and info.
  void expect_refused(const fs::path& store, const std::string& named, bool info_reads_it = true) {
    const std::string searches = " --store " + store.string() + " --roots 2";
    for (const std::string& command : {"bfs" + searches, "bfs" + searches + " --dram-budget 256MiB --head-entries 1",
                                       "info --store " + store.string()}) {
      SCOPED_TRACE(command);
      const CommandResult result = run(command);
      if (!info_reads_it && command.starts_with("info")) {
        EXPECT_TRUE(result.exit_code == 0 || result.exit_code == 1) << result.exit_code << result.err;
        continue;
      }
      EXPECT_EQ(result.exit_code, 1) << result.err;
      // Progress lines may come first; the error is the last line, and the only one.
      const std::vector<std::string> lines = lines_of(result.err);
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(result.err.find("semibfs "), result.err.rfind("semibfs ")) << result.err;
      EXPECT_NE(lines.back().find("store file '" + (store / named).string() + "'"), std::string::npos) << result.err;
    }
  }

  // Runs the searches after `craft` changed the store and the manifest was resealed.
  // The error names `named`, or the crafted file itself when empty.
  void expect_crafted_refused(const std::string& file, const std::function<void(const fs::path&)>& craft,
                              bool info_reads_it = true, const std::string& named = "") {
    const fs::path store = build_store();
    craft(store / file);
    reseal_store(store);
    expect_refused(store, named.empty() ? file : named, info_reads_it);
  }
};

TEST_F(CraftedStoreCli, AnOffsetOf2To60) {
  expect_crafted_refused("p0.backward.offsets", [](const fs::path& file) { poke<std::int64_t>(file, 5, std::int64_t{1} << 60); });
}

TEST_F(CraftedStoreCli, OffsetsOutOfOrder) {
  expect_crafted_refused("p1.forward.offsets", [](const fs::path& file) {
    const auto third = peek<std::int64_t>(file, 3);
    poke<std::int64_t>(file, 2, third + 1);
  });
}

TEST_F(CraftedStoreCli, AFirstOffsetOf5) {
  expect_crafted_refused("p0.backward.offsets", [](const fs::path& file) { poke<std::int64_t>(file, 0, 5); });
}

TEST_F(CraftedStoreCli, EveryHundredthNeighbourAnImpossibleId) {
  expect_crafted_refused(
      "p0.backward.neighbors",
      [](const fs::path& file) {
        const auto entries = static_cast<std::int64_t>(fs::file_size(file) / 4);
        for (std::int64_t index = 0; index < entries; index += 100) poke<std::uint32_t>(file, index, 0xffffffffu);
      },
      false);
}

// Partition 1's forward lists may hold only partition 1's vertices (its top-down step writes only
// its own status): vertex 0 there is refused, though it is a vertex of the graph.
TEST_F(CraftedStoreCli, AForwardNeighbourOutsideItsPartition) {
  expect_crafted_refused("p1.forward.neighbors", [](const fs::path& file) { poke<std::uint32_t>(file, 0, 0); }, false);
}

// Ids in range that disagree: one backward entry moved to another vertex (an undirected list
// without its reverse entry), or one forward entry moved within its partition. Without the pair
// digests both are searched, and only validation notices, blaming the search.
TEST_F(CraftedStoreCli, ABackwardEntryWithoutItsReverse) {
  expect_crafted_refused(
      "p0.backward.neighbors",
      [](const fs::path& file) { poke<std::uint32_t>(file, 0, (peek<std::uint32_t>(file, 0) + 1) % 256); }, false,
      "p*.backward.neighbors");
}

TEST_F(CraftedStoreCli, AForwardEntryThatTheBackwardListsDoNotHold) {
  expect_crafted_refused(
      "p1.forward.neighbors",
      [](const fs::path& file) { poke<std::uint32_t>(file, 0, 256 + (peek<std::uint32_t>(file, 0) - 255) % 256); },
      false, "p*.forward.neighbors");
}

TEST_F(CraftedStoreCli, ManifestValuesOutOfRange) {
  const fs::path store = build_store();
  const std::string manifest = read_text(store / "manifest");
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = manifest;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  for (const std::string& text : {replaced("partitions 2", "partitions 1099511627776"),
                                  replaced("vertices 512", "vertices 4294967297"),
                                  replaced("array p0.backward.offsets", "array p0.backward.neighbors")}) {
    std::ofstream(store / "manifest", std::ios::trunc) << text;
    const CommandResult result = run("bfs --store " + store.string() + " --roots 2");
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_NE(result.err.find("store manifest '" + (store / "manifest").string() + "' line "), std::string::npos)
        << result.err;
  }
}

// One flipped bit in the edge file: the checksum catches it before any search is validated.
TEST_F(CraftedStoreCli, AFlippedBitInTheEdgeFile) {
  const fs::path store = build_store();
  poke<std::uint8_t>(store / "edges.packed48", 1000, peek<std::uint8_t>(store / "edges.packed48", 1000) ^ 4);
  for (const std::string budget : {"", " --dram-budget 256MiB --head-entries 1"}) {
    const CommandResult result = run("bfs --store " + store.string() + " --roots 2" + budget);
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_NE(result.err.find("edges.packed48': SHA-256 does not match the manifest"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("BFS 0"), std::string::npos) << result.err;
  }
}

// One 12-byte record fewer, the manifest resealed: the input description's edge count catches it.
TEST_F(CraftedStoreCli, AMissingEdgeRecordWithTheManifestResealed) {
  const fs::path store = build_store();
  fs::resize_file(store / "edges.packed48", fs::file_size(store / "edges.packed48") - 12);
  reseal_store(store);
  const CommandResult result = run("bfs --store " + store.string() + " --roots 2");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("edges.packed48': 98292 bytes, but the store's input has 8192 edges"), std::string::npos)
      << result.err;
}

// A store from before the checksum was recorded still runs, its edge file checked by size; the
// log says so.
TEST_F(CraftedStoreCli, AStoreWithoutTheEdgeFileChecksumIsCheckedBySize) {
  const fs::path store = build_store();
  testing::erase_manifest_line(store, "edge-pairs ");  // which came later still
  testing::erase_manifest_line(store, "edge-file ");
  CommandResult result = run("bfs --store " + store.string() + " --roots 2");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("checked the edge file: 8192 edges, size only"), std::string::npos) << result.err;
  fs::resize_file(store / "edges.packed48", fs::file_size(store / "edges.packed48") - 12);
  result = run("bfs --store " + store.string() + " --roots 2");
  EXPECT_EQ(result.exit_code, 1) << result.err;
}

// Record `index` of the edge file given another target (a vertex of the graph, not the source):
// the edge file then disagrees with the lists while every id stays in range.
void rewrite_edge_target(const fs::path& edge_file, std::int64_t index, std::uint32_t vertices) {
  const std::int64_t word = index * 3;  // a record is three 32-bit words: v0, v1, high halves
  const std::uint32_t source = peek<std::uint32_t>(edge_file, word);
  std::uint32_t target = (peek<std::uint32_t>(edge_file, word + 1) + 1) % vertices;
  if (target == source) target = (target + 1) % vertices;
  poke<std::uint32_t>(edge_file, word + 1, target);
}

// Issue 42, case 8: one edge of the edge file changed to another edge between existing vertices
// and its SHA-256 resealed. The pair digest (edge-pairs) refuses it before any search.
TEST_F(CraftedStoreCli, ARewrittenEdgeWithTheEdgeFileResealed) {
  const fs::path store = build_store();
  EXPECT_NE(read_text(store / "manifest").find("\nedge-pairs "), std::string::npos);
  rewrite_edge_target(store / "edges.packed48", 100, 512);
  reseal_store(store);
  for (const std::string budget : {"", " --dram-budget 256MiB --head-entries 1"}) {
    const CommandResult result = run("bfs --store " + store.string() + " --roots 2" + budget);
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_NE(lines_of(result.err).back().find("edges.packed48': its edges are not the ones the store's lists were "
                                               "built from"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("BFS 0"), std::string::npos) << result.err;
  }
}

// The same on the store `run --store` builds, directed and relabelled stores, each refused on reuse.
TEST_F(CraftedStoreCli, ARewrittenEdgeIsRefusedInEveryKindOfStore) {
  const fs::path edges = directory_ / "s9.edges";
  ASSERT_EQ(run("generate --scale 9 --format g500-packed -o " + edges.string()).exit_code, 0);
  for (const std::string kind : {"run", "directed", "relabelled"}) {
    SCOPED_TRACE(kind);
    const fs::path store = directory_ / kind;
    fs::create_directory(store);
    const std::string made = kind == "run" ? "run --scale 9 --roots 2 --dram-budget 64MiB --store " + store.string()
                             : "build " + edges.string() + " --format g500-packed --store " + store.string() +
                                   (kind == "directed" ? " --directed" : " --vertex-order degree");
    const CommandResult built = run(made);
    ASSERT_EQ(built.exit_code, 0) << built.err;
    rewrite_edge_target(store / "edges.packed48", 7, 512);
    reseal_store(store);
    const std::string search = kind == "run" ? made + " --reuse"
                                                : "bfs --store " + store.string() + " --roots 2";
    const CommandResult result = run(search);
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_NE(result.err.find("its edges are not the ones the store's lists were built from"), std::string::npos)
        << result.err;
  }
}

// A store from before the edge-pairs line still opens, its edge file checked by its SHA-256; the
// log says that its edges are not checked against the lists.
TEST_F(CraftedStoreCli, AStoreWithoutThePairDigestIsCheckedByItsChecksum) {
  const fs::path store = build_store();
  testing::erase_manifest_line(store, "edge-pairs ");
  const CommandResult result = run("bfs --store " + store.string() + " --roots 2");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("SHA-256 as the manifest records it (no edge-pairs line"), std::string::npos) << result.err;
}

// run --store --dram-budget: the edge file it wrote is recorded, and a flipped bit is caught on reuse.
TEST_F(CraftedStoreCli, ARunStoreRecordsItsEdgeFile) {
  const fs::path store = directory_ / "run";
  fs::create_directory(store);
  const std::string arguments = "run --scale 9 --store " + store.string() + " --dram-budget 64MiB";
  ASSERT_EQ(run(arguments).exit_code, 0);
  EXPECT_NE(read_text(store / "manifest").find("\nedge-file edges.packed48 98304 "), std::string::npos);
  poke<std::uint8_t>(store / "edges.packed48", 7, peek<std::uint8_t>(store / "edges.packed48", 7) ^ 1);
  const CommandResult result = run(arguments + " --reuse");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("SHA-256 does not match the manifest"), std::string::npos) << result.err;
}

// A store made in DRAM has no edge file; the first --reuse under a budget writes it and records its
// checksum, which later runs check.
TEST_F(CraftedStoreCli, AReuseThatWritesTheEdgeFileRecordsIt) {
  const fs::path store = directory_ / "dram";
  fs::create_directory(store);
  const std::string arguments = "run --scale 9 --roots 2 --store " + store.string();
  ASSERT_EQ(run(arguments).exit_code, 0);
  EXPECT_EQ(read_text(store / "manifest").find("edge-file"), std::string::npos);
  const std::string reuse = arguments + " --reuse --dram-budget 64MiB";
  CommandResult result = run(reuse);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(read_text(store / "manifest").find("\nedge-file edges.packed48 98304 "), std::string::npos);
  poke<std::uint8_t>(store / "edges.packed48", 7, peek<std::uint8_t>(store / "edges.packed48", 7) ^ 1);
  result = run(reuse);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("SHA-256 does not match the manifest"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace semibfs
