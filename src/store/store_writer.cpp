#include "store/store_writer.hpp"

#include <unistd.h>

#include <utility>

#include "core/error.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

StoreArrayStream::StoreArrayStream(std::string directory, std::string name, std::size_t buffer_bytes)
    : file_(store_path(directory, name)), buffer_(buffer_bytes) {
  entry_.name = std::move(name);
}

void StoreArrayStream::append(std::span<const std::byte> bytes) {
  if (bytes.empty()) return;
  if (bytes.size() <= buffer_.size() - used_) {
    std::memcpy(buffer_.data() + used_, bytes.data(), bytes.size());
    used_ += bytes.size();
    return;
  }
  flush();
  if (bytes.size() < buffer_.size()) return append(bytes);
  // Larger than the buffer: straight to the file.
  sha_.update(bytes.data(), bytes.size());
  file_.append(bytes);
  bytes_ += static_cast<std::int64_t>(bytes.size());
}

void StoreArrayStream::flush() {
  if (used_ == 0) return;
  sha_.update(buffer_.data(), used_);
  file_.append({buffer_.data(), used_});
  bytes_ += static_cast<std::int64_t>(used_);
  used_ = 0;
}

const StoreArray& StoreArrayStream::close() {
  if (closed_) return entry_;
  flush();
  file_.commit();
  entry_.bytes = bytes_;
  entry_.sha256 = sha_.finish_hex();
  std::vector<std::byte>().swap(buffer_);  // a closed array holds no memory
  closed_ = true;
  return entry_;
}

StoreWriter::StoreWriter(std::string directory) : directory_(std::move(directory)) {
  check_store_directory(directory_);
  if (store_exists(directory_)) {
    throw Error("store directory '" + directory_ +
                "' already holds a store (read the store that is there, or choose an empty directory)");
  }
}

// Renamed arrays are removed here; the streams' own destructors remove the temporary files.
StoreWriter::~StoreWriter() {
  if (complete_) return;
  for (const std::unique_ptr<StoreArrayStream>& stream : streams_) {
    if (stream->closed()) ::unlink(store_path(directory_, stream->name()).c_str());
  }
  if (edge_file_ && edge_file_->closed()) ::unlink(store_path(directory_, edge_file_->name()).c_str());
}

StoreArrayStream& StoreWriter::open_edge_file(std::size_t buffer_bytes) {
  edge_file_ = std::make_unique<StoreArrayStream>(directory_, kEdgeFileName, buffer_bytes);
  return *edge_file_;
}

StoreArrayStream& StoreWriter::open_array(const std::string& name, std::size_t buffer_bytes) {
  streams_.push_back(std::make_unique<StoreArrayStream>(directory_, name, buffer_bytes));
  return *streams_.back();
}

void StoreWriter::add_array(const std::string& name, std::span<const std::byte> bytes) {
  StoreArrayStream& stream = open_array(name, 0);
  stream.append(bytes);
  stream.close();
}

// The manifest goes last: a directory without it holds no store.
void StoreWriter::finish(const StoreDescription& description) {
  StoreManifest manifest;
  manifest.made_from = description.made_from;
  manifest.vertices = description.vertices;
  manifest.adjacencies = description.adjacencies;
  manifest.partitions = description.partitions;
  manifest.neighbor_order = to_string(description.order);
  manifest.direction = description.direction;
  manifest.edge_file = edge_file_ ? std::optional<StoreArray>(edge_file_->close()) : description.edge_file;
  manifest.rank_part = description.rank_part;
  manifest.list_codec = description.list_codec;
  manifest.vertex_order = description.vertex_order;
  manifest.list_weights = description.list_weights;
  manifest.edge_weights = description.edge_weights;
  for (const std::unique_ptr<StoreArrayStream>& stream : streams_) manifest.arrays.push_back(stream->close());
  write_file_atomically(store_path(directory_, kManifestName), manifest.to_text());
  complete_ = true;
}

}  // namespace semibfs
