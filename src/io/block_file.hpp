// A file opened for block reads: O_DIRECT where the filesystem allows it (reads bypass the page
// cache, so what a run measures is the device), buffered reads where it does not (tmpfs, some
// network and FUSE filesystems), with the choice queryable.
#pragma once

#include <cstdint>
#include <string>

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

}  // namespace semibfs
