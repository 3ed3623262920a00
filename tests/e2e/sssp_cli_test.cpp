// `semibfs run --sssp` end to end: the reference's SSSP block after the BFS lines, key for key as
// graph500_reference_bfs_sssp prints it at the same SCALE, the per-root SSSP entries in the JSON,
// and the option errors.
#include <gtest/gtest.h>

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
  for (const char* field : {"\"sssp\": {", "\"algorithm\": \"delta-stepping\"", "\"delta\": 0.01", "\"reached\": 897",
                            "\"buckets\"", "\"distance_updates\"", "\"edges_relaxed\""}) {
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
  const CommandResult compressed = run("run --scale 10 --sssp --store " + directory_.string() + " --compress");
  EXPECT_EQ(compressed.exit_code, 2);
  EXPECT_EQ(lines_of(compressed.err).size(), 1U) << compressed.err;
  EXPECT_NE(compressed.err.find("--sssp runs on plain lists"), std::string::npos) << compressed.err;
}

TEST_F(Cli, SsspWithAnotherDeltaGivesTheSameFigures) {
  const CommandResult result = run("run --scale 10 --threads 2 --roots 4 --sssp --delta 0.5");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("897 reached"), std::string::npos);
  EXPECT_NE(result.err.find("delta 0.5"), std::string::npos);
}

}  // namespace
}  // namespace semibfs
