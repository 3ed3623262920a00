// An owning byte buffer aligned to the 4 KiB block that O_DIRECT reads need, with the block
// arithmetic the readers use to round a request out to whole blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace semibfs {

// The unit of O_DIRECT transfers: offsets, lengths and buffer addresses are multiples of it
// (4 KiB covers devices with 512-byte and 4 KiB logical blocks).
inline constexpr std::uint64_t kBlockBytes = 4096;

constexpr std::uint64_t round_down_to_block(std::uint64_t bytes) { return bytes / kBlockBytes * kBlockBytes; }
constexpr std::uint64_t round_up_to_block(std::uint64_t bytes) {
  return (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
}
constexpr bool is_block_aligned(std::uint64_t bytes) { return bytes % kBlockBytes == 0; }
inline bool is_block_aligned(const void* address) {
  return reinterpret_cast<std::uintptr_t>(address) % kBlockBytes == 0;
}

// Move-only; the size is rounded up to whole blocks so the whole buffer can be a read target.
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  explicit AlignedBuffer(std::uint64_t bytes) {
    // Beyond any address space (and rounding would wrap): refused before asking the allocator.
    constexpr std::uint64_t kLargestBuffer = std::uint64_t{1} << 47;
    if (bytes > kLargestBuffer) {
      throw Error("cannot allocate an aligned buffer of " + std::to_string(bytes) +
                  " bytes (more than any address space; is a size corrupt?)");
    }
    size_ = round_up_to_block(bytes);
    if (size_ == 0) return;
    data_ = static_cast<std::byte*>(
        ::operator new(static_cast<std::size_t>(size_), std::align_val_t{kBlockBytes}, std::nothrow));
    if (data_ == nullptr) {
      throw Error("cannot allocate an aligned buffer of " + std::to_string(size_) +
                  " bytes (out of memory)");
    }
  }
  AlignedBuffer(AlignedBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  AlignedBuffer& operator=(AlignedBuffer&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  ~AlignedBuffer() { release(); }

  std::byte* data() { return data_; }
  const std::byte* data() const { return data_; }
  std::uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  void release() {
    if (data_ != nullptr) ::operator delete(data_, std::align_val_t{kBlockBytes});
    data_ = nullptr;
    size_ = 0;
  }

  std::byte* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace semibfs
