// A byte source that counts the bytes read through it: the progress of a pass over a graph file,
// in bytes of the file as stored (compressed bytes when the counter sits below the gzip source).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "formats/byte_source.hpp"

namespace semibfs {

class CountingSource final : public ByteSource {
 public:
  // `count` (the caller's, which must outlive the source) grows by every byte read.
  CountingSource(std::unique_ptr<ByteSource> inner, std::uint64_t& count) : inner_(std::move(inner)), count_(count) {}

  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t got = inner_->read(buffer, size);
    count_ += got;
    return got;
  }
  std::optional<std::uint64_t> size() const override { return inner_->size(); }

 private:
  std::unique_ptr<ByteSource> inner_;
  std::uint64_t& count_;
};

}  // namespace semibfs
