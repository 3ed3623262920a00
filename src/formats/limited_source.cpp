#include "formats/limited_source.hpp"

#include "core/error.hpp"

namespace semibfs {

std::size_t LimitedSource::read(char* buffer, std::size_t size) {
  const std::size_t got = inner_->read(buffer, size);
  read_ += got;
  if (read_ > max_bytes_) {
    throw Error("cannot read '" + name_ + "': more than " + std::to_string(max_bytes_) +
                " bytes from an input that is not a regular file (a device or a pipe that does not end?); "
                "raise the input limit if the graph really is that large");
  }
  return got;
}

std::unique_ptr<ByteSource> limit_unsized(std::unique_ptr<ByteSource> source, const std::string& name,
                                          std::uint64_t max_bytes) {
  if (source->size().has_value()) return source;
  return std::make_unique<LimitedSource>(std::move(source), name, max_bytes);
}

}  // namespace semibfs
