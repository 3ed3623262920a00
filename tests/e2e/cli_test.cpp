// The semibfs command end to end: help, usage errors, a small run, the edge-list writer.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include "core/sha256.hpp"
#include "support/command_runner.hpp"
#include "support/test_vectors.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using Cli = testing::CommandTest;

TEST_F(Cli, HelpTextsExitZero) {
  for (const char* arguments : {"--help", "run --help", "generate --help"}) {
    const CommandResult result = run(arguments);
    EXPECT_EQ(result.exit_code, 0) << arguments;
    EXPECT_NE(result.out.find("Usage: semibfs"), std::string::npos) << arguments;
  }
  const std::string run_help = run("run --help").out;
  for (const char* option : {"--policy", "--alpha", "--beta", "--summary-bits", "--partitions",
                             "--neighbor-order", "--store", "--reuse", "--dram-budget", "--head-entries", "--placement", "--io"}) {
    EXPECT_NE(run_help.find(option), std::string::npos) << option;
  }
}

// `semibfs --version` prints the project's version (CMakeLists.txt's project(... VERSION), which
// pyproject.toml repeats) on one line and exits 0.
TEST_F(Cli, VersionIsTheProjectsVersion) {
  const CommandResult result = run("--version");
  EXPECT_EQ(result.exit_code, 0);
  std::ifstream pyproject(std::string(SEMIBFS_SOURCE_DIR) + "/pyproject.toml");
  std::string line;
  std::string version;
  while (std::getline(pyproject, line)) {
    if (line.starts_with("version = \"")) version = line.substr(11, line.size() - 12);
  }
  ASSERT_FALSE(version.empty());
  EXPECT_EQ(result.out, "semibfs " + version + "\n");
  EXPECT_EQ(result.err, "");
}

// A run writes its graph to a store; a second run reads it back (--reuse) and validates the same
// nedge; a store of another SCALE is refused with one line, and an existing store is not replaced.
TEST_F(Cli, StoreRoundTripAndMismatches) {
  const std::filesystem::path store = directory_ / "store";
  std::filesystem::create_directories(store);
  const std::string store_option = " --store " + store.string();
  const CommandResult first = run("run --scale 10 --roots 4" + store_option);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_TRUE(std::filesystem::exists(store / "manifest"));
  const CommandResult second = run("run --scale 10 --roots 4 --reuse" + store_option);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.err.find("(read from the store)"), std::string::npos) << second.err;
  const auto nedge_lines = [](const std::string& err) {
    std::string lines;
    for (const std::string& line : lines_of(err)) {
      if (line.rfind("BFS ", 0) == 0) lines += line.substr(line.find("nedge"), line.find(',', line.find("nedge")) - line.find("nedge")) + "\n";
    }
    return lines;
  };
  EXPECT_FALSE(nedge_lines(first.err).empty());
  EXPECT_EQ(nedge_lines(first.err), nedge_lines(second.err));
  const CommandResult other_scale = run("run --scale 11 --roots 4 --reuse" + store_option);
  EXPECT_EQ(other_scale.exit_code, 1);
  EXPECT_EQ(lines_of(other_scale.err).back().find("semibfs run: store"), 0u) << other_scale.err;
  EXPECT_NE(other_scale.err.find("scale=11"), std::string::npos);
  const auto manifest_time = std::filesystem::last_write_time(store / "manifest");
  EXPECT_EQ(run("run --scale 10 --roots 4" + store_option).exit_code, 2);
  EXPECT_EQ(std::filesystem::last_write_time(store / "manifest"), manifest_time);
}

// --reuse under a budget checks the store before it writes anything: a store of another SCALE whose
// edge file is missing is refused without writing a new edge file.
TEST_F(Cli, ReuseChecksTheStoreBeforeWritingTheEdgeFile) {
  const std::filesystem::path store = directory_ / "store";
  std::filesystem::create_directories(store);
  const std::string store_option = " --store " + store.string();
  ASSERT_EQ(run("run --scale 8 --roots 2 --dram-budget 64MiB" + store_option).exit_code, 0);
  ASSERT_TRUE(std::filesystem::remove(store / "edges.packed48"));
  const CommandResult other_scale = run("run --scale 9 --roots 2 --reuse --dram-budget 64MiB" + store_option);
  EXPECT_EQ(other_scale.exit_code, 1);
  EXPECT_NE(other_scale.err.find("scale=9"), std::string::npos) << other_scale.err;
  EXPECT_EQ(other_scale.err.find("writing"), std::string::npos) << other_scale.err;
  EXPECT_FALSE(std::filesystem::exists(store / "edges.packed48"));
  const CommandResult same_scale = run("run --scale 8 --roots 2 --reuse --dram-budget 64MiB" + store_option);
  EXPECT_EQ(same_scale.exit_code, 0) << same_scale.err;
  EXPECT_TRUE(std::filesystem::exists(store / "edges.packed48"));
}

