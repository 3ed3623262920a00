// gzip through zlib's inflate, one compressed read of 1 MiB at a time; a stub without zlib.
#include "formats/gzip_source.hpp"

#include "core/error.hpp"
#include "formats/input_format.hpp"

#ifdef SEMIBFS_HAVE_ZLIB
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <vector>
#endif

namespace semibfs {

#ifdef SEMIBFS_HAVE_ZLIB

namespace {

constexpr std::size_t kCompressedReadBytes = std::size_t{1} << 20;

class GzipSource final : public ByteSource {
 public:
  GzipSource(std::unique_ptr<ByteSource> compressed, std::string name)
      : compressed_(std::move(compressed)), name_(std::move(name)), input_(kCompressedReadBytes) {
    // 15 + 16: the largest window, gzip framing only.
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) {
      throw Error("cannot decompress '" + name_ + "': zlib could not start (out of memory?)");
    }
  }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;
  ~GzipSource() override { inflateEnd(&stream_); }

  std::size_t read(char* buffer, std::size_t size) override {
    const auto requested = static_cast<uInt>(std::min<std::size_t>(size, UINT_MAX));
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = requested;
    while (stream_.avail_out == requested && requested > 0) {
      if (stream_.avail_in == 0) refill_input();
      if (member_ended_) {
        if (stream_.avail_in == 0) return 0;
        // Another member follows (concatenated gzip files); a non-gzip tail fails in inflate.
        inflateReset(&stream_);
        member_ended_ = false;
      }
      if (stream_.avail_in == 0) {
        throw Error("cannot decompress '" + name_ + "': the gzip stream ends early, after " +
                    std::to_string(compressed_bytes_) +
                    " compressed bytes (the file is truncated: copy or download it again)");
      }
      const int result = inflate(&stream_, Z_NO_FLUSH);
      if (result == Z_STREAM_END) {
        member_ended_ = true;
      } else if (result != Z_OK) {
        const std::uint64_t offset = compressed_bytes_ - stream_.avail_in;
        throw Error("cannot decompress '" + name_ + "': corrupt gzip data near compressed byte " +
                    std::to_string(offset) + ": " + (stream_.msg ? stream_.msg : "no detail") +
                    " (the file is damaged: copy or download it again)");
      }
    }
    return requested - stream_.avail_out;
  }

 private:
  void refill_input() {
    const std::size_t count = compressed_->read(reinterpret_cast<char*>(input_.data()), input_.size());
    stream_.next_in = input_.data();
    stream_.avail_in = static_cast<uInt>(count);
    compressed_bytes_ += count;
  }

  std::unique_ptr<ByteSource> compressed_;
  std::string name_;
  std::vector<Bytef> input_;
  z_stream stream_{};
  std::uint64_t compressed_bytes_ = 0;  // taken from compressed_ so far
  bool member_ended_ = false;
};

}  // namespace

bool gzip_input_enabled() { return true; }

std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource> compressed, const std::string& name) {
  return std::make_unique<GzipSource>(std::move(compressed), name);
}

#else

bool gzip_input_enabled() { return false; }

std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource>, const std::string& name) {
  throw Error("cannot read '" + name +
              "': it is gzip-compressed and this semibfs was built without zlib (install zlib1g-dev "
              "and rebuild, or gunzip the file first)");
}

#endif

std::unique_ptr<PeekableSource> decompressed_if_gzip(std::unique_ptr<PeekableSource> source, const std::string& name) {
  if (!is_gzip(source->peek(2))) return source;
  return std::make_unique<PeekableSource>(make_gzip_source(std::move(source), name));
}

}  // namespace semibfs
