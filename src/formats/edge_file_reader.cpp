// The chunk loop every reader shares, and the open: gzip by magic bytes, then the format's reader.
#include "formats/edge_file_reader.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "formats/byte_source.hpp"
#include "formats/format_readers.hpp"
#include "formats/gzip_source.hpp"

namespace semibfs {

std::string to_string(Directedness directedness) {
  switch (directedness) {
    case Directedness::kUnknown: return "unknown";
    case Directedness::kDirected: return "directed";
    case Directedness::kUndirected: return "undirected";
  }
  return "unknown";
}

EdgeFileReader::EdgeFileReader(EdgeFileInfo info, const EdgeReaderOptions& options)
    : info_(std::move(info)), chunk_edges_(std::max<std::size_t>(options.chunk_edges, 1)) {}

bool EdgeFileReader::next_chunk(std::vector<RawEdge>& out) {
  out.clear();
  chunk_weights_.clear();
  if (finished_) return false;
  out.reserve(chunk_edges_);
  read_edges(out, chunk_edges_);
  if (info_.weighted && chunk_weights_.size() != out.size()) {
    throw Error("cannot read '" + info_.name + "': a weighted reader gave " + std::to_string(chunk_weights_.size()) +
                " weights for " + std::to_string(out.size()) + " edges (a bug: please report it)");
  }
  edges_read_ += out.size();
  finished_ = out.size() < chunk_edges_;
  if (finished_ && edges_read_ == 0) {
    throw Error("cannot read '" + info_.name + "': it holds no edges (as " + to_string(info_.format) +
                "; check the file, or name its format)");
  }
  return !out.empty();
}

namespace {

constexpr std::size_t kSniffBytes = 4096;

}  // namespace

std::unique_ptr<EdgeFileReader> open_edge_source(std::unique_ptr<ByteSource> raw, InputFormat format,
                                                 const std::string& name, const EdgeReaderOptions& options) {
  EdgeFileInfo info;
  info.name = name;
  auto source = std::make_unique<PeekableSource>(std::move(raw));
  info.gzip = is_gzip(source->peek(2));
  source = decompressed_if_gzip(std::move(source), name);
  info.format = format == InputFormat::kAuto ? detect_input_format(name, source->peek(kSniffBytes)) : format;
  switch (info.format) {
    case InputFormat::kSnap:
    case InputFormat::kEl: return make_text_edge_reader(std::move(source), std::move(info), options);
    case InputFormat::kMtx: return make_mtx_reader(std::move(source), std::move(info), options);
    case InputFormat::kG500Packed:
    case InputFormat::kG500Int64: return make_g500_reader(std::move(source), std::move(info), options);
    case InputFormat::kAuto: break;
  }
  throw Error("cannot read '" + name + "': no reader for its format (a bug: please report it)");
}

std::unique_ptr<EdgeFileReader> open_edge_file(const std::string& path, InputFormat format,
                                               const EdgeReaderOptions& options) {
  return open_edge_source(open_file_source(path), format, path, options);
}

std::unique_ptr<EdgeFileReader> open_edge_memory(std::string_view bytes, InputFormat format, const std::string& name,
                                                 const EdgeReaderOptions& options) {
  return open_edge_source(make_memory_source(bytes), format, name, options);
}

}  // namespace semibfs
