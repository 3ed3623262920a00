// A file cut short for a test of failed reads, its whole copy kept beside it and written back by
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
    if (!restored_) put_back(ignored);
  }
  // Its bytes written back into the same file (a reader that opened it before reads them).
  void restore() {
    std::error_code error;
    put_back(error);
    if (error) throw std::filesystem::filesystem_error("cannot restore the file cut short", path_, error);
    restored_ = true;
  }

 private:
  void put_back(std::error_code& error) {
    std::filesystem::copy_file(whole_, path_, std::filesystem::copy_options::overwrite_existing, error);
    if (!error) std::filesystem::remove(whole_, error);
  }

  std::string path_;
  std::string whole_;
  bool restored_ = false;
};

}  // namespace semibfs::testing
