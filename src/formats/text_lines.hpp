// The lines of a text graph file, cut from large buffered reads, with their numbers, and the one
// error format of the text readers: file, line number, what is wrong, the line itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "formats/byte_source.hpp"

namespace semibfs {

// No graph file has lines this long; a longer one is binary data read as text.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
// Skipped at the start of the first line.
inline constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

class TextLines {
 public:
  // Reads `source` in requests of `read_bytes`; `name` is the file name errors give, `binary_hint`
  // what to do about a line too long to be text (the graph readers': name a binary format).
  TextLines(std::unique_ptr<ByteSource> source, std::string name, std::size_t read_bytes,
            std::string binary_hint = "is it a binary file? name its format, g500-packed or g500-int64");

  // The next line without its "\n" or "\r\n"; false at the end. The view lasts until the next call.
  bool next(std::string_view& line);
  // 1-based number of the line next() returned last.
  std::uint64_t line_number() const { return line_number_; }
  const std::string& name() const { return name_; }

  // Throws Error: "cannot read 'NAME' line N: WHAT: 'LINE' (WHAT_TO_DO)".
  [[noreturn]] void fail(const std::string& what, std::string_view line, const std::string& what_to_do) const;
  // Throws Error about the file as a whole: "cannot read 'NAME': WHAT (WHAT_TO_DO)".
  [[noreturn]] void fail_file(const std::string& what, const std::string& what_to_do) const;

 private:
  void refill();
  [[noreturn]] void fail_long_line(std::string_view start) const;

  std::unique_ptr<ByteSource> source_;
  std::string name_;
  std::string binary_hint_;
  std::size_t read_bytes_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // first byte not yet returned
  std::size_t end_ = 0;    // one past the last byte read
  bool source_ended_ = false;
  std::uint64_t line_number_ = 0;
};

// `text` quoted for an error message: control bytes as \xHH, cut to 60 characters with "...".
std::string excerpt(std::string_view text);

}  // namespace semibfs
