// A file opened for block reads: O_DIRECT where the filesystem allows it (reads bypass the page
// cache, so what a run measures is the device), buffered reads where it does not (tmpfs, some
// network and FUSE filesystems), with the choice queryable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "io/aligned_buffer.hpp"

namespace semibfs {

class BlockFile {
 public:
  // Opens `path` read-only, with O_DIRECT unless `allow_direct` is false or the filesystem
  // refuses it. Throws semibfs::Error naming the path and the remedy when it cannot be opened.
  explicit BlockFile(const std::string& path, bool allow_direct = true);
  BlockFile(BlockFile&& other) noexcept;
  BlockFile& operator=(BlockFile&& other) noexcept;
  BlockFile(const BlockFile&) = delete;
  BlockFile& operator=(const BlockFile&) = delete;
  ~BlockFile();

  int descriptor() const { return descriptor_; }
  const std::string& path() const { return path_; }
  // Size in bytes when the file was opened.
  std::uint64_t size() const { return size_; }
  // True when reads bypass the page cache; reads must then be block aligned (aligned_buffer.hpp).
  bool direct() const { return direct_; }

 private:
  void close_descriptor();

  std::string path_;
  int descriptor_ = -1;
  std::uint64_t size_ = 0;
  bool direct_ = false;
};

// Bytes [begin, begin + length) of the file, read synchronously into `buffer` (through whole
// blocks when the file is read with O_DIRECT; the buffer grows when it is too small); valid until
// the buffer's next use. Throws semibfs::Error naming the file when they cannot be read whole.
std::span<const std::byte> read_range(const BlockFile& file, AlignedBuffer& buffer, std::uint64_t begin,
                                      std::uint64_t length);

}  // namespace semibfs
