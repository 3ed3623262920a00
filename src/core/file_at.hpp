// A file read at offsets in whole values: a store's or a scratch file's arrays read piece by piece
// (the list weight pass, a rank's share of the input tuples and their weights).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"

namespace semibfs {

// Whole reads or a semibfs::Error naming the file.
class FileAt {
 public:
  explicit FileAt(std::string path) : path_(std::move(path)) {
    std::string problem;
    descriptor_ = open_regular_file(path_, problem);
    if (descriptor_ < 0) throw Error("cannot open '" + path_ + "': " + problem);
  }
  ~FileAt() { ::close(descriptor_); }
  FileAt(const FileAt&) = delete;
  FileAt& operator=(const FileAt&) = delete;

  const std::string& path() const { return path_; }
  std::int64_t size() const { return static_cast<std::int64_t>(::lseek(descriptor_, 0, SEEK_END)); }
  // Values [first, first + into.size()) of the file read as an array of T.
  template <typename T>
  void read(std::int64_t first, std::span<T> into) const {
    const std::span<std::byte> bytes = std::as_writable_bytes(into);
    if (read_all_at(descriptor_, first * static_cast<std::int64_t>(sizeof(T)), bytes) !=
        static_cast<std::int64_t>(bytes.size())) {
      throw Error("cannot read '" + path_ + "' whole (was it changed or truncated while it was read?)");
    }
  }

 private:
  std::string path_;
  int descriptor_ = -1;
};

}  // namespace semibfs
