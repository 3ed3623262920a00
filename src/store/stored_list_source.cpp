#include "store/stored_list_source.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <future>

#include "compress/byte_code.hpp"
#include "compress/list_walk.hpp"
#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "store/graph_store.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kBlockRows = std::int64_t{1} << 15;
constexpr std::int64_t kBlockBytes = std::int64_t{4} << 20;  // a longer list is read whole, alone
constexpr int kBlocksInFlight = 2;                            // the one checked and the one being read

void read_exactly(int descriptor, const std::string& path, std::int64_t offset, std::span<std::byte> into) {
  const std::int64_t read = read_all_at(descriptor, offset, into);
  if (read == static_cast<std::int64_t>(into.size())) return;
  if (read < 0) throw Error("cannot read '" + path + "': " + std::strerror(errno));
  store_file_damaged(path, "it ends at byte " + std::to_string(offset + read) + ", before the " +
                               std::to_string(into.size()) + " bytes wanted at " + std::to_string(offset));
}

int open_for_reading(const std::string& path) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) throw Error("cannot open '" + path + "' to validate from its lists: " + std::strerror(errno));
  return descriptor;
}

}  // namespace

// Rows [first_row, first_row + positions.size() - 1) of a part; their list bytes from `base` on.
struct StoredListSource::Loaded {
  const Part* part = nullptr;
  std::int64_t first_row = 0;
  std::vector<std::uint64_t> positions;
  std::vector<std::uint8_t> bytes;
  std::uint64_t base = 0;
  std::int64_t rows() const { return static_cast<std::int64_t>(positions.size()) - 1; }
};

namespace {

class StoredBlock final : public ListBlock {
 public:
  StoredBlock(const StoredListSource::Loaded& loaded, std::uint64_t num_vertices, std::uint64_t minimum)
      : loaded_(loaded), num_vertices_(num_vertices), minimum_(minimum) {}
  VertexId first_vertex() const override { return loaded_.part->first_vertex + loaded_.first_row; }
  std::int64_t num_vertices() const override { return loaded_.rows(); }
  void list_of(VertexId v, std::vector<std::uint32_t>& entries) const override {
    entries.clear();
    const auto row = static_cast<std::size_t>(v - first_vertex());
    const std::uint64_t begin = loaded_.positions[row] - loaded_.base;
    const std::uint64_t end = loaded_.positions[row + 1] - loaded_.base;
    if (loaded_.positions[row] < loaded_.base || begin > end || end > loaded_.bytes.size()) {
      store_file_damaged(loaded_.part->positions_path, "the list of vertex " + std::to_string(v) +
                                                           " runs backwards or past the lists' file");
    }
    if (begin == end) return;
    auto add = [&](std::uint64_t id) {
      entries.push_back(static_cast<std::uint32_t>(id));
      return false;
    };
    walk_list_parts<ByteCodeReader>(v, begin, end, num_vertices_, minimum_, add,
                                    [&](std::uint64_t from, std::uint64_t to) {
                                      return ByteCodeReader(loaded_.bytes.data(), from, to, v);
                                    });
  }

 private:
  const StoredListSource::Loaded& loaded_;
  std::uint64_t num_vertices_;
  std::uint64_t minimum_;
};

}  // namespace

bool StoredListSource::readable(const StoreManifest& manifest) {
  return manifest.direction == GraphDirection::kUndirected && manifest.list_codec &&
         manifest.list_codec->code == IntegerCode::kByte && manifest.vertex_order.empty() && !manifest.rank_part;
}

std::int64_t StoredListSource::pass_bytes(const StoreManifest& manifest) {
  return manifest.backward_list_bytes() + (manifest.vertices + manifest.partitions) * std::int64_t{8};
}

StoredListSource::StoredListSource(const std::string& directory, const StoreManifest& manifest)
    : num_vertices_(manifest.vertices) {
  if (!readable(manifest)) throw Error("store '" + directory + "': its lists cannot be read for validation");
  min_interval_length_ = static_cast<std::uint64_t>(manifest.list_codec->min_interval_length);
  for (int k = 0; k < manifest.partitions; ++k) {
    Part part;
    const VertexRange rows = manifest.partition_rows(k);
    part.first_vertex = rows.begin;
    part.rows = rows.size();
    part.positions_path = store_path(directory, store_array_name(k, "backward", "positions"));
    const std::string lists_name = store_array_name(k, "backward", "lists");
    part.lists_path = store_path(directory, lists_name);
    part.list_bytes = static_cast<std::int64_t>(manifest.array(lists_name, part.lists_path).bytes);
    parts_.push_back(part);
    parts_.back().positions_descriptor = open_for_reading(part.positions_path);
    parts_.back().lists_descriptor = open_for_reading(part.lists_path);
  }
}

StoredListSource::~StoredListSource() {
  for (const Part& part : parts_) {
    if (part.positions_descriptor >= 0) ::close(part.positions_descriptor);
    if (part.lists_descriptor >= 0) ::close(part.lists_descriptor);
  }
}

std::int64_t StoredListSource::buffer_bytes() const {
  return kBlocksInFlight * (kBlockBytes + (kBlockRows + 1) * std::int64_t{8});
}

std::int64_t StoredListSource::max_block_vertices() const { return kBlockRows; }

StoredListSource::Loaded StoredListSource::load(const Part& part, std::int64_t first_row) const {
  Loaded loaded;
  loaded.part = &part;
  loaded.first_row = first_row;
  loaded.positions.resize(static_cast<std::size_t>(std::min(kBlockRows, part.rows - first_row) + 1));
  read_exactly(part.positions_descriptor, part.positions_path, first_row * 8,
               std::as_writable_bytes(std::span(loaded.positions)));
  loaded.base = loaded.positions.front();
  // As many rows as kBlockBytes hold, one at least; a row that runs backwards stops the block
  // here and is named when it is decoded.
  std::size_t rows = 1;
  while (rows + 1 < loaded.positions.size() && loaded.positions[rows + 1] >= loaded.positions[rows] &&
         loaded.positions[rows + 1] - loaded.base <= static_cast<std::uint64_t>(kBlockBytes)) {
    ++rows;
  }
  loaded.positions.resize(rows + 1);
  const std::uint64_t end = std::clamp(loaded.positions.back(), loaded.base, static_cast<std::uint64_t>(part.list_bytes));
  loaded.bytes.resize(end > loaded.base ? end - loaded.base : 0);
  read_exactly(part.lists_descriptor, part.lists_path, static_cast<std::int64_t>(loaded.base),
               std::as_writable_bytes(std::span(loaded.bytes)));
  bytes_read_ += static_cast<std::int64_t>(loaded.positions.size() * 8 + loaded.bytes.size());
  return loaded;
}

void StoredListSource::for_each_block(const ListBlockVisitor& visit) const {
  for (const Part& part : parts_) {
    if (part.rows == 0) continue;
    std::future<Loaded> next = std::async(std::launch::async, [&] { return load(part, 0); });
    while (next.valid()) {
      const Loaded loaded = next.get();
      const std::int64_t after = loaded.first_row + loaded.rows();
      if (after < part.rows) next = std::async(std::launch::async, [&part, after, this] { return load(part, after); });
      visit(StoredBlock(loaded, static_cast<std::uint64_t>(num_vertices_), min_interval_length_));
    }
  }
}

}  // namespace semibfs
