// File and memory byte sources: read(2) in the caller's large requests, with EINTR retried.
#include "formats/byte_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/error.hpp"

namespace semibfs {
namespace {

class FileSource final : public ByteSource {
 public:
  FileSource(const std::string& path, const std::string& what) : path_(path) {
    descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor_ < 0) {
      throw Error("cannot open '" + path + "': " + std::strerror(errno) + " (check the path)");
    }
    struct stat status {};
    if (::fstat(descriptor_, &status) == 0) {
      if (S_ISDIR(status.st_mode)) {
        ::close(descriptor_);
        throw Error("cannot read '" + path + "': it is a directory (give " + what + ")");
      }
      if (S_ISREG(status.st_mode)) size_ = static_cast<std::uint64_t>(status.st_size);
    }
    ::posix_fadvise(descriptor_, 0, 0, POSIX_FADV_SEQUENTIAL);
  }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;
  ~FileSource() override { ::close(descriptor_); }

  std::size_t read(char* buffer, std::size_t size) override {
    for (;;) {
      const ssize_t count = ::read(descriptor_, buffer, size);
      if (count >= 0) return static_cast<std::size_t>(count);
      if (errno != EINTR) {
        throw Error("cannot read '" + path_ + "': " + std::strerror(errno) +
                    " (check the disk and the file)");
      }
    }
  }
  std::optional<std::uint64_t> size() const override { return size_; }

 private:
  std::string path_;
  int descriptor_ = -1;
  std::optional<std::uint64_t> size_;
};

class MemorySource final : public ByteSource {
 public:
  explicit MemorySource(std::string_view bytes) : bytes_(bytes) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t count = std::min(size, bytes_.size() - position_);
    if (count > 0) std::memcpy(buffer, bytes_.data() + position_, count);
    position_ += count;
    return count;
  }
  std::optional<std::uint64_t> size() const override { return bytes_.size(); }

 private:
  std::string_view bytes_;
  std::size_t position_ = 0;
};

}  // namespace

std::unique_ptr<ByteSource> open_file_source(const std::string& path, const std::string& what) {
  return std::make_unique<FileSource>(path, what);
}

std::unique_ptr<ByteSource> make_memory_source(std::string_view bytes) {
  return std::make_unique<MemorySource>(bytes);
}

std::string_view PeekableSource::peek(std::size_t bytes) {
  while (head_.size() - head_read_ < bytes) {
    const std::size_t old_size = head_.size();
    head_.resize(head_read_ + bytes);
    const std::size_t count = inner_->read(head_.data() + old_size, head_.size() - old_size);
    head_.resize(old_size + count);
    if (count == 0) break;
  }
  return std::string_view(head_).substr(head_read_);
}

std::size_t PeekableSource::read(char* buffer, std::size_t size) {
  if (head_read_ == head_.size()) return inner_->read(buffer, size);
  const std::size_t count = std::min(size, head_.size() - head_read_);
  std::memcpy(buffer, head_.data() + head_read_, count);
  head_read_ += count;
  return count;
}

}  // namespace semibfs
