// Where a graph file's bytes come from: a file (read(2) in large requests), a block of memory (the
// fuzzers and tests), and a wrapper that lets the format detection look at the first bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace semibfs {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Copies up to `size` bytes into `buffer`; returns 0 only at the end of the input.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  // The total byte count when it is known before reading (a regular file, memory).
  virtual std::optional<std::uint64_t> size() const { return std::nullopt; }
};

// Opens `path` for sequential reading; throws Error naming the path when it cannot be opened or is
// a directory (saying to give `what` instead). Pipes and devices work too (size() is then unknown).
std::unique_ptr<ByteSource> open_file_source(const std::string& path, const std::string& what = "a graph file");

// The bytes of `bytes`, which must outlive the source.
std::unique_ptr<ByteSource> make_memory_source(std::string_view bytes);

// A source whose first bytes can be looked at before they are read.
class PeekableSource final : public ByteSource {
 public:
  explicit PeekableSource(std::unique_ptr<ByteSource> inner) : inner_(std::move(inner)) {}
  // At least the first `bytes` bytes, or all of them when the input is shorter; not consumed.
  std::string_view peek(std::size_t bytes);
  std::size_t read(char* buffer, std::size_t size) override;
  std::optional<std::uint64_t> size() const override { return inner_->size(); }

 private:
  std::unique_ptr<ByteSource> inner_;
  std::string head_;  // bytes taken from inner_ by peek() and not yet read
  std::size_t head_read_ = 0;
};

}  // namespace semibfs