// Semi-external runs on a store: a budget below everything splits the lists (the plan and the
// reads are reported), every search validates with the in-memory nedge, under both I/O backends;
// a budget below the stated minimum fails with one line before any work.
TEST_F(Cli, DramBudgetRunsValidateWithTheInMemoryNedge) {
  const fs::path store = directory_ / "store";
  fs::create_directories(store);
  const std::string store_option = " --store " + store.string();
  const CommandResult in_memory = run("run --scale 12 --roots 4" + store_option);
  ASSERT_EQ(in_memory.exit_code, 0) << in_memory.err;
  const auto nedges = [](const std::string& err) {
    std::string values;
    for (const std::string& line : lines_of(err)) {
      const std::size_t at = line.find("nedge ");
      if (line.rfind("BFS ", 0) == 0 && at != std::string::npos) values += line.substr(at, line.find(',', at) - at) + ";";
    }
    return values;
  };
  for (const char* io : {"pread", "auto"}) {
    const fs::path json = directory_ / (std::string(io) + ".json");
    const CommandResult tiered = run("run --scale 12 --roots 4 --reuse --dram-budget 20MiB --head-entries 2 --io " +
                                     std::string(io) + store_option + " --json " + json.string());
    ASSERT_EQ(tiered.exit_code, 0) << io << "\n" << tiered.err;
    EXPECT_NE(tiered.err.find("placement: DRAM budget"), std::string::npos) << tiered.err;
    EXPECT_NE(tiered.err.find("K = 2 (forced)"), std::string::npos) << tiered.err;
    EXPECT_NE(tiered.err.find("validation passed"), std::string::npos) << tiered.err;
    EXPECT_EQ(tiered.err.find("FAILED"), std::string::npos) << tiered.err;
    EXPECT_EQ(nedges(tiered.err), nedges(in_memory.err));
    const std::string report = read_text(json);
    EXPECT_NE(report.find("\"lists_on_disk\": true"), std::string::npos) << report;
    EXPECT_NE(report.find("\"placement\": {"), std::string::npos) << report;
    EXPECT_NE(report.find("\"mean_queue_depth\""), std::string::npos) << report;
  }
  const CommandResult too_small = run("run --scale 12 --roots 4 --reuse --dram-budget 4KiB" + store_option);
  EXPECT_EQ(too_small.exit_code, 1);
  EXPECT_EQ(lines_of(too_small.err).size(), 1u) << too_small.err;
  EXPECT_NE(too_small.err.find("below the minimum of"), std::string::npos) << too_small.err;
}

// A SCALE whose graph does not fit in this machine's memory: one line naming the way out.
TEST_F(Cli, AScaleBeyondMemoryPointsAtAStoreAndABudget) {
  const double memory = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGESIZE));
  if (memory > std::pow(2.0, 40)) GTEST_SKIP() << "SCALE 32 in memory needs about 1 TiB; this machine has more";
  const CommandResult result = run("run --scale 32 --roots 1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(lines_of(result.err).size(), 1u) << result.err;
  EXPECT_NE(result.err.find("--store DIR --dram-budget SIZE"), std::string::npos) << result.err;
}

