// Atomic file replacement: write a temporary file beside the target, fsync, rename(2) over it.
#include "core/file_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <span>
#include <utility>

#include "core/error.hpp"

namespace semibfs {
namespace {

std::string directory_of(const std::string& path) {
  const std::string parent = std::filesystem::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// A temporary file that is removed unless committed, so that every failure path cleans up.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string path) : path_(std::move(path)) {
    descriptor_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    created_ = descriptor_ >= 0;
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (descriptor_ >= 0) ::close(descriptor_);
    if (created_ && !committed_) ::unlink(path_.c_str());
  }

  bool opened() const { return created_; }
  int descriptor() const { return descriptor_; }
  const std::string& path() const { return path_; }
  // close(2) can report a delayed write error, so its result matters.
  bool close() {
    const int result = ::close(descriptor_);
    descriptor_ = -1;
    return result == 0;
  }
  void commit() { committed_ = true; }

 private:
  std::string path_;
  int descriptor_ = -1;
  bool created_ = false;
  bool committed_ = false;
};

[[noreturn]] void fail_write(const std::string& path, const char* step, int error_number) {
  throw Error("cannot write " + quoted(path) + ": " + step + " failed: " +
              std::strerror(error_number) +
              " (check that the directory exists, is writable and has free space)");
}

bool write_all(int descriptor, std::span<const std::byte> contents) {
  const auto* data = reinterpret_cast<const char*>(contents.data());
  std::size_t left = contents.size();
  while (left > 0) {
    const ssize_t written = ::write(descriptor, data, left);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  return true;
}

// The rename must land in the directory on disk too; failure here is not worth an error.
void sync_directory(const std::string& directory) {
  const int descriptor = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor < 0) return;
  ::fsync(descriptor);
  ::close(descriptor);
}

// A reason `path` must not be replaced by a regular file, or empty when it may be.
std::string unsuitable_target(const std::string& path) {
  if (path.empty()) return "the file name is empty";
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return {};
  if (S_ISDIR(status.st_mode)) return "it is a directory (give a file name)";
  if (!S_ISREG(status.st_mode)) return "it exists and is not a regular file (give a file name)";
  return {};
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& contents) {
  write_file_atomically(path, std::as_bytes(std::span<const char>(contents.data(), contents.size())));
}

void write_file_atomically(const std::string& path, std::span<const std::byte> contents) {
  const std::string reason = unsuitable_target(path);
  if (!reason.empty()) throw Error("cannot write " + quoted(path) + ": " + reason);
  TemporaryFile temporary(path + ".tmp." + std::to_string(::getpid()));
  if (!temporary.opened()) fail_write(temporary.path(), "creating the file", errno);
  if (!write_all(temporary.descriptor(), contents)) fail_write(temporary.path(), "write", errno);
  if (::fsync(temporary.descriptor()) != 0) fail_write(temporary.path(), "fsync", errno);
  if (!temporary.close()) fail_write(temporary.path(), "close", errno);
  if (::rename(temporary.path().c_str(), path.c_str()) != 0) fail_write(path, "rename", errno);
  temporary.commit();
  sync_directory(directory_of(path));
}

void check_writable(const std::string& path) {
  const std::string reason = unsuitable_target(path);
  if (!reason.empty()) throw UsageError("cannot write " + quoted(path) + ": " + reason);
  const std::string directory = directory_of(path);
  struct stat status {};
  if (::stat(directory.c_str(), &status) != 0) {
    throw UsageError("cannot write " + quoted(path) + ": directory " + quoted(directory) + ": " +
                     std::strerror(errno) + " (create it or choose another path)");
  }
  if (!S_ISDIR(status.st_mode)) {
    throw UsageError("cannot write " + quoted(path) + ": " + quoted(directory) +
                     " is not a directory (choose another path)");
  }
  // Creating a file is the only test that also covers read-only mounts and ACLs.
  TemporaryFile probe(path + ".probe." + std::to_string(::getpid()));
  if (!probe.opened()) {
    throw UsageError("cannot write " + quoted(path) + ": cannot create files in " +
                     quoted(directory) + ": " + std::strerror(errno) +
                     " (choose a writable directory)");
  }
}

}  // namespace semibfs
