// After kill -9: a store's next writer removes the temporary files of dead processes, found by the
// PID in their names, as soon as it holds the writer's lock; a live process's files and every other
// file stay, and a reader removes nothing.
#include "store/stale_temporary_files.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "store/store_lock.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using ::testing::UnorderedElementsAre;

// The PID of a child that has exited and been reaped: no process has it (until the PID is reused).
int dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return static_cast<int>(child);
}

std::vector<std::string> names_in(const std::string& directory) {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory)) names.push_back(entry.path().filename());
  return names;
}

class StaleTemporaryFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dead_ = std::to_string(dead_pid());
    live_ = std::to_string(::getpid());
    for (const std::string& name : {std::string("manifest"), std::string("notes.tmp.txt"), "edges.packed48.tmp." + dead_,
                                    "manifest.probe." + dead_, "p0.backward.neighbors.tmp." + live_}) {
      std::ofstream(directory_.file(name)) << "12345";
    }
  }
  testing::ScratchDirectory directory_;
  std::string dead_, live_;
};

TEST_F(StaleTemporaryFiles, AreListedWithTheirOwnerAndSize) {
  const std::vector<TemporaryFileEntry> entries = temporary_files_in(directory_.path());
  ASSERT_EQ(entries.size(), 3u);
  for (const TemporaryFileEntry& entry : entries) {
    EXPECT_EQ(entry.bytes, 5);
    EXPECT_EQ(entry.owner_alive, entry.owner == ::getpid()) << entry.name;
  }
}

TEST_F(StaleTemporaryFiles, TheWritersLockRemovesOnlyThoseOfDeadProcesses) {
  { const StoreLock reader(directory_.path(), StoreLock::Mode::kRead); }
  EXPECT_EQ(names_in(directory_.path()).size(), 5u) << "a reader removes nothing";
  const StoreLock writer(directory_.path(), StoreLock::Mode::kWrite);
  EXPECT_THAT(names_in(directory_.path()),
              UnorderedElementsAre("manifest", "notes.tmp.txt", "p0.backward.neighbors.tmp." + live_));
}

TEST_F(StaleTemporaryFiles, RemovalReturnsTheNamesRemoved) {
  EXPECT_THAT(remove_stale_temporary_files(directory_.path()),
              UnorderedElementsAre("edges.packed48.tmp." + dead_, "manifest.probe." + dead_));
  EXPECT_TRUE(remove_stale_temporary_files(directory_.path()).empty());
}

}  // namespace
}  // namespace semibfs
