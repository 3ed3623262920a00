// Where results go: '-' is stdout for --json and --output, a link is written through, and results
// that cannot reach stdout (a full disk) are an error, never exit status 0.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using OutputsCli = testing::CommandTest;

TEST_F(OutputsCli, JsonDashGoesToStdoutAfterTheOfficialBlock) {
  const CommandResult result = run("run --scale 6 --roots 2 --threads 1 --json -");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::size_t block = result.out.find("SCALE:");
  const std::size_t json = result.out.find("{\n");
  ASSERT_NE(block, std::string::npos) << result.out;
  ASSERT_NE(json, std::string::npos) << result.out;
  EXPECT_LT(block, json);
  EXPECT_NE(result.out.find("\"graph500\""), std::string::npos);
  EXPECT_FALSE(fs::exists(directory_ / "-"));
}

TEST_F(OutputsCli, OutputDashWritesTheTreeToStdoutAndTheSummaryToStderr) {
  const fs::path edges = directory_ / "g.el";
  ASSERT_EQ(run("generate --scale 6 --format el -o " + edges.string()).exit_code, 0);
  const std::string store = (directory_ / "store").string();
  ASSERT_EQ(run("build " + edges.string() + " --store " + store).exit_code, 0);
  const CommandResult result = run("bfs --store " + store + " --root 1 --output -");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto lines = lines_of(result.out);
  ASSERT_GT(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("# semibfs bfs ", 0), 0u) << lines[0];
  EXPECT_NE(result.out.find("\n1 1 0\n"), std::string::npos) << result.out;  // the root, its own parent
  EXPECT_NE(result.err.find("validation: passed"), std::string::npos) << result.err;
  EXPECT_EQ(result.out.find("validation:"), std::string::npos);
}

TEST_F(OutputsCli, JsonThroughALinkWritesItsTarget) {
  fs::create_symlink("real.json", directory_ / "link.json");
  const CommandResult result = run("run --scale 6 --roots 2 --threads 1 --json " + (directory_ / "link.json").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(fs::is_symlink(directory_ / "link.json"));
  EXPECT_NE(read_text(directory_ / "real.json").find("\"graph500\""), std::string::npos);
}

// /dev/full: every write fails with ENOSPC; the command must end with one line saying so and exit 1.
TEST_F(OutputsCli, StdoutThatCannotBeWrittenIsExitOneWithOneLine) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const fs::path err = directory_ / "stderr.txt";
  for (const std::string arguments : {"run --scale 6 --roots 2 --threads 1", "generate --scale 6 -o -"}) {
    SCOPED_TRACE(arguments);
    const std::string command = std::string(SEMIBFS_BINARY) + " " + arguments + " >/dev/full 2>" + err.string();
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    const auto lines = lines_of(read_text(err));  // progress lines, then the one error line
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines.back().find("cannot write"), std::string::npos) << lines.back();
    EXPECT_NE(lines.back().find("to stdout"), std::string::npos) << lines.back();
  }
}

}  // namespace
}  // namespace semibfs
