// `semibfs run --sssp` end to end: the reference's SSSP block after the BFS lines, key for key as
// graph500_reference_bfs_sssp prints it at the same SCALE, the per-root SSSP entries in the JSON,
// the option errors, and the same results under a DRAM budget with the tails on disk, and on a
// compressed store and on stores relabelled by degree, in DRAM and under a budget.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/command_runner.hpp"
#include "support/test_vectors.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using Cli = testing::CommandTest;

TEST_F(Cli, SsspRunPrintsTheReferenceBlock) {
  const std::string json = (directory_ / "report.json").string();
  const CommandResult result = run("run --scale 10 --threads 2 --sssp --json " + json);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::vector<std::string> ours = lines_of(result.out);
  const std::vector<std::string> reference =
      lines_of(read_text(testing::test_vector_path("reference-sssp-output-s10.txt")));
  ASSERT_EQ(ours.size(), reference.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    EXPECT_EQ(ours[i].substr(0, 32), reference[i].substr(0, 32)) << "line " << i;
  }
  // The lines the reference's run fixes whatever the machine: the graph and its edge counts.
  for (const std::size_t i : {0, 1, 2, 4, 20, 21, 22, 23, 24, 25, 26}) EXPECT_EQ(ours[i], reference[i]) << "line " << i;
  EXPECT_NE(result.err.find("SSSP 63: root"), std::string::npos);
  EXPECT_NE(result.err.find("validation passed"), std::string::npos);
  const std::string report = read_text(directory_ / "report.json");
  // Undirected lists in DRAM: the pruned kernel, with its default delta.
  for (const char* field : {"\"sssp\": {", "\"algorithm\": \"delta-stepping\"", "\"delta\": 0.05",
                            "\"pruning\": \"push-pull\"", "\"pulled\": ", "\"reached\": 897",
                            "\"buckets\"", "\"distance_updates\"", "\"edges_relaxed\"", "\"light_edges\"",
                            "\"heavy_edges\"", "\"bucket_phases\": [", "\"bucket\": 0,"}) {
    EXPECT_NE(report.find(field), std::string::npos) << field;
  }
}

TEST_F(Cli, SsspOptionErrorsAreOneLine) {
  for (const char* arguments : {"run --scale 10 --delta 0.1", "run --scale 10 --sssp --delta 0",
                                "run --scale 10 --sssp --delta x", "run --scale 10 --sssp --delta 1e-9"}) {
    const CommandResult result = run(arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments;
    EXPECT_EQ(lines_of(result.err).size(), 1U) << arguments << ": " << result.err;
  }
  EXPECT_NE(run("run --scale 10 --delta 0.1").err.find("--delta needs --sssp"), std::string::npos);
}

TEST_F(Cli, SsspWithAnotherDeltaGivesTheSameFigures) {
  const CommandResult result = run("run --scale 10 --threads 2 --roots 4 --sssp --delta 0.5");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("897 reached"), std::string::npos);
  EXPECT_NE(result.err.find("delta 0.5"), std::string::npos);
}

// The SSSP lines of a run's log without their times: root, nedge, reached, max distance. Not the
// buckets: which ones a search empties depends on the order a bucket's vertices are expanded in,
// which a tiered reader chooses (the order of their tails in the store's files).
std::vector<std::string> sssp_results(const std::string& log) {
  std::vector<std::string> results;
  for (const std::string& line : lines_of(log)) {
    if (line.rfind("SSSP ", 0) != 0 || line.find(": root") == std::string::npos) continue;
    const std::size_t time = line.find(", ");
    const std::size_t nedge = line.find(", nedge");
    const std::size_t teps = line.find(" TEPS, ");
    const std::size_t buckets = line.rfind(", ", line.find(" buckets in "));
    results.push_back(line.substr(0, time) + line.substr(nedge, line.find(',', nedge + 1) - nedge) +
                      line.substr(teps + 6, buckets - teps - 6));
  }
  return results;
}

// Where a run's SSSP searches read the lists: all in DRAM, a copy of the store's plain lists in
// weight order under a budget (its tails in a scratch file), or a compressed store's lists tiered
// (their tails and weights read from the store).
enum class SsspLists { kInDram, kCopiedInWeightOrder, kTiered };

