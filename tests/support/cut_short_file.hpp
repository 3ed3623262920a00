// A file cut short for a test of failed reads, its whole copy kept beside it and put back by
// restore() (or when the test ends).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

namespace semibfs::testing {

class CutShortFile {
 public:
  CutShortFile(std::string path, std::uintmax_t bytes) : path_(std::move(path)), whole_(path_ + ".whole") {
    std::filesystem::copy_file(path_, whole_);
    std::filesystem::resize_file(path_, bytes);
  }
  CutShortFile(const CutShortFile&) = delete;
  CutShortFile& operator=(const CutShortFile&) = delete;
  ~CutShortFile() {
    std::error_code ignored;  // a destructor must not throw
    if (!restored_) std::filesystem::rename(whole_, path_, ignored);
  }
  void restore() {
    std::filesystem::rename(whole_, path_);
    restored_ = true;
  }

 private:
  std::string path_;
  std::string whole_;
  bool restored_ = false;
};

}  // namespace semibfs::testing