TEST_F(Cli, UsageErrorsPrintOneLineExitTwoAndWriteNothing) {
  const std::string json = (directory_ / "report.json").string();
  const std::vector<std::string> bad = {
      "",
      "frobnicate",
      "run",
      "run --json " + json,
      "run --scale abc --json " + json,
      "run --scale 0 --json " + json,
      "run --scale 64 --json " + json,
      "run --scale 10 --edgefactor -3 --json " + json,
      "run --scale 10 --frobnicate --json " + json,
      "run --scale 10 --direction hybrid --json " + json,  // the old name of --policy, dropped
      "run --scale 10 --policy sideways --json " + json,
      "run --scale 10 --policy hybrid --json " + json,
      "run --scale 10 --policy",
      "run --scale 10 --summary-bits 100 --json " + json,
      "run --scale 10 --summary-bits 2048 --json " + json,
      "run --scale 10 --summary-bits -64 --json " + json,
      "run --scale 10 --summary-bits abc --json " + json,
      "run --scale 10 --summary-bits",
      "run --scale 10 --alpha 0 --json " + json,
      "run --scale 10 --roots",
      "run --scale 10 --reuse --json " + json,
      "run --scale 10 --store " + (directory_ / "missing").string() + " --json " + json,
      "run --scale 10 --store " + (directory_ / "missing").string() + " --reuse --json " + json,
      "run --scale 10 --partitions 0 --json " + json,
      "run --scale 10 --partitions x --json " + json,
      "run --scale 10 --neighbor-order random --json " + json,
      "run --scale 10 --dram-budget 64MiB --json " + json,
      "run --scale 10 --dram-budget 64MB --json " + json,
      "run --scale 10 --dram-budget lots --json " + json,
      "run --scale 10 --head-entries 4 --json " + json,
      "run --scale 10 --placement forward-on-disk --json " + json,
      "run --scale 10 --placement seed000 --json " + json,
      "run --scale 10 --store " + directory_.string() + " --dram-budget 64MiB --placement forward-on-disk --head-entries 2 --json " + json,
      "run --scale 10 --io floppy --json " + json,
      "run --scale 10 --json " + (directory_ / "missing" / "report.json").string(),
      "run --scale 10 --json " + directory_.string(),
      "generate --scale 10",
      "generate --scale 10 --format csv -o " + json,
      "generate --scale 49 -o " + json,
  };
  for (const std::string& arguments : bad) {
    const CommandResult result = run(arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments;
    EXPECT_EQ(lines_of(result.err).size(), 1u) << arguments << "\n" << result.err;
    EXPECT_TRUE(result.out.empty()) << arguments;
    EXPECT_TRUE(files_in_directory().empty()) << arguments;
  }
  EXPECT_NE(run("run --scale abc").err.find("--scale"), std::string::npos);
  // The value parsers speak of the value, the option table names the flag once.
  EXPECT_NE(run("run --scale abc").err.find("--scale: must be an integer from 1 to 32, got 'abc'"), std::string::npos);
  EXPECT_NE(run("run --scale 10 --dram-budget lots").err.find(": --dram-budget: cannot read 'lots' as a size"),
            std::string::npos);
  EXPECT_NE(run("run --scale 10 --io floppy").err.find(": --io: unknown I/O kind 'floppy'"), std::string::npos);
  EXPECT_NE(run("run --scale 10 --policy x").err.find(": --policy: unknown policy 'x'"), std::string::npos);
  EXPECT_NE(run("run --scale 10 --policy x").err.find("alpha-beta, beamer, top-down, bottom-up"), std::string::npos);
  EXPECT_NE(run("run --scale 10 --summary-bits 3").err.find("0, 64, 128, 256, 512, 1024"), std::string::npos);
  EXPECT_NE(run("run --scale 10 --neighbor-order x").err.find("id, hub-first, degree"), std::string::npos);
}

TEST_F(Cli, RunPrintsTheOfficialBlockWithTheReferenceKeys) {
  const fs::path json = directory_ / "report.json";
  const CommandResult result = run("run --scale 10 --threads 2 --json " + json.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::vector<std::string> ours = lines_of(result.out);
  const std::vector<std::string> reference = lines_of(read_text(testing::test_vector_path("reference-output-s16.txt")));
  ASSERT_EQ(ours.size(), reference.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    EXPECT_EQ(ours[i].substr(0, 32), reference[i].substr(0, 32)) << "line " << i;
  }
  EXPECT_EQ(ours[0], "SCALE:                          10");
  EXPECT_EQ(ours[2], "NBFS:                           64");
  EXPECT_EQ(ours[13], "min_nedge:                      16239");
  EXPECT_NE(result.err.find("BFS 63: root"), std::string::npos);
  const std::string report = read_text(json);
  EXPECT_NE(report.find("\"validation_passed\": true"), std::string::npos);
  EXPECT_NE(report.find("\"levels\""), std::string::npos);
  EXPECT_NE(report.find("\"logical_cores\""), std::string::npos);
  EXPECT_NE(report.find("\"policy\": \"alpha-beta\""), std::string::npos);
  EXPECT_NE(report.find("\"summary_bits\": 0"), std::string::npos);
  for (const char* field : {"\"scale\": 10,", "\"edgefactor\": 16,", "\"vertices\": 1024,", "\"input_edges\": 16384,",
                            "\"seed1\": 2,", "\"seed2\": 3,"}) {
    EXPECT_NE(report.find(field), std::string::npos) << field;  // a run's graph is its Kronecker graph
  }
  EXPECT_NE(report.find("\"frontier_edges\""), std::string::npos);
  EXPECT_NE(report.find("\"bottom_up_early_exits\""), std::string::npos);
  EXPECT_EQ(files_in_directory(), std::vector<std::string>{"report.json"});
}

// The options reach the report: the policy, per-policy defaults, overrides.
TEST_F(Cli, PolicyOptionsAppearInTheReport) {
  const fs::path json = directory_ / "report.json";
  const std::string common = "run --scale 10 --threads 2 --roots 2 --skip-validation --json " + json.string();
  struct Case {
    std::string options;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {"--policy alpha-beta", {"\"policy\": \"alpha-beta\"", "\"alpha\": 10000", "\"beta\": 1000"}},
      {"--policy bottom-up --summary-bits 0",
       {"\"policy\": \"bottom-up\"", "\"alpha\": null", "\"summary_bits\": 0"}},
      {"--policy beamer", {"\"policy\": \"beamer\"", "\"alpha\": 15", "\"beta\": 18"}},
      {"--policy beamer --alpha 20 --summary-bits 1024",
       {"\"alpha\": 20", "\"beta\": 18", "\"summary_bits\": 1024"}},
      {"--beta 7 --policy top-down --policy alpha-beta", {"\"policy\": \"alpha-beta\"", "\"beta\": 7"}},
  };
  for (const Case& test : cases) {
    const CommandResult result = run(common + " " + test.options);
    ASSERT_EQ(result.exit_code, 0) << test.options << "\n" << result.err;
    const std::string report = read_text(json);
    for (const std::string& text : test.expected) {
      EXPECT_NE(report.find(text), std::string::npos) << test.options << ": no " << text;
    }
  }
}

TEST_F(Cli, GenerateWritesEachFormat) {
  const fs::path int64_file = directory_ / "s10.int64", packed = directory_ / "s10.packed", text = directory_ / "s10.txt";
  ASSERT_EQ(run("generate --scale 10 -o " + int64_file.string()).exit_code, 0);
  ASSERT_EQ(run("generate --scale 10 --format g500-packed -o " + packed.string()).exit_code, 0);
  ASSERT_EQ(run("generate --scale 10 --format el --threads 1 -o " + text.string()).exit_code, 0);
  const std::string int64_bytes = read_text(int64_file);
  Sha256 hash;
  hash.update(int64_bytes.data(), int64_bytes.size());
  EXPECT_EQ(hash.finish_hex(), testing::expected_sha256("kron-s10-ef16", "edges-int64le"));
  EXPECT_EQ(fs::file_size(packed), 16384u * 12);
  std::istringstream ours(read_text(text));
  std::ifstream reference(testing::test_vector_path("kron-s10-ef16.edges.txt"));
  std::int64_t a = 0, b = 0, c = 0, d = 0;
  std::string weight;
  int edges = 0;
  while (reference >> c >> d >> weight) {
    ASSERT_TRUE(ours >> a >> b);
    ASSERT_EQ(a, c);
    ASSERT_EQ(b, d);
    ++edges;
  }
  EXPECT_EQ(edges, 16384);
  const CommandResult to_stdout = run("generate --scale 10 -o -");
  EXPECT_EQ(to_stdout.exit_code, 0);
  EXPECT_EQ(to_stdout.out, int64_bytes);
  EXPECT_EQ(files_in_directory().size(), 3u);  // no temporary file left behind
}

}  // namespace
}  // namespace semibfs
