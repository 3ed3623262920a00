// Reader names parsed and make_reader's choice: io_uring where it works, the pread pool otherwise.
#include "io/io_kind.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "support/pattern_file.hpp"

namespace semibfs {
namespace {

using testing::ScratchDirectory;
using testing::write_pattern_file;

TEST(StorageIoKind, ParsesTheThreeNames) {
  EXPECT_EQ(parse_io_kind("auto"), IoKind::kAuto);
  EXPECT_EQ(parse_io_kind("uring"), IoKind::kUring);
  EXPECT_EQ(parse_io_kind("pread"), IoKind::kPread);
  for (IoKind kind : {IoKind::kAuto, IoKind::kUring, IoKind::kPread}) {
    EXPECT_EQ(parse_io_kind(io_kind_name(kind)), kind);
  }
}

TEST(StorageIoKind, UnknownNameIsAUsageError) {
  try {
    parse_io_kind("aio");
    FAIL() << "accepted --io aio";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("'aio'"), std::string::npos) << error.what();
  }
  EXPECT_THROW(parse_io_kind(""), UsageError);
  EXPECT_THROW(parse_io_kind("URING"), UsageError);
}

class StorageReaderChoice : public ::testing::Test {
 protected:
  void SetUp() override { write_pattern_file(path_, 8192); }
  static std::unique_ptr<AsyncReader> refuse(const std::string&, const ReaderOptions&) {
    throw ReaderUnavailable("io_uring refused by the kernel: Operation not permitted");
  }
  ScratchDirectory directory_;
  std::string path_ = directory_.file("data");
};

TEST_F(StorageReaderChoice, PreadWhenAsked) {
  std::ostringstream notes;
  auto reader = make_reader(IoKind::kPread, path_, {}, refuse, notes);
  EXPECT_EQ(reader->name(), "pread");
  EXPECT_TRUE(notes.str().empty());
}

TEST_F(StorageReaderChoice, AutoFallsBackToPreadWithOneNote) {
  std::ostringstream notes;
  auto reader = make_reader(IoKind::kAuto, path_, {}, refuse, notes);
  EXPECT_EQ(reader->name(), "pread");
  const std::string note = notes.str();
  EXPECT_NE(note.find("io_uring refused"), std::string::npos) << note;
  EXPECT_NE(note.find("pread"), std::string::npos) << note;
  EXPECT_EQ(std::count(note.begin(), note.end(), '\n'), 1) << note;
}

TEST_F(StorageReaderChoice, ForcedUringRefusedIsAnError) {
  std::ostringstream notes;
  try {
    make_reader(IoKind::kUring, path_, {}, refuse, notes);
    FAIL() << "forced io_uring fell back";
  } catch (const ReaderUnavailable& error) {
    EXPECT_NE(std::string(error.what()).find("pread readers work without it"), std::string::npos) << error.what();
  }
}

TEST_F(StorageReaderChoice, AutoTakesUringWhereItWorks) {
  if (!uring_compiled_in()) {
    EXPECT_EQ(make_reader(IoKind::kAuto, path_)->name(), "pread");
    EXPECT_THROW(make_reader(IoKind::kUring, path_), ReaderUnavailable);
    return;
  }
  std::unique_ptr<AsyncReader> forced;
  try {
    forced = make_reader(IoKind::kUring, path_);
  } catch (const ReaderUnavailable& refusal) {
    EXPECT_EQ(make_reader(IoKind::kAuto, path_)->name(), "pread");
    GTEST_SKIP() << "this kernel refuses io_uring: " << refusal.what();
  }
  EXPECT_EQ(forced->name(), "io_uring");
  EXPECT_EQ(make_reader(IoKind::kAuto, path_)->name(), "io_uring");
}

TEST_F(StorageReaderChoice, MissingFileIsAnErrorNotAFallback) {
  const std::string missing = directory_.file("missing.bin");
  for (IoKind kind : {IoKind::kAuto, IoKind::kPread}) {
    std::ostringstream notes;
    try {
      make_reader(kind, missing, {}, refuse, notes);
      FAIL() << "opened a missing file";
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find(missing), std::string::npos) << error.what();
    }
  }
  if (uring_compiled_in()) {
    try {
      make_reader(IoKind::kUring, missing);
      FAIL() << "opened a missing file";
    } catch (const ReaderUnavailable&) {
      GTEST_SKIP() << "this kernel refuses io_uring";
    } catch (const Error& error) {
      EXPECT_NE(std::string(error.what()).find(missing), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace semibfs
