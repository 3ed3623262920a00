// One writer for every edge file semibfs writes: `generate`, and `run --dram-budget`'s edge file.
#include "edges/edge_file_writer.hpp"

#include "core/error.hpp"

namespace semibfs {
namespace {

EdgeFormat written(EdgeFormat format) {
  if (!is_written_format(format)) {
    throw Error("edge format " + to_string(format) + " is read, not written: write el, g500-packed or g500-int64");
  }
  return format;
}

}  // namespace

EdgeFileWriter::EdgeFileWriter(const std::string& path, EdgeFormat format) : format_(written(format)), out_(path) {}

EdgeFileWriter::EdgeFileWriter(std::FILE* stream, std::string name, EdgeFormat format)
    : format_(written(format)), out_(stream, std::move(name)) {}

EdgeFileWriter::~EdgeFileWriter() = default;

std::int64_t encoding_bytes_per_edge(EdgeFormat format) {
  return format == EdgeFormat::kG500Packed ? 0 : max_bytes_per_edge(format);
}

void EdgeFileWriter::append(std::span<const PackedEdge> edges) {
  // The packed layout is the edges' own bytes: no copy.
  if (format_ == EdgeFormat::kG500Packed) return write(std::as_bytes(edges));
  encode_edges(format_, edges, encoded_);
  write(std::as_bytes(std::span<const char>(encoded_)));
}

void EdgeFileWriter::write(std::span<const std::byte> bytes) {
  bytes_written_ += static_cast<std::int64_t>(bytes.size());
  out_.append(bytes);
}

void EdgeFileWriter::commit() { out_.commit(); }

void write_edges(std::FILE* file, const std::string& file_name, EdgeFormat format,
                 std::span<const PackedEdge> edges) {
  EdgeFileWriter(file, file_name, format).append(edges);
}

}  // namespace semibfs