// Both blocks printed and every search validated, the lists read as `lists` says.
void expect_budget_run(const CommandResult& result, const std::vector<std::string>& in_dram, SsspLists lists) {
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("bfs  harmonic_mean_TEPS"), std::string::npos);
  EXPECT_NE(result.out.find("sssp harmonic_mean_TEPS"), std::string::npos);
  EXPECT_EQ(result.err.find("validation failed"), std::string::npos) << result.err;
  std::size_t passed = 0;
  for (const std::string& line : lines_of(result.err)) passed += line.find("validation passed") != std::string::npos;
  EXPECT_EQ(passed, 8U) << result.err;  // 4 BFS and 4 SSSP searches
  EXPECT_EQ(result.err.find("(tails' weights on disk)") != std::string::npos, lists == SsspLists::kTiered)
      << result.err;
  EXPECT_EQ(result.err.find("lists copied in weight order") != std::string::npos,
            lists == SsspLists::kCopiedInWeightOrder)
      << result.err;
  EXPECT_EQ(sssp_results(result.err), in_dram);
}

TEST_F(Cli, SsspUnderABudgetPrintsBothBlocksValidated) {
  const std::string common = " --scale 10 --threads 2 --roots 4 --sssp";
  const CommandResult dram = run("run" + common);
  ASSERT_EQ(dram.exit_code, 0) << dram.err;
  const std::vector<std::string> in_dram = sssp_results(dram.err);
  ASSERT_EQ(in_dram.size(), 4U) << dram.err;
  const std::string budget = " --dram-budget 24MiB --head-entries 2";
  const std::string built = (directory_ / "built").string();
  std::filesystem::create_directories(built);
  expect_budget_run(run("run" + common + " --store " + built + budget), in_dram, SsspLists::kCopiedInWeightOrder);
  expect_budget_run(run("run" + common + " --store " + built + " --reuse" + budget), in_dram,
                    SsspLists::kCopiedInWeightOrder);
  // A store written in DRAM has neither edge file nor its weights: the budgeted run writes both.
  const std::string in_memory = (directory_ / "in-memory").string();
  std::filesystem::create_directories(in_memory);
  ASSERT_EQ(run("run" + common + " --store " + in_memory).exit_code, 0);
  expect_budget_run(run("run" + common + " --store " + in_memory + " --reuse" + budget), in_dram,
                    SsspLists::kCopiedInWeightOrder);
  EXPECT_TRUE(std::filesystem::exists(directory_ / "in-memory" / "edges.weights"));
}

// A compressed store (its weights one float an entry in the lists' id order) and a store relabelled
// by degree (the lists and their weights in its ids; roots, parents and distances in the
// generator's), and both at once: in DRAM, then reused under a budget with the lists past K on disk,
// each search's figures those of the plain lists in DRAM, every search validated against the edge
// list in the generator's ids.
TEST_F(Cli, SsspOnCompressedAndRelabelledStoresInDramAndUnderABudget) {
  const std::string common = " --scale 10 --threads 2 --roots 4 --sssp";
  const CommandResult dram = run("run" + common);
  ASSERT_EQ(dram.exit_code, 0) << dram.err;
  const std::vector<std::string> in_dram = sssp_results(dram.err);
  ASSERT_EQ(in_dram.size(), 4U) << dram.err;
  for (const std::string layout : {" --compress", " --vertex-order degree", " --compress --vertex-order degree"}) {
    SCOPED_TRACE(layout);
    const std::string store = (directory_ / ("store" + std::to_string(layout.size()))).string();
    std::filesystem::create_directories(store);
    const std::string built = common + " --store " + store + layout;
    expect_budget_run(run("run" + built), in_dram, SsspLists::kInDram);
    EXPECT_NE(read_text(std::filesystem::path(store) / "manifest").find("list-weights float32"), std::string::npos);
    expect_budget_run(run("run" + built + " --reuse --dram-budget 24MiB --head-entries 2"), in_dram,
                      layout.find("--compress") != std::string::npos ? SsspLists::kTiered
                                                                     : SsspLists::kCopiedInWeightOrder);
  }
}

}  // namespace
}  // namespace semibfs
