// Interrupted and killed work leaves nothing behind (issue 13, cases 6 and 10): SIGINT and SIGTERM
// stop `build` and `run --store` at a safe point with one line and exit 130/143, removing this
// run's temporary files and half-written store, so that a new build into the directory succeeds;
// after kill -9 the store's next writer removes the dead process's temporary files, and `info`
// does not count them; a store directory that cannot be used is one clear line, exit 1.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/command_runner.hpp"

extern char** environ;

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;
using testing::read_text;

// The files in `directory` whose names hold ".tmp." (this or another process's temporary files).
std::vector<std::string> temporary_files(const fs::path& directory) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator entry(directory, error), end; !error && entry != end; entry.increment(error)) {
    const std::string name = entry->path().filename();
    if (name.find(".tmp.") != std::string::npos) names.push_back(name);
  }
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += name + " ";
  return text;
}

// A semibfs command started without waiting for it: stdout and stderr go to files.
class StartedCommand {
 public:
  StartedCommand(const std::vector<std::string>& arguments, const fs::path& out, const fs::path& err) {
    std::vector<std::string> words{SEMIBFS_BINARY};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (::posix_spawn(&pid_, argv[0], &files, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&files);
  }
  StartedCommand(const StartedCommand&) = delete;
  StartedCommand& operator=(const StartedCommand&) = delete;
  ~StartedCommand() {
    if (running()) {
      ::kill(pid_, SIGKILL);
      wait();
    }
  }

  bool started() const { return pid_ > 0; }
  bool running() {
    if (pid_ <= 0 || ended_) return false;
    ended_ = ::waitpid(pid_, &status_, WNOHANG) == pid_;
    return !ended_;
  }
  // Polls `directory` until a temporary file whose name starts with `prefix` appears (true), or
  // the command ends or 30 seconds pass (false).
  bool wait_for_temporary_file(const fs::path& directory, const std::string& prefix) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (running() && std::chrono::steady_clock::now() < deadline) {
      for (const std::string& name : temporary_files(directory)) {
        if (name.starts_with(prefix)) return true;
      }
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    return false;
  }
  // Polls `file` until it holds `text` (true), or the command ends or 30 seconds pass (false).
  bool wait_for_text(const fs::path& file, const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (running() && std::chrono::steady_clock::now() < deadline) {
      if (read_text(file).find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  }
  void signal(int number) const { ::kill(pid_, number); }
  // The wait status once the command has ended.
  int wait() {
    if (!ended_) ::waitpid(pid_, &status_, 0);
    ended_ = true;
    return status_;
  }

 private:
  pid_t pid_ = -1;
  int status_ = 0;
  bool ended_ = false;
};

class InterruptCli : public testing::CommandTest {
 protected:
  void SetUp() override {
    CommandTest::SetUp();
    store_ = directory_ / "store";
    fs::create_directories(store_);
    small_ = (directory_ / "small.el").string();
    std::ofstream(small_) << "0 1\n1 2\n2 3\n";
  }

  // A Graph500 edge file big enough that building a store of it takes a while (SCALE 17: 25 MB).
  std::string kronecker_file() {
    const std::string path = (directory_ / "s17.edges").string();
    EXPECT_EQ(run("generate --scale 17 --format g500-packed -o " + path).exit_code, 0);
    return path;
  }

  // Starts `semibfs ARGUMENTS`, waits until a temporary file whose name starts with `stage` appears
  // in the store, sends `signal`, and returns what the command did.
  CommandResult interrupt_at(const std::vector<std::string>& arguments, const std::string& stage, int signal) {
    const fs::path out = directory_ / "stdout.txt", err = directory_ / "stderr.txt";
    StartedCommand command(arguments, out, err);
    EXPECT_TRUE(command.started());
    const bool reached = command.wait_for_temporary_file(store_, stage);
    EXPECT_TRUE(reached) << "no temporary file '" << stage << "*' appeared before the command ended:\n"
                         << read_text(err);
    if (reached) command.signal(signal);
    const int status = command.wait();
    CommandResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_text(out);
    result.err = read_text(err);
    return result;
  }

  // Exit 128 + signal, the interruption as the one last line, nothing on stdout, nothing left in
  // the store directory; then a new build into it succeeds.
  void expect_clean_interruption(const CommandResult& result, const std::string& command, int signal) {
    EXPECT_EQ(result.exit_code, 128 + signal) << result.err;
    const std::vector<std::string> lines = lines_of(result.err);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back(), "semibfs " + command + ": interrupted by " + (signal == SIGINT ? "SIGINT" : "SIGTERM") +
                                "; removed this run's temporary files")
        << result.err;
    int mentions = 0;
    for (const std::string& line : lines) mentions += line.find("interrupted") != std::string::npos;
    EXPECT_EQ(mentions, 1) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
    EXPECT_TRUE(temporary_files(store_).empty()) << joined(temporary_files(store_));
    EXPECT_FALSE(fs::exists(store_ / "manifest"));
    EXPECT_TRUE(fs::is_empty(store_)) << "half a store is left";
    const CommandResult again = run("build " + small_ + " --store " + store_.string());
    EXPECT_EQ(again.exit_code, 0) << again.err;
  }

  // Sends SIGINT to `command`: exit 130 and the interruption as the last line of its stderr,
  // whose lines it returns.
  std::vector<std::string> stop_with_sigint(StartedCommand& command, const fs::path& err, const std::string& name) {
    command.signal(SIGINT);
    const int status = command.wait();
    EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 130) << read_text(err);
    const std::vector<std::string> lines = lines_of(read_text(err));
    EXPECT_FALSE(lines.empty());
    if (!lines.empty()) {
      EXPECT_EQ(lines.back(), "semibfs " + name + ": interrupted by SIGINT; removed this run's temporary files")
          << read_text(err);
    }
    return lines;
  }

  fs::path store_;
  std::string small_;
};

TEST_F(InterruptCli, BuildStoppedBySigintWhileReading) {
  const std::string input = kronecker_file();
  const CommandResult result =
      interrupt_at({"build", input, "--format", "g500-packed", "--store", store_.string(), "--dram-budget", "32MiB"},
                   "edges.file-ids", SIGINT);
  expect_clean_interruption(result, "build", SIGINT);
}

TEST_F(InterruptCli, BuildStoppedBySigtermWhileConstructing) {
  const std::string input = kronecker_file();
  const CommandResult result =
      interrupt_at({"build", input, "--format", "g500-packed", "--store", store_.string(), "--dram-budget", "32MiB"},
                   "p0.", SIGTERM);
  expect_clean_interruption(result, "build", SIGTERM);
}

TEST_F(InterruptCli, RunStoppedBySigintWhileGenerating) {
  const CommandResult result = interrupt_at(
      {"run", "--scale", "17", "--store", store_.string(), "--dram-budget", "64MiB"}, "edges.packed48", SIGINT);
  expect_clean_interruption(result, "run", SIGINT);
}

// The edge file was complete: it goes with the half-built store.
TEST_F(InterruptCli, RunStoppedBySigtermWhileConstructing) {
  const CommandResult result =
      interrupt_at({"run", "--scale", "16", "--store", store_.string(), "--dram-budget", "64MiB"}, "p0.", SIGTERM);
  expect_clean_interruption(result, "run", SIGTERM);
}

// Stopped between its searches, a run keeps the store it completed; the line of the search under
// way is ended before the message, which stays the last line.
TEST_F(InterruptCli, RunStoppedBySigintWhileSearching) {
  const fs::path out = directory_ / "out.txt", err = directory_ / "err.txt";
  StartedCommand command({"run", "--scale", "16", "--store", store_.string(), "--dram-budget", "64MiB"}, out, err);
  ASSERT_TRUE(command.wait_for_text(err, "BFS 1: "));
  stop_with_sigint(command, err, "run");
  EXPECT_TRUE(read_text(out).empty()) << "no official block for an interrupted run";
  EXPECT_TRUE(fs::exists(store_ / "manifest"));
  EXPECT_TRUE(temporary_files(store_).empty()) << joined(temporary_files(store_));
}

// Stopped between its iterations, PageRank ends with the one line and writes no ranks (uninterrupted,
// its 5000 iterations take seconds).
TEST_F(InterruptCli, PagerankStoppedBySigintBetweenIterations) {
  const std::string edges = (directory_ / "s14.edges").string();
  ASSERT_EQ(run("generate --scale 14 --format g500-packed -o " + edges).exit_code, 0);
  ASSERT_EQ(run("build " + edges + " --format g500-packed --store " + store_.string()).exit_code, 0);
  const fs::path out = directory_ / "out.txt", err = directory_ / "err.txt", ranks = directory_ / "ranks.txt";
  StartedCommand command({"pagerank", "--store", store_.string(), "--iterations", "5000", "--tolerance", "1e-300",
                          "--output", ranks.string()},
                         out, err);
  ASSERT_TRUE(command.wait_for_text(err, "iteration 2,"));
  const std::vector<std::string> lines = stop_with_sigint(command, err, "pagerank");
  int iterations = 0;
  for (const std::string& line : lines) iterations += line.starts_with("pagerank: iteration ");
  EXPECT_LT(iterations, 5000) << "the signal stopped the writing of the ranks, not the iterations";
  EXPECT_FALSE(fs::exists(ranks));
  EXPECT_TRUE(temporary_files(directory_).empty()) << joined(temporary_files(directory_));
}

// kill -9 leaves the temporary files; the next writer of the store removes them before it writes.
// Issue 42, case 9: add-edges reading an endless device stops at SIGTERM and SIGINT (before, it
// ran on: the read loop had no safe point), and writes no version.
TEST_F(InterruptCli, AddEdgesFromAnEndlessDeviceStopsAtASignal) {
  ASSERT_EQ(run("build " + small_ + " --store " + store_.string()).exit_code, 0);
  for (const int signal : {SIGTERM, SIGINT}) {
    const fs::path out = directory_ / "stdout.txt", err = directory_ / "stderr.txt";
    StartedCommand command({"add-edges", "/dev/zero", "--format", "g500-packed", "--store", store_.string()}, out, err);
    ASSERT_TRUE(command.started());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_TRUE(command.running()) << read_text(err);
    command.signal(signal);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (command.running() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_FALSE(command.running()) << "still reading 10 s after the signal";  // the destructor kills it
    const int status = command.wait();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + signal) << read_text(err);
    EXPECT_NE(read_text(err).find("interrupted"), std::string::npos) << read_text(err);
    EXPECT_FALSE(fs::exists(store_ / "version-1"));
  }
}

TEST_F(InterruptCli, AfterKillNineTheNextBuildRemovesTheDeadProcesssFiles) {
  const std::string input = kronecker_file();
  {
    StartedCommand build({"build", input, "--format", "g500-packed", "--store", store_.string()},
                         directory_ / "out.txt", directory_ / "err.txt");
    ASSERT_TRUE(build.wait_for_temporary_file(store_, "edges.file-ids"));
    build.signal(SIGKILL);
    const int status = build.wait();
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  }
  ASSERT_FALSE(temporary_files(store_).empty()) << "kill -9 leaves debris";
  const CommandResult again = run("build " + small_ + " --store " + store_.string());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(temporary_files(store_).empty()) << joined(temporary_files(store_));
}

// Killed while renumbering, a build leaves its scratch file of file ids (named for its process) and
// the renumbered edges' temporary file: the next build removes both and succeeds.
TEST_F(InterruptCli, AfterKillNineWhileRenumberingTheNextBuildSucceeds) {
  const std::string input = (directory_ / "sparse.el").string();
  {
    std::ofstream file(input);
    for (std::uint64_t edge = 0; edge < (std::uint64_t{1} << 20); ++edge) {
      file << edge % 100003 * 7 << ' ' << edge * 7919 % 100003 * 7 << '\n';  // ids 7 apart: renumbered
    }
  }
  {
    StartedCommand build({"build", input, "--store", store_.string()}, directory_ / "out.txt", directory_ / "err.txt");
    ASSERT_TRUE(build.wait_for_temporary_file(store_, "edges.packed48"));
    build.signal(SIGKILL);
    build.wait();
  }
  ASSERT_FALSE(temporary_files(store_).empty()) << "kill -9 leaves debris";
  const CommandResult again = run("build " + small_ + " --store " + store_.string());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(temporary_files(store_).empty()) << joined(temporary_files(store_));
}

// `info` names temporary files apart and leaves them out of the store's bytes (a live process's
// 1 GiB file here, sparse).
TEST_F(InterruptCli, InfoDoesNotCountTemporaryFiles) {
  ASSERT_EQ(run("build " + small_ + " --store " + store_.string()).exit_code, 0);
  const std::string live = "edges.packed48.tmp." + std::to_string(::getpid());
  std::ofstream(store_ / live).close();
  fs::resize_file(store_ / live, std::uintmax_t{1} << 30);
  const CommandResult info = run("info --store " + store_.string());
  ASSERT_EQ(info.exit_code, 0) << info.err;
  for (const std::string& line : lines_of(info.out)) {
    if (line.starts_with("files:")) {
      EXPECT_EQ(line.find("GiB"), std::string::npos) << line;
    }
  }
  EXPECT_NE(info.out.find("temporary file, not counted: " + live + " (1.00 GiB, process " + std::to_string(::getpid()) +
                          " running)"),
            std::string::npos)
      << info.out;
}

// A path the library does not check itself (a loop of links) is one line naming it, not a raw
// "filesystem error".
TEST_F(InterruptCli, AnUnusableStorePathIsOneClearLine) {
  fs::create_symlink("loop", directory_ / "loop");
  const CommandResult result = run("build " + small_ + " --store " + (directory_ / "loop" / "x").string());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(lines_of(result.err).size(), 1u) << result.err;
  EXPECT_EQ(result.err.rfind("semibfs build: cannot use '", 0), 0u) << result.err;
  EXPECT_EQ(result.err.find("filesystem error"), std::string::npos) << result.err;
}

// A store whose edge file must be written again, in a directory this user cannot write: one line,
// exit 1. As root, the command runs as nobody (setpriv), where that is possible.
TEST_F(InterruptCli, AReadOnlyStoreIsOneClearLine) {
  std::string as_user;
  if (::geteuid() == 0) {
    as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    fs::permissions(directory_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                    fs::perms::others_read | fs::perms::others_exec);
    if (std::system((as_user + SEMIBFS_BINARY + " --help >/dev/null 2>&1").c_str()) != 0) {
      GTEST_SKIP() << "cannot run semibfs as another user here";
    }
  }
  ASSERT_EQ(run("run --scale 10 --store " + store_.string() + " --dram-budget 64MiB").exit_code, 0);
  fs::resize_file(store_ / "edges.packed48", 1200);  // incomplete: --reuse must write it again
  fs::permissions(store_, fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                  fs::perm_options::remove);
  const fs::path err = directory_ / "err.txt";
  const int status = std::system((as_user + SEMIBFS_BINARY + " run --scale 10 --store " + store_.string() +
                                  " --reuse --dram-budget 64MiB >/dev/null 2>" + err.string())
                                     .c_str());
  fs::permissions(store_, fs::perms::owner_write, fs::perm_options::add);
  const std::vector<std::string> lines = lines_of(read_text(err));
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1) << read_text(err);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back().rfind("semibfs run: ", 0), 0u) << lines.back();
  EXPECT_NE(lines.back().find(store_.string()), std::string::npos) << lines.back();
  EXPECT_NE(lines.back().find("Permission denied"), std::string::npos) << lines.back();
  EXPECT_EQ(read_text(err).find("filesystem error"), std::string::npos) << read_text(err);
}

}  // namespace
}  // namespace semibfs
