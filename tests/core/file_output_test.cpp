// write_file_atomically and check_writable on a scratch directory.
#include "core/file_output.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <span>
#include <fstream>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

class FileOutput : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    directory_ = fs::temp_directory_path() /
                 ("semibfs-file-output-" + std::to_string(::getpid()) + "-" + test->name());
    fs::remove_all(directory_);
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  std::string path(const std::string& name) const { return (directory_ / name).string(); }

  std::size_t entry_count() const {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(directory_)) ++count;
    return count;
  }

  static std::string read(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
  }

  fs::path directory_;
};

TEST_F(FileOutput, WritesContents) {
  const std::string contents = std::string("{\"a\": 1}\n") + std::string(100000, 'x');
  write_file_atomically(path("report.json"), contents);
  EXPECT_EQ(read(path("report.json")), contents);
  EXPECT_EQ(entry_count(), 1u);  // no temporary left behind
}

TEST_F(FileOutput, ReplacesExistingFile) {
  write_file_atomically(path("report.json"), "first, and longer than the second\n");
  write_file_atomically(path("report.json"), "second\n");
  EXPECT_EQ(read(path("report.json")), "second\n");
  EXPECT_EQ(entry_count(), 1u);
}

TEST_F(FileOutput, WritesEmptyFile) {
  write_file_atomically(path("empty"), "");
  EXPECT_TRUE(fs::exists(path("empty")));
  EXPECT_EQ(fs::file_size(path("empty")), 0u);
}

TEST_F(FileOutput, StreamsPiecesAndShowsNothingUntilCommitted) {
  const auto bytes = [](const std::string& text) { return std::as_bytes(std::span<const char>(text.data(), text.size())); };
  {
    AtomicFileWriter file(path("streamed"));
    file.append(bytes("first "));
    file.append(bytes("second"));
    EXPECT_FALSE(fs::exists(path("streamed")));
    file.commit();
  }
  EXPECT_EQ(read(path("streamed")), "first second");
  {
    AtomicFileWriter abandoned(path("streamed"));
    abandoned.append(bytes("never committed"));
  }
  EXPECT_EQ(read(path("streamed")), "first second");
  EXPECT_EQ(entry_count(), 1u);  // the abandoned temporary is gone
}

