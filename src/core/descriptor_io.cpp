#include "core/descriptor_io.hpp"

#include <unistd.h>

#include <cerrno>

namespace semibfs {

bool write_all(int descriptor, std::span<const std::byte> bytes) {
  const std::byte* data = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t written = ::write(descriptor, data, left);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  return true;
}

std::int64_t read_all_at(int descriptor, std::int64_t offset, std::span<std::byte> into) {
  std::size_t done = 0;
  while (done < into.size()) {
    const ssize_t got = ::pread(descriptor, into.data() + done, into.size() - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return -1;
    if (got == 0) break;  // end of file
    done += static_cast<std::size_t>(got);
  }
  return static_cast<std::int64_t>(done);
}

}  // namespace semibfs
