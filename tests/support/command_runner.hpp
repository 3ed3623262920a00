// Running the semibfs binary from a test: each test gets a scratch directory, and a command's exit
// code, stdout and stderr come back as strings.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace semibfs::testing {

struct CommandResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

// A fixture with a fresh directory under /tmp and run("ARGS") = `semibfs ARGS` with its output kept.
class CommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/semibfs-cli-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    directory_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  // `launcher` goes before the binary (an mpirun line, for runs across ranks).
  CommandResult run(const std::string& arguments, const std::string& launcher = "") {
    const std::filesystem::path out = directory_ / "stdout.txt", err = directory_ / "stderr.txt";
    const std::string command = launcher + std::string(SEMIBFS_BINARY) + " " + arguments + " >" + out.string() +
                                " 2>" + err.string();
    const int status = std::system(command.c_str());
    CommandResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_text(out);
    result.err = read_text(err);
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return result;
  }

  // The version `semibfs --version` prints ("semibfs 0.1.0" gives "0.1.0").
  std::string version_of_program() {
    const std::string line = run("--version").out;
    return line.starts_with("semibfs ") && line.ends_with("\n") ? line.substr(8, line.size() - 9) : "(no version)";
  }

  // The DRAM budget `command` names as its minimum when refusing a tiny one, as " --dram-budget N":
  // one number, accepted as it is (the runs that use it check that they run); under `launcher` when given.
  std::string stated_minimum_budget(const std::string& command, const std::string& launcher = "") {
    const CommandResult result = run(command + " --dram-budget 4096", launcher);
    std::smatch match;
    if (result.exit_code != 1 ||
        !std::regex_search(result.err, match, std::regex(R"(below the minimum of [^(]*\((\d+) bytes\))"))) {
      ADD_FAILURE() << result.err;
      return "";
    }
    return " --dram-budget " + match[1].str();
  }

  // Each command line fails with its exit code and one line on stderr.
  void expect_one_line_errors(const std::vector<std::pair<std::string, int>>& cases) {
    for (const auto& [arguments, code] : cases) {
      const CommandResult result = run(arguments);
      EXPECT_EQ(result.exit_code, code) << arguments << "\n" << result.err;
      EXPECT_EQ(lines_of(result.err).size(), 1u) << arguments << "\n" << result.err;
    }
  }

  std::vector<std::string> files_in_directory() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(directory_)) names.push_back(entry.path().filename());
    return names;
  }

  std::filesystem::path directory_;
};

}  // namespace semibfs::testing
