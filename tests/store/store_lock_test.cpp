// One writer per store, any number of readers; a conflict is one error at once naming the holder.
#include "store/store_lock.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

class StoreLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() / ("semibfs-lock-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }
  std::string dir() const { return directory_.string(); }
  fs::path directory_;
};

TEST_F(StoreLockTest, ReadersShareAWriterIsAlone) {
  {
    const StoreLock first(dir(), StoreLock::Mode::kRead);
    const StoreLock second(dir(), StoreLock::Mode::kRead);
    EXPECT_THAT(testing::error_of([&] { StoreLock writer(dir(), StoreLock::Mode::kWrite); }),
                ::testing::HasSubstr("is in use by"));
  }
  const StoreLock writer(dir(), StoreLock::Mode::kWrite);
  EXPECT_THROW(StoreLock(dir(), StoreLock::Mode::kRead), Error);
  EXPECT_THROW(StoreLock(dir(), StoreLock::Mode::kWrite), Error);
}

TEST_F(StoreLockTest, HoldersAreListedWithTheirAccess) {
  EXPECT_TRUE(store_lock_holders(dir()).empty());
  const StoreLock writer(dir(), StoreLock::Mode::kWrite);
  const std::vector<LockHolder> holders = store_lock_holders(dir());
  ASSERT_EQ(holders.size(), 1u);
  EXPECT_EQ(holders.front().pid, static_cast<int>(::getpid()));
  EXPECT_TRUE(holders.front().writes);
}

TEST_F(StoreLockTest, AMissingDirectoryIsNotLockedByLockExistingStore) {
  EXPECT_EQ(lock_existing_store((directory_ / "missing").string(), StoreLock::Mode::kRead), nullptr);
  EXPECT_NE(lock_existing_store(dir(), StoreLock::Mode::kRead), nullptr);
  EXPECT_THROW(StoreLock((directory_ / "missing").string(), StoreLock::Mode::kWrite), Error);
}

}  // namespace
}  // namespace semibfs
