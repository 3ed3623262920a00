// Cutting lines out of a buffer refilled in large reads; the tail of a line moves to the front.
#include "formats/text_lines.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "core/error.hpp"

namespace semibfs {

TextLines::TextLines(std::unique_ptr<ByteSource> source, std::string name, std::size_t read_bytes,
                     std::string binary_hint)
    : source_(std::move(source)),
      name_(std::move(name)),
      binary_hint_(std::move(binary_hint)),
      read_bytes_(std::max<std::size_t>(read_bytes, 1)),
      buffer_(read_bytes_) {}

bool TextLines::next(std::string_view& line) {
  for (;;) {
    const char* start = buffer_.data() + begin_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
    std::size_t length = 0;
    if (newline != nullptr) {
      length = static_cast<std::size_t>(newline - start);
      begin_ += length + 1;
    } else if (source_ended_) {
      if (begin_ == end_) return false;
      length = end_ - begin_;  // the last line has no line end
      begin_ = end_;
    } else {
      refill();
      continue;
    }
    ++line_number_;
    if (length > kMaxLineBytes) fail_long_line(std::string_view(start, length));
    if (length > 0 && start[length - 1] == '\r') --length;
    line = std::string_view(start, length);
    // Editors on Windows start UTF-8 files with a byte-order mark; it is no part of the first line.
    if (line_number_ == 1 && line.starts_with(kUtf8ByteOrderMark)) line.remove_prefix(kUtf8ByteOrderMark.size());
    return true;
  }
}

void TextLines::refill() {
  const std::size_t kept = end_ - begin_;
  if (kept > kMaxLineBytes) {
    ++line_number_;
    fail_long_line(std::string_view(buffer_.data() + begin_, kept));
  }
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, kept);
    begin_ = 0;
    end_ = kept;
  }
  // The buffer grows only while one line is longer than a read.
  if (buffer_.size() - end_ < read_bytes_ / 2 + 1) buffer_.resize(end_ + read_bytes_);
  const std::size_t count = source_->read(buffer_.data() + end_, buffer_.size() - end_);
  end_ += count;
  source_ended_ = count == 0;
}

void TextLines::fail(const std::string& what, std::string_view line, const std::string& what_to_do) const {
  throw Error("cannot read '" + name_ + "' line " + std::to_string(line_number_) + ": " + what + ": " +
              excerpt(line) + " (" + what_to_do + ")");
}

void TextLines::fail_long_line(std::string_view start) const {
  fail("a line longer than 1 MiB", start, binary_hint_);
}

void TextLines::fail_file(const std::string& what, const std::string& what_to_do) const {
  throw Error("cannot read '" + name_ + "': " + what + " (" + what_to_do + ")");
}

std::string excerpt(std::string_view text) {
  constexpr std::size_t kShownCharacters = 60;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string quoted = "'";
  for (const char c : text.substr(0, kShownCharacters)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) {
      quoted += "\\x";
      quoted += kHex[byte >> 4];
      quoted += kHex[byte & 0xf];
    } else {
      quoted += c;
    }
  }
  quoted += text.size() > kShownCharacters ? "'..." : "'";
  return quoted;
}

}  // namespace semibfs
