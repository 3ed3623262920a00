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

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/temporary_name.hpp"

namespace semibfs {

RemovedUnlessKept::~RemovedUnlessKept() {
  std::error_code ignored;
  if (!kept_) std::filesystem::remove(path_, ignored);
}

namespace {

std::string directory_of(const std::string& path) {
  const std::string parent = std::filesystem::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// Links are followed to the file they name, so a link to a result file is written through, not
// replaced; a chain through /proc (e.g. /dev/stdout) names a process's descriptor, never a file.
constexpr int kMaxLinks = 40;

struct Target {
  std::string path;    // where the file is written: `path` with its links followed
  std::string reason;  // why nothing may be written there; empty when it may
};

Target resolve_links(const std::string& path) {
  std::filesystem::path current = path;
  for (int links = 0; links < kMaxLinks; ++links) {
    if (current.string().starts_with("/proc/")) {
      return {current.string(), "it leads to a process's file descriptor (give '-' for stdout)"};
    }
    std::error_code error;
    if (!std::filesystem::is_symlink(std::filesystem::symlink_status(current, error))) return {current.string(), ""};
    const std::filesystem::path next = std::filesystem::read_symlink(current, error);
    if (error) return {current.string(), "its link cannot be read: " + error.message()};
    current = next.is_absolute() ? next : current.parent_path() / next;
  }
  return {path, "it is a chain of more than 40 links"};
}

}  // namespace

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

namespace {

[[noreturn]] void fail_write(const std::string& path, const char* step, int error_number) {
  throw Error("cannot write " + quoted(path) + ": " + step + " failed: " +
              std::strerror(error_number) +
              " (check that the directory exists, is writable and has free space)");
}

// The rename must land in the directory on disk too; failure here is not worth an error.
void sync_directory(const std::string& directory) {
  const int descriptor = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor < 0) return;
  ::fsync(descriptor);
  ::close(descriptor);
}

// Where `path` is written, or why it may not be: a directory or another non-regular file is never
// replaced by a regular file.
Target output_target(const std::string& path) {
  if (path.empty()) return {path, "the file name is empty"};
  Target target = resolve_links(path);
  if (!target.reason.empty()) return target;
  struct stat status {};
  if (::stat(target.path.c_str(), &status) != 0) return target;
  if (S_ISDIR(status.st_mode)) target.reason = "it is a directory (give a file name)";
  if (!S_ISREG(status.st_mode) && !S_ISDIR(status.st_mode)) {
    target.reason = "it exists and is not a regular file (give a file name, or '-' for stdout)";
  }
  return target;
}

// A replaced file keeps its permission bits (a private 600 result stays private).
void keep_mode(const std::string& replaced, int descriptor) {
  struct stat status {};
  if (::stat(replaced.c_str(), &status) == 0) ::fchmod(descriptor, status.st_mode & 07777);
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& contents) {
  write_file_atomically(path, std::as_bytes(std::span<const char>(contents.data(), contents.size())));
}

AtomicFileWriter::AtomicFileWriter(const std::string& path) : path_(path) {
  const Target target = output_target(path);
  if (!target.reason.empty()) throw Error("cannot write " + quoted(path) + ": " + target.reason);
  target_ = target.path;
  remove_stale_temporaries_of(target_);
  temporary_ = std::make_unique<TemporaryFile>(temporary_path(target_));
  if (!temporary_->opened()) fail_write(temporary_->path(), "creating the file", errno);
  keep_mode(target_, temporary_->descriptor());
}

AtomicFileWriter::~AtomicFileWriter() = default;

// Every large write goes through here: a safe point to stop at on SIGINT or SIGTERM.
void AtomicFileWriter::append(std::span<const std::byte> bytes) {
  throw_if_interrupted();
  if (!write_all(temporary_->descriptor(), bytes)) fail_write(temporary_->path(), "write", errno);
}

void AtomicFileWriter::commit() {
  if (::fsync(temporary_->descriptor()) != 0) fail_write(temporary_->path(), "fsync", errno);
  if (!temporary_->close()) fail_write(temporary_->path(), "close", errno);
  if (::rename(temporary_->path().c_str(), target_.c_str()) != 0) fail_write(path_, "rename", errno);
  temporary_->commit();
  sync_directory(directory_of(target_));
}

void flush_stream(std::FILE* stream, const std::string& name, int write_errno) {
  errno = 0;
  if (std::fflush(stream) != 0 || std::ferror(stream)) {
    const int error = errno != 0 ? errno : write_errno;
    std::clearerr(stream);
    throw Error("cannot write to " + name + ": " + (error != 0 ? std::strerror(error) : "write error") +
                " (the results are lost; check the disk or the pipe it goes to)");
  }
}

bool is_null_device(const std::string& path) {
  struct stat status {}, null_device {};
  return ::stat(path.c_str(), &status) == 0 && S_ISCHR(status.st_mode) && ::stat("/dev/null", &null_device) == 0 &&
         status.st_rdev == null_device.st_rdev;
}

std::string resolved_output_path(const std::string& path) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(resolve_links(path).path, error);
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(absolute, error);
  return error ? absolute.lexically_normal().string() : resolved.string();
}

OutputFile::OutputFile(const std::string& path) : name_(is_stdout(path) ? "stdout" : path) {
  if (is_stdout(path)) {
    stream_ = stdout;
  } else if (!is_null_device(path)) {
    file_ = std::make_unique<AtomicFileWriter>(path);
  }
}

OutputFile::OutputFile(std::FILE* stream, std::string name) : name_(std::move(name)), stream_(stream) {}

void OutputFile::append(std::span<const std::byte> bytes) {
  if (file_) return file_->append(bytes);
  if (bytes.empty() || stream_ == nullptr) return;  // fwrite may not be handed the null pointer of an empty span
  if (std::fwrite(bytes.data(), 1, bytes.size(), stream_) != bytes.size()) flush_stream(stream_, name_, errno);
}

void OutputFile::commit() {
  if (file_) return file_->commit();
  if (stream_ != nullptr) flush_stream(stream_, name_);
}

void write_output(const std::string& path, const std::string& contents) {
  OutputFile output(path);
  output.append(std::as_bytes(std::span<const char>(contents.data(), contents.size())));
  output.commit();
}

void write_file_atomically(const std::string& path, std::span<const std::byte> contents) {
  AtomicFileWriter file(path);
  file.append(contents);
  file.commit();
}

void require_free_space(const std::string& directory, std::int64_t bytes, const std::string& what) {
  std::error_code error;
  const std::filesystem::space_info space = std::filesystem::space(directory, error);
  if (error) return;  // unknown: the writes themselves will report a full disk
  if (static_cast<std::uintmax_t>(bytes) > space.available) {
    throw Error(what + " needs " + std::to_string(bytes) + " bytes but " + quoted(directory) + " has " +
                std::to_string(space.available) + " free (free some space or choose another directory)");
  }
}

void check_writable(const std::string& path) {
  if (is_stdout(path) || is_null_device(path)) return;
  const Target target = output_target(path);
  if (!target.reason.empty()) throw UsageError("cannot write " + quoted(path) + ": " + target.reason);
  const std::string directory = directory_of(target.path);
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
  TemporaryFile probe(probe_path(target.path));
  if (!probe.opened()) {
    throw UsageError("cannot write " + quoted(path) + ": cannot create files in " +
                     quoted(directory) + ": " + std::strerror(errno) +
                     " (choose a writable directory)");
  }
}

}  // namespace semibfs
