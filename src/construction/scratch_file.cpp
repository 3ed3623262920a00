#include "construction/scratch_file.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

// Where O_TMPFILE is refused (some filesystems), a named file removed at once does the same.
int open_unnamed(const std::string& directory) {
  const int descriptor = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (descriptor >= 0) return descriptor;
  std::string name = (std::filesystem::path(directory) / ".semibfs-scratch.XXXXXX").string();
  const int named = ::mkostemp(name.data(), O_CLOEXEC);
  if (named >= 0) ::unlink(name.c_str());
  return named;
}

}  // namespace

ScratchFile::ScratchFile(const std::string& directory) : directory_(directory), descriptor_(open_unnamed(directory)) {
  if (descriptor_ < 0) {
    throw Error("cannot create a scratch file in '" + directory + "': " + std::strerror(errno) +
                " (check that the directory is writable)");
  }
}

ScratchFile::~ScratchFile() { ::close(descriptor_); }

void ScratchFile::append(std::span<const std::byte> bytes) {
  if (!write_all(descriptor_, bytes)) {
    throw Error("cannot write the scratch file in '" + directory_ + "': " + std::strerror(errno) + " (check free space)");
  }
  size_ += static_cast<std::int64_t>(bytes.size());
}

void ScratchFile::read(std::int64_t offset, std::span<std::byte> into) const {
  if (read_all_at(descriptor_, offset, into) != static_cast<std::int64_t>(into.size())) {
    throw Error("cannot read the scratch file in '" + directory_ + "' at byte " + std::to_string(offset) + ": " +
                std::strerror(errno));
  }
}

}  // namespace semibfs
