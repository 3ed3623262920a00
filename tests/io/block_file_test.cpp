// BlockFile: opening, size, the O_DIRECT flag and the errors a user sees.
#include "io/block_file.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "core/error.hpp"
#include "support/pattern_file.hpp"

namespace semibfs {
namespace {

using testing::ScratchDirectory;
using testing::write_pattern_file;

TEST(StorageBlockFile, SizeOfAnUnalignedFile) {
  ScratchDirectory directory;
  const std::string path = directory.file("data");
  write_pattern_file(path, 12345);
  BlockFile file(path);
  EXPECT_EQ(file.size(), 12345u);
  EXPECT_EQ(file.path(), path);
  EXPECT_GE(file.descriptor(), 0);
}

TEST(StorageBlockFile, BufferedWhenDirectIsNotAllowed) {
  ScratchDirectory directory;
  const std::string path = directory.file("data");
  write_pattern_file(path, 4096);
  EXPECT_FALSE(BlockFile(path, false).direct());
}

TEST(StorageBlockFile, MissingFileNamesThePathAndTheRemedy) {
  ScratchDirectory directory;
  const std::string path = directory.file("absent.bin");
  try {
    BlockFile file(path);
    FAIL() << "opened a missing file";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find("No such file"), std::string::npos) << message;
    EXPECT_NE(message.find("check the path and the store directory"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(StorageBlockFile, DirectoryIsAnError) {
  ScratchDirectory directory;
  const std::string path = directory.file("sub");
  std::filesystem::create_directory(path);
  EXPECT_THROW(BlockFile{path}, Error);
}

TEST(StorageBlockFile, MovedFileKeepsItsDescriptor) {
  ScratchDirectory directory;
  const std::string path = directory.file("data");
  write_pattern_file(path, 100);
  BlockFile first(path);
  const int descriptor = first.descriptor();
  BlockFile second(std::move(first));
  EXPECT_EQ(second.descriptor(), descriptor);
  EXPECT_EQ(first.descriptor(), -1);  // NOLINT(bugprone-use-after-move)
}

}  // namespace
}  // namespace semibfs
