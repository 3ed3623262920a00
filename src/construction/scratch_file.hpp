// A file for data spilled between passes of the external construction: unnamed (O_TMPFILE, or
// unlinked as soon as it is created), so that it disappears when closed or when the process dies
// and never lies in a directory beside a store.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace semibfs {

class ScratchFile {
 public:
  // In `directory` (on the disk that will hold the store); throws semibfs::Error when it cannot.
  explicit ScratchFile(const std::string& directory);
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile();

  void append(std::span<const std::byte> bytes);
  // Bytes [offset, offset + into.size()), which must have been appended.
  void read(std::int64_t offset, std::span<std::byte> into) const;
  std::int64_t size() const { return size_; }

 private:
  std::string directory_;
  int descriptor_ = -1;
  std::int64_t size_ = 0;
};

}  // namespace semibfs