TEST_F(FileOutput, MissingDirectoryThrowsAndLeavesNothing) {
  const std::string target = path("missing/report.json");
  try {
    write_file_atomically(target, "x");
    FAIL() << "expected semibfs::Error";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("missing"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line";
  }
  EXPECT_EQ(entry_count(), 0u);
}

TEST_F(FileOutput, DirectoryTargetThrowsAndKeepsIt) {
  fs::create_directory(path("sub"));
  EXPECT_THROW(write_file_atomically(path("sub"), "x"), Error);
  EXPECT_TRUE(fs::is_directory(path("sub")));
  EXPECT_EQ(entry_count(), 1u);
}

TEST_F(FileOutput, CheckWritableAcceptsNewAndExistingFiles) {
  EXPECT_NO_THROW(check_writable(path("new.json")));
  EXPECT_EQ(entry_count(), 0u);  // the probe is gone
  write_file_atomically(path("old.json"), "keep\n");
  EXPECT_NO_THROW(check_writable(path("old.json")));
  EXPECT_EQ(read(path("old.json")), "keep\n");
  EXPECT_EQ(entry_count(), 1u);
}

TEST_F(FileOutput, CheckWritableRejectsMissingDirectory) {
  EXPECT_THROW(check_writable(path("missing/report.json")), UsageError);
  EXPECT_EQ(entry_count(), 0u);
}

TEST_F(FileOutput, CheckWritableRejectsDirectory) {
  EXPECT_THROW(check_writable(directory_.string()), UsageError);
  EXPECT_THROW(check_writable(directory_.string() + "/"), UsageError);
  EXPECT_EQ(entry_count(), 0u);
}

TEST_F(FileOutput, CheckWritableRejectsFileAsDirectory) {
  write_file_atomically(path("plain"), "x");
  EXPECT_THROW(check_writable(path("plain/report.json")), UsageError);
  EXPECT_EQ(entry_count(), 1u);
}

TEST_F(FileOutput, CheckWritableRejectsEmptyPath) { EXPECT_THROW(check_writable(""), UsageError); }

// A device is no result file; the null device alone is taken, and what is written there discarded.
TEST_F(FileOutput, CheckWritableRejectsDevicesButTheNullDevice) {
  EXPECT_THROW(check_writable("/dev/zero"), UsageError);
  EXPECT_NO_THROW(check_writable("/dev/null"));
  fs::create_symlink("/dev/null", path("nowhere"));
  EXPECT_NO_THROW(write_output(path("nowhere"), "discarded"));
  EXPECT_TRUE(fs::is_symlink(path("nowhere")));
  EXPECT_THROW(write_file_atomically("/dev/null", "x"), Error);  // a store's file is never a device
}

// Root ignores permission bits, so this check only means something for other users.
TEST_F(FileOutput, CheckWritableRejectsReadOnlyDirectory) {
  if (::geteuid() == 0) GTEST_SKIP() << "root can write anywhere";
  fs::create_directory(path("locked"));
  fs::permissions(path("locked"), fs::perms::owner_read | fs::perms::owner_exec);
  EXPECT_THROW(check_writable(path("locked/report.json")), UsageError);
  EXPECT_THROW(write_file_atomically(path("locked/report.json"), "x"), Error);
  fs::permissions(path("locked"), fs::perms::owner_all);
  EXPECT_TRUE(fs::is_empty(path("locked")));
}

// A link to a result file is written through: the file it names gets the contents, the link stays.
TEST_F(FileOutput, WritesThroughASymlinkAndKeepsIt) {
  write_file_atomically(path("real.json"), "old\n");
  fs::create_symlink("real.json", path("link.json"));
  write_file_atomically(path("link.json"), "new\n");
  EXPECT_TRUE(fs::is_symlink(path("link.json")));
  EXPECT_EQ(read(path("real.json")), "new\n");
  EXPECT_EQ(entry_count(), 2u);
  check_writable(path("link.json"));
}

TEST_F(FileOutput, ADanglingSymlinkGetsItsTargetCreated) {
  fs::create_symlink("made.txt", path("link.txt"));
  write_file_atomically(path("link.txt"), "made\n");
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_EQ(read(path("made.txt")), "made\n");
}

TEST_F(FileOutput, AReplacedFileKeepsItsMode) {
  write_file_atomically(path("private.json"), "first\n");
  ASSERT_EQ(::chmod(path("private.json").c_str(), 0600), 0);
  write_file_atomically(path("private.json"), "second\n");
  struct stat status {};
  ASSERT_EQ(::stat(path("private.json").c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0600u);
  EXPECT_EQ(read(path("private.json")), "second\n");
}

// /dev/stdout and links like it lead to a process's descriptor: refused, nothing replaced.
TEST_F(FileOutput, LinksThroughProcAreRefused) {
  fs::create_symlink("/proc/self/fd/1", path("out"));
  EXPECT_THROW(write_file_atomically(path("out"), "x"), Error);
  EXPECT_THROW(check_writable(path("out")), UsageError);
  EXPECT_TRUE(fs::is_symlink(path("out")));
  EXPECT_EQ(entry_count(), 1u);
  if (fs::is_symlink("/dev/stdout")) {
    EXPECT_THROW(check_writable("/dev/stdout"), UsageError);
  }
}

TEST_F(FileOutput, RequireFreeSpaceRefusesWhatCannotFit) {
  require_free_space(directory_.string(), 1, "one byte");
  const std::string message = testing::error_of([&] {
    require_free_space(directory_.string(), std::int64_t{1} << 62, "the edge file");
  });
  EXPECT_NE(message.find("the edge file needs 4611686018427387904 bytes"), std::string::npos) << message;
  EXPECT_NE(message.find("free"), std::string::npos) << message;
  EXPECT_EQ(entry_count(), 0u);
}

}  // namespace
}  // namespace semibfs
