// O_DIRECT first, buffered when the filesystem refuses it: some refuse at open (EINVAL), others
// accept the flag and refuse the first aligned read, so one block is read to find out.
#include "io/block_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "io/aligned_buffer.hpp"

namespace semibfs {
namespace {

std::string remedy_for(int error_number) {
  switch (error_number) {
    case ENOENT: return "check the path and the store directory";
    case EACCES:
    case EPERM: return "make the file readable by this user";
    case EISDIR: return "give a file, not a directory";
    case EMFILE:
    case ENFILE: return "raise the open-file limit (ulimit -n)";
    default: return "check the file and the filesystem it is on";
  }
}

[[noreturn]] void throw_open_error(const std::string& path, int error_number) {
  throw Error("cannot open " + path + " for reading: " + std::strerror(error_number) + " (" +
              remedy_for(error_number) + ")");
}

// True when an aligned O_DIRECT read of the first block works (or the file is empty).
bool direct_read_works(int descriptor, std::uint64_t size) {
  if (size == 0) return true;
  AlignedBuffer block(kBlockBytes);
  ssize_t result;
  do {
    result = ::pread(descriptor, block.data(), kBlockBytes, 0);
  } while (result < 0 && errno == EINTR);
  return result >= 0;
}

}  // namespace

BlockFile::BlockFile(const std::string& path, bool allow_direct) : path_(path) {
  if (allow_direct) {
    descriptor_ = ::open(path.c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC);
    if (descriptor_ < 0 && errno != EINVAL) throw_open_error(path, errno);
    direct_ = descriptor_ >= 0;
  }
  if (descriptor_ < 0) descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor_ < 0) throw_open_error(path, errno);

  struct stat status {};
  if (::fstat(descriptor_, &status) != 0) {
    const int error_number = errno;
    close_descriptor();
    throw_open_error(path, error_number);
  }
  if (S_ISDIR(status.st_mode)) {
    close_descriptor();
    throw_open_error(path, EISDIR);
  }
  size_ = static_cast<std::uint64_t>(status.st_size);

  if (direct_ && !direct_read_works(descriptor_, size_)) {
    close_descriptor();
    direct_ = false;
    descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor_ < 0) throw_open_error(path, errno);
  }
}

BlockFile::BlockFile(BlockFile&& other) noexcept
    : path_(std::move(other.path_)),
      descriptor_(std::exchange(other.descriptor_, -1)),
      size_(other.size_),
      direct_(other.direct_) {}

BlockFile& BlockFile::operator=(BlockFile&& other) noexcept {
  if (this != &other) {
    close_descriptor();
    path_ = std::move(other.path_);
    descriptor_ = std::exchange(other.descriptor_, -1);
    size_ = other.size_;
    direct_ = other.direct_;
  }
  return *this;
}

BlockFile::~BlockFile() { close_descriptor(); }

void BlockFile::close_descriptor() {
  if (descriptor_ >= 0) ::close(descriptor_);
  descriptor_ = -1;
}

}  // namespace semibfs

namespace semibfs {

std::span<const std::byte> read_range(const BlockFile& file, AlignedBuffer& buffer, std::uint64_t begin,
                                      std::uint64_t length) {
  const std::uint64_t end = begin + length;
  const std::uint64_t from = file.direct() ? round_down_to_block(begin) : begin;
  const std::uint64_t to = file.direct() ? round_up_to_block(end) : end;
  if (to - from > buffer.size()) buffer = AlignedBuffer(to - from);
  const std::int64_t got = read_all_at(file.descriptor(), static_cast<std::int64_t>(from),
                                       std::span<std::byte>(buffer.data(), static_cast<std::size_t>(to - from)));
  if (got < static_cast<std::int64_t>(end - from)) {
    throw Error("cannot read bytes " + std::to_string(begin) + ".." + std::to_string(end) + " of '" + file.path() +
                "': " + (got < 0 ? std::strerror(errno) : std::string("the file ends before them")) +
                " (is the store complete? check it with 'semibfs info')");
  }
  return {buffer.data() + (begin - from), static_cast<std::size_t>(length)};
}

}  // namespace semibfs
