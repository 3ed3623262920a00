// `--compress` and `--vertex-order degree` end to end: a run writes a compressed (or relabelled)
// store (its manifest says so) whose searches validate with the uncompressed run's nedge, in DRAM
// and under a budget; a store built from a file with them is searched by `bfs`, its parents
// written in the file's ids; a store is reused only as what it is, and the options refuse what
// they cannot do, each in one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

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
  const CommandResult two = run("run --scale 12 --roots 8 --compress --partitions 2 --neighbor-order degree --store " +
                                partitioned + " --dram-budget 48MiB --head-entries 2");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(official_value(two.out, "mean_nedge"), nedge);
}

TEST_F(CompressedStoreCli, ARelabelledStoreValidatesWithTheInputsNedge) {
  const CommandResult plain = run("run --scale 12 --roots 8");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const std::string nedge = official_value(plain.out, "mean_nedge");
  const struct {
    std::string name, options;
  } variants[] = {{"relabelled", "--vertex-order degree"},
                  {"both", "--vertex-order degree --compress"},
                  {"both-p2", "--vertex-order degree --compress --partitions 2 --neighbor-order degree"}};
  for (const auto& variant : variants) {
    SCOPED_TRACE(variant.options);
    const std::string directory = store(variant.name);
    const CommandResult written = run("run --scale 12 --roots 8 " + variant.options + " --store " + directory);
    ASSERT_EQ(written.exit_code, 0) << written.err;
    EXPECT_NE(written.err.find("validation passed"), std::string::npos) << written.err;
    EXPECT_EQ(official_value(written.out, "mean_nedge"), nedge);
    EXPECT_NE(testing::read_text(fs::path(directory) / "manifest").find("vertex-order degree"), std::string::npos);
    const CommandResult reused = run("run --scale 12 --roots 8 --reuse --dram-budget 48MiB --head-entries 1 " +
                                     variant.options + " --store " + directory);
    ASSERT_EQ(reused.exit_code, 0) << reused.err;
    EXPECT_EQ(official_value(reused.out, "mean_nedge"), nedge);
    std::string same_but_order = variant.options;
    same_but_order.erase(0, std::string("--vertex-order degree").size());
    const CommandResult unasked = run("run --scale 12 --roots 2 --reuse" + same_but_order + " --store " + directory);
    EXPECT_NE(unasked.exit_code, 0);
    expect_one_line_error(unasked.err, "vertex order");
  }
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
  expect_one_line_error(no_store.err, "need --store");
  const CommandResult order = run("run --scale 10 --vertex-order random --store " + store("s"));
  EXPECT_EQ(order.exit_code, 2);
  expect_one_line_error(order.err, "--vertex-order must be input or degree");
}

// A file with sparse ids, built relabelled: roots are given and parents written in the file's ids.
TEST_F(CompressedStoreCli, ARelabelledFileStoreAnswersInTheFilesIds) {
  const std::string edges = (directory_ / "sparse.txt").string();
  testing::write_text(edges, "10 20\n20 30\n30 40\n10 40\n40 50\n70 80\n50 60\n");
  const std::string plain = store("plain"), relabelled = store("relabelled");
  ASSERT_EQ(run("build " + edges + " --format snap --store " + plain).exit_code, 0);
  const CommandResult built =
      run("build " + edges + " --format snap --vertex-order degree --compress --store " + relabelled);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const std::string expected_out = (directory_ / "expected.parents").string();
  const std::string out = (directory_ / "relabelled.parents").string();
  ASSERT_EQ(run("bfs --root 10 --output-format text --output " + expected_out + " --store " + plain).exit_code, 0);
  const CommandResult searched = run("bfs --root 10 --output-format text --output " + out + " --store " + relabelled);
  ASSERT_EQ(searched.exit_code, 0) << searched.err;
  EXPECT_NE(searched.err.find("validation passed"), std::string::npos) << searched.err;
  // The same tree here (one shortest path each), written in the file's ids (after the header line).
  const std::vector<std::string> lines = testing::lines_of(testing::read_text(out));
  const std::vector<std::string> expected = testing::lines_of(testing::read_text(expected_out));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(std::vector<std::string>(lines.begin() + 1, lines.end()),
            std::vector<std::string>(expected.begin() + 1, expected.end()));
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
