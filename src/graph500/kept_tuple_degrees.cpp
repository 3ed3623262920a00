#include "graph500/kept_tuple_degrees.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/temporary_name.hpp"

namespace semibfs {
namespace {

constexpr const char* kFileName = "kept-tuple-degrees";

// splitmix64's finaliser: every bit of the input moves about half the output's.
std::uint64_t mixed(std::uint64_t value) {
  value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ull;
  value = (value ^ (value >> 27)) * 0x94D049BB133111EBull;
  return value ^ (value >> 31);
}

[[noreturn]] void throw_unkept(const std::string& path, const std::string& why) {
  throw Error("validation: the tuple degrees counted at the open cannot be trusted: '" + path + "' " + why +
              "; was the store's directory changed during the run? Run again");
}

// This process's file, the ones of processes that no longer run removed first.
std::string cleared_path_in(const std::string& directory) {
  remove_stale_temporaries_of((std::filesystem::path(directory) / kFileName).string());
  return KeptTupleDegrees::file_path_in(directory);
}

}  // namespace

std::string KeptTupleDegrees::file_path_in(const std::string& directory) {
  return temporary_path((std::filesystem::path(directory) / kFileName).string());
}

std::uint64_t KeptTupleDegrees::digest_of(std::span<const std::uint32_t> degrees) {
  const auto size = std::ssize(degrees);
  std::uint64_t digest = 0;
#pragma omp parallel for schedule(static) reduction(+ : digest)
  for (std::int64_t v = 0; v < size; ++v) {
    digest += mixed(static_cast<std::uint64_t>(v) << 32 | degrees[static_cast<std::size_t>(v)]);
  }
  return digest;
}

KeptTupleDegrees::KeptTupleDegrees(const std::string& directory, std::span<const std::uint32_t> degrees)
    : file_(cleared_path_in(directory)),
      num_vertices_(std::ssize(degrees)),
      digest_(digest_of(degrees)) {
  const int descriptor = ::open(file_.path().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  const bool written = descriptor >= 0 && write_all(descriptor, std::as_bytes(degrees));
  const int error = errno;
  if (descriptor >= 0) ::close(descriptor);
  if (!written) {
    throw Error("cannot write the tuple degrees to '" + file_.path() + "': " + std::strerror(error));
  }
}

std::vector<std::uint32_t> KeptTupleDegrees::read() const {
  std::string problem;
  const int descriptor = open_regular_file(file_.path(), problem);
  if (descriptor < 0) throw_unkept(file_.path(), "cannot be read: " + problem);
  std::vector<std::uint32_t> degrees(static_cast<std::size_t>(num_vertices_) + 1);  // one more: a longer file shows
  const std::int64_t read = read_all_at(descriptor, 0, std::as_writable_bytes(std::span(degrees)));
  const int error = errno;
  ::close(descriptor);
  if (read < 0) throw_unkept(file_.path(), std::string("cannot be read: ") + std::strerror(error));
  if (read != num_vertices_ * static_cast<std::int64_t>(sizeof(std::uint32_t))) {
    throw_unkept(file_.path(), "has " + std::to_string(read) + " bytes, not the " +
                                   std::to_string(num_vertices_ * 4) + " written");
  }
  degrees.pop_back();
  if (digest_of(degrees) != digest_) throw_unkept(file_.path(), "holds other counts than were written");
  return degrees;
}

}  // namespace semibfs
