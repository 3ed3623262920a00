// Graph500 binary edge files: the reference's 12-byte packed edge (edges/packed_edge.hpp) or two
// little-endian int64 per edge, the layouts `semibfs generate` writes (edges/edge_format.cpp).
#include <algorithm>
#include <bit>
#include <cstring>

#include "core/error.hpp"
#include "formats/format_readers.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

static_assert(std::endian::native == std::endian::little, "Graph500 binary files are little-endian");

class G500Reader final : public EdgeFileReader {
 public:
  G500Reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info, const EdgeReaderOptions& options)
      : EdgeFileReader(std::move(info), options),
        source_(std::move(source)),
        record_bytes_(info_.format == InputFormat::kG500Packed ? sizeof(PackedEdge) : 2 * sizeof(std::int64_t)),
        buffer_(std::max<std::size_t>(options.read_bytes, 2 * record_bytes_)) {
    if (const auto size = source_->size(); size && *size % record_bytes_ != 0) fail_size(*size);
  }

 protected:
  void read_edges(std::vector<RawEdge>& out, std::size_t limit) override {
    while (out.size() < limit) {
      if (end_ - begin_ < record_bytes_ && !refill()) {
        if (end_ != begin_) fail_size(bytes_taken_);
        return;
      }
      const std::size_t records = std::min((end_ - begin_) / record_bytes_, limit - out.size());
      for (std::size_t i = 0; i < records; ++i, begin_ += record_bytes_) {
        std::int64_t ids[2];
        if (record_bytes_ == sizeof(PackedEdge)) {
          PackedEdge packed{};
          std::memcpy(&packed, buffer_.data() + begin_, sizeof packed);
          ids[0] = packed.v0();
          ids[1] = packed.v1();
        } else {
          std::memcpy(ids, buffer_.data() + begin_, sizeof ids);
        }
        for (const std::int64_t id : ids) {
          if (id < 0 || static_cast<std::uint64_t>(id) > kMaxFileId) fail_id(id);
        }
        out.push_back(RawEdge{static_cast<std::uint64_t>(ids[0]), static_cast<std::uint64_t>(ids[1])});
      }
    }
  }

 private:
  // Moves the partial record left to the front and reads after it; false at the end.
  bool refill() {
    const std::size_t kept = end_ - begin_;
    std::memmove(buffer_.data(), buffer_.data() + begin_, kept);
    begin_ = 0;
    end_ = kept;
    const std::size_t count = source_->read(buffer_.data() + end_, buffer_.size() - end_);
    end_ += count;
    bytes_taken_ += count;
    return count > 0;
  }

  std::string layout() const {
    return std::to_string(record_bytes_) + "-byte " + to_string(info_.format) + " records";
  }

  [[noreturn]] void fail_size(std::uint64_t bytes) const {
    throw Error("cannot read '" + info_.name + "': its " + (info_.gzip ? "decompressed " : "") + "size, " +
                std::to_string(bytes) + " bytes, is not a whole number of " + layout() +
                " (the file is truncated, or holds another format: name its format)");
  }

  [[noreturn]] void fail_id(std::int64_t id) const {
    const std::uint64_t record = (bytes_taken_ - (end_ - begin_)) / record_bytes_;
    throw Error("cannot read '" + info_.name + "' edge record " + std::to_string(record) + " (byte " +
                std::to_string(record * record_bytes_) + "): id " + std::to_string(id) +
                " is outside 0 to 2^48 - 1 (the file holds another format than " + layout() +
                ": name its format)");
  }

  std::unique_ptr<ByteSource> source_;
  std::size_t record_bytes_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // first byte not yet decoded
  std::size_t end_ = 0;    // one past the last byte read
  std::uint64_t bytes_taken_ = 0;  // read from source_ so far
};

}  // namespace

std::unique_ptr<EdgeFileReader> make_g500_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                 const EdgeReaderOptions& options) {
  return std::make_unique<G500Reader>(std::move(source), std::move(info), options);
}

}  // namespace semibfs
