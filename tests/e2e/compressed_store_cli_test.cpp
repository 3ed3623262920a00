// `--compress` end to end: a run writes a compressed store (its manifest says so) whose searches
// validate with the uncompressed run's nedge, in DRAM and under a budget; a store built from a
// file with --compress is searched by `bfs`; a store is reused only as what it is, and --compress
// refuses what it cannot do, each in one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;

// The official block's value of `key` ("min_nedge:  123" gives "123"), empty when absent.
std::string official_value(const std::string& out, const std::string& key) {
  const std::size_t at = out.find(key + ":");
  if (at == std::string::npos) return {};
  const std::size_t begin = out.find_first_not_of(' ', at + key.size() + 1);
  return out.substr(begin, out.find('\n', begin) - begin);
}

// stderr ends with the error, one line "semibfs run: ..." that holds `expected` (progress lines may
// come before it).
void expect_one_line_error(const std::string& err, const std::string& expected) {
  const std::vector<std::string> lines = testing::lines_of(err);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back().rfind("semibfs", 0), 0u) << err;
  EXPECT_NE(lines.back().find(expected), std::string::npos) << err;
}

class CompressedStoreCli : public testing::CommandTest {
 protected:
  std::string store(const std::string& name) {
    const fs::path path = directory_ / name;
    fs::create_directories(path);
    return path.string();
  }
};

TEST_F(CompressedStoreCli, ARunOnACompressedStoreValidatesWithTheUncompressedNedge) {
  const CommandResult plain = run("run --scale 12 --roots 8");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const std::string nedge = official_value(plain.out, "mean_nedge");
  ASSERT_FALSE(nedge.empty()) << plain.out;
  const std::string packed = store("packed");
  const CommandResult written = run("run --scale 12 --roots 8 --compress --store " + packed);
  ASSERT_EQ(written.exit_code, 0) << written.err;
  EXPECT_NE(written.err.find("validation passed"), std::string::npos) << written.err;
  EXPECT_EQ(official_value(written.out, "mean_nedge"), nedge);
  EXPECT_NE(testing::read_text(fs::path(packed) / "manifest").find("list-code byte/3"), std::string::npos);
  EXPECT_TRUE(fs::exists(fs::path(packed) / "p0.backward.lists"));
  EXPECT_FALSE(fs::exists(fs::path(packed) / "p0.backward.neighbors"));
  for (const std::string budget : {"", " --dram-budget 48MiB", " --dram-budget 48MiB --head-entries 1"}) {
    SCOPED_TRACE(budget);
    const CommandResult reused = run("run --scale 12 --roots 8 --compress --reuse --store " + packed + budget);
    ASSERT_EQ(reused.exit_code, 0) << reused.err;
    EXPECT_NE(reused.err.find("validation passed"), std::string::npos) << reused.err;
    EXPECT_EQ(official_value(reused.out, "mean_nedge"), nedge);
  }
  const std::string partitioned = store("partitioned");
  const CommandResult two = run("run --scale 12 --roots 8 --compress --partitions 2 --store " + partitioned +
                                " --dram-budget 48MiB --head-entries 2");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(official_value(two.out, "mean_nedge"), nedge);
}

TEST_F(CompressedStoreCli, AStoreIsReusedOnlyAsWhatItIs) {
  const std::string packed = store("packed");
  ASSERT_EQ(run("run --scale 10 --roots 2 --compress --store " + packed).exit_code, 0);
  const CommandResult unasked = run("run --scale 10 --roots 2 --reuse --store " + packed);
  EXPECT_NE(unasked.exit_code, 0);
  expect_one_line_error(unasked.err, "compressed");
  EXPECT_NE(unasked.err.find("--compress"), std::string::npos) << unasked.err;
  const std::string plain = store("plain");
  ASSERT_EQ(run("run --scale 10 --roots 2 --store " + plain).exit_code, 0);
  const CommandResult asked = run("run --scale 10 --roots 2 --reuse --compress --store " + plain);
  EXPECT_NE(asked.exit_code, 0);
  expect_one_line_error(asked.err, "not compressed");
}

TEST_F(CompressedStoreCli, CompressRefusesWhatItCannotDo) {
  const CommandResult no_store = run("run --scale 10 --compress");
  EXPECT_EQ(no_store.exit_code, 2);
  expect_one_line_error(no_store.err, "--compress needs --store");
  const CommandResult by_degree = run("run --scale 10 --compress --neighbor-order degree --store " + store("s"));
  EXPECT_EQ(by_degree.exit_code, 2);
  expect_one_line_error(by_degree.err, "id order");
}

TEST_F(CompressedStoreCli, AFileBuiltCompressedIsSearchedByBfs) {
  const std::string edges = (directory_ / "kron.el").string();
  ASSERT_EQ(run("generate --scale 12 --format el -o " + edges).exit_code, 0);
  const std::string plain = store("plain"), packed = store("packed");
  ASSERT_EQ(run("build " + edges + " --format el --store " + plain).exit_code, 0);
  const CommandResult built = run("build " + edges + " --format el --compress --partitions 2 --store " + packed);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const CommandResult expected = run("bfs --roots 4 --store " + plain);
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  for (const std::string budget : {"", " --dram-budget 40MiB --head-entries 1"}) {
    SCOPED_TRACE(budget);
    const CommandResult searched = run("bfs --roots 4 --store " + packed + budget);
    ASSERT_EQ(searched.exit_code, 0) << searched.err;
    EXPECT_NE(searched.err.find("validation passed"), std::string::npos) << searched.err;
    EXPECT_EQ(official_value(searched.out, "mean_nedge"), official_value(expected.out, "mean_nedge"));
  }
}

}  // namespace
}  // namespace semibfs
