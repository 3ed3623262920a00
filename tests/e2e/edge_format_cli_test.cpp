// `generate --format X` writes what `build --format X` reads, for each layout generate writes, and
// generate's old format names are one usage error line naming the new one.
#include <gtest/gtest.h>

#include <string>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::lines_of;

// The command line naming a store, in one place: the store's flag is becoming `--store DIR`.
std::string build_arguments(const std::string& input, const std::string& store, const std::string& options) {
  return "build " + input + " --store " + store + " " + options;
}
std::string info_arguments(const std::string& store) { return "info --store " + store; }

class EdgeFormatCli : public testing::CommandTest {};

TEST_F(EdgeFormatCli, WhatGenerateWritesBuildReadsUnderTheSameName) {
  for (const std::string format : {"g500-int64", "g500-packed", "el"}) {
    SCOPED_TRACE(format);
    const std::string file = (directory_ / ("kron-" + format)).string();  // no extension: --format decides
    const std::string store = (directory_ / ("store-" + format)).string();
    const CommandResult generated = run("generate --scale 8 --format " + format + " -o " + file);
    ASSERT_EQ(generated.exit_code, 0) << generated.err;
    const CommandResult built = run(build_arguments(file, store, "--format " + format));
    ASSERT_EQ(built.exit_code, 0) << built.err;
    const CommandResult info = run(info_arguments(store));
    ASSERT_EQ(info.exit_code, 0) << info.err;
    EXPECT_NE(info.out.find("format: " + format + "\n"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("edges read: 4096 "), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("ids: as the file writes them, from 0"), std::string::npos) << info.out;
  }
}

TEST_F(EdgeFormatCli, OldGenerateNamesAreOneErrorNamingTheNewOne) {
  const std::string file = (directory_ / "kron").string();
  const std::pair<const char*, const char*> renamed[] = {
      {"int64", "g500-int64"}, {"packed48", "g500-packed"}, {"text", "el"}};
  for (const auto& [old_name, new_name] : renamed) {
    SCOPED_TRACE(old_name);
    const CommandResult result = run(std::string("generate --scale 8 --format ") + old_name + " -o " + file);
    EXPECT_EQ(result.exit_code, 2);
    ASSERT_EQ(lines_of(result.err).size(), 1u) << result.err;
    const std::string message = std::string("--format: edge format '") + old_name + "' is now called '" + new_name + "'";
    EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty());
  }
  EXPECT_TRUE(files_in_directory().empty());
}

}  // namespace
}  // namespace semibfs
