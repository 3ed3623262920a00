#include "edges/packed_edge_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

constexpr auto kEdgeBytes = static_cast<std::int64_t>(sizeof(PackedEdge));

}  // namespace

PackedEdgeFile::PackedEdgeFile(std::string path) : path_(std::move(path)) {
  descriptor_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor_ < 0) throw Error("cannot open edge file '" + path_ + "': " + std::strerror(errno));
  struct stat status {};
  if (::fstat(descriptor_, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(descriptor_);
    throw Error("edge file '" + path_ + "' is not a regular file");
  }
  if (status.st_size % kEdgeBytes != 0) {
    ::close(descriptor_);
    throw Error("edge file '" + path_ + "' has " + std::to_string(status.st_size) +
                " bytes, not a multiple of the 12-byte packed edge (is it a packed48 file, and whole?)");
  }
  num_edges_ = status.st_size / kEdgeBytes;
  ::posix_fadvise(descriptor_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

PackedEdgeFile::~PackedEdgeFile() { ::close(descriptor_); }

void PackedEdgeFile::read(std::int64_t first, std::span<PackedEdge> into) const {
  const std::span<std::byte> bytes = std::as_writable_bytes(into);
  const std::int64_t got = read_all_at(descriptor_, first * kEdgeBytes, bytes);
  if (got < 0) {
    throw Error("cannot read edge file '" + path_ + "' at edge " + std::to_string(first) + ": " + std::strerror(errno));
  }
  if (got != static_cast<std::int64_t>(bytes.size())) {
    throw Error("edge file '" + path_ + "' ended at byte " + std::to_string(first * kEdgeBytes + got) +
                " while being read (was it changed or truncated?)");
  }
}

}  // namespace semibfs
