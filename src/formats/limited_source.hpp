// A byte source with a most-bytes limit, for input whose size is not known before reading (a pipe,
// a device such as /dev/zero): endless input becomes one error instead of a full disk.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "formats/byte_source.hpp"

namespace semibfs {

// 1 TiB: more than any graph file we know of, far less than an endless device fills.
inline constexpr std::uint64_t kDefaultMaxInputBytes = std::uint64_t{1} << 40;

class LimitedSource final : public ByteSource {
 public:
  // Throws semibfs::Error naming `name` once more than `max_bytes` bytes have come from `inner`.
  LimitedSource(std::unique_ptr<ByteSource> inner, std::string name, std::uint64_t max_bytes)
      : inner_(std::move(inner)), name_(std::move(name)), max_bytes_(max_bytes) {}

  std::size_t read(char* buffer, std::size_t size) override;
  std::optional<std::uint64_t> size() const override { return inner_->size(); }

 private:
  std::unique_ptr<ByteSource> inner_;
  std::string name_;
  std::uint64_t max_bytes_;
  std::uint64_t read_ = 0;
};

// `source` itself when its size is known (a regular file), else wrapped in a LimitedSource.
std::unique_ptr<ByteSource> limit_unsized(std::unique_ptr<ByteSource> source, const std::string& name,
                                          std::uint64_t max_bytes);

}  // namespace semibfs
