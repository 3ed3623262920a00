#include "graph500/kept_searches.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <span>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/temporary_name.hpp"

namespace semibfs {
namespace {

constexpr const char* kFileName = "kept-searches";

int open_kept_file(const std::string& path) {
  const int descriptor = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (descriptor < 0) {
    throw Error("cannot create '" + path + "' to keep the searches until their validation: " + std::strerror(errno) +
                "; make the store's directory writable, or give a budget that holds the trees in DRAM");
  }
  return descriptor;
}

}  // namespace

std::string KeptSearches::file_path_in(const std::string& directory) {
  return temporary_path((std::filesystem::path(directory) / kFileName).string());
}

KeptSearches::KeptSearches(std::int64_t num_vertices, std::int64_t searches, std::int64_t dram_room,
                           std::string directory)
    : num_vertices_(num_vertices) {
  roots_.reserve(static_cast<std::size_t>(searches));
  const std::int64_t all_trees = searches * ParentArray::bytes_per_vertex(num_vertices) * num_vertices;
  if (all_trees <= dram_room) return;
  remove_stale_temporaries_of((std::filesystem::path(directory) / kFileName).string());
  // Before the first search: a run that cannot keep its trees stops before its searches, not after.
  require_free_space(directory, all_trees, "the searches' trees kept until their validation");
  file_.emplace(file_path_in(directory));
  descriptor_ = open_kept_file(file_->path());
}

KeptSearches::~KeptSearches() {
  if (descriptor_ >= 0) ::close(descriptor_);  // file_ then removes the file
}

const std::string& KeptSearches::file_path() const {
  static const std::string none;
  return file_ ? file_->path() : none;
}

void KeptSearches::keep(VertexId root, const ParentArray& parent) {
  if (parent.size() != num_vertices_) {
    throw Error("kept searches over " + std::to_string(num_vertices_) + " vertices were given " +
                std::to_string(parent.size()) + " parents");
  }
  if (roots_.empty()) {
    narrow_ = parent.narrow();
    tree_bytes_ = parent.bytes();
  }
  if (parent.narrow() != narrow_) throw Error("kept searches were given parents of two widths");
  if (!file_) {
    in_dram_.push_back(parent);
  } else {
    const bool written = parent.visit([&](auto entries) { return write_all(descriptor_, std::as_bytes(entries)); });
    if (!written) {
      throw Error("cannot write the tree of search " + std::to_string(size()) + " to '" + file_->path() +
                  "': " + std::strerror(errno) + "; free space there, or give a larger --dram-budget");
    }
  }
  roots_.push_back(root);
}

void KeptSearches::read(std::int64_t index, ParentArray& parent) const {
  if (index < 0 || index >= size()) throw Error("no kept search " + std::to_string(index));
  if (!file_) {
    parent = in_dram_[static_cast<std::size_t>(index)];
    return;
  }
  if (parent.size() != num_vertices_ || parent.narrow() != narrow_) {
    parent.assign(num_vertices_, narrow_ ? ParentArray::Width::kFitting : ParentArray::Width::kWide);
  }
  const std::int64_t read = parent.visit([&](auto entries) {
    return read_all_at(descriptor_, index * tree_bytes_, std::as_writable_bytes(entries));
  });
  if (read != tree_bytes_) throw_unread(index, read);
}

void KeptSearches::throw_unread(std::int64_t index, std::int64_t read) const {
  throw Error("cannot read the tree of search " + std::to_string(index) + " back from '" + file_->path() +
              "': " + (read < 0 ? std::strerror(errno) : "the file is shorter than written") +
              "; was it changed during the run?");
}

std::int64_t KeptSearches::read_range(std::int64_t index, VertexId first, std::span<VertexId> into) const {
  const auto count = static_cast<std::int64_t>(into.size());
  if (index < 0 || index >= size() || first < 0 || first + count > num_vertices_) {
    throw Error("no kept search " + std::to_string(index) + " with vertices from " + std::to_string(first));
  }
  if (!file_) {
    in_dram_[static_cast<std::size_t>(index)].visit([&](auto entries) {
      std::copy_n(entries.begin() + first, count, into.begin());
    });
    return 0;
  }
  const std::int64_t width = narrow_ ? 4 : 8;
  const std::int64_t offset = index * tree_bytes_ + first * width;
  if (!narrow_) {
    const std::int64_t read = read_all_at(descriptor_, offset, std::as_writable_bytes(into));
    if (read != count * width) throw_unread(index, read);
    return read;
  }
  std::vector<std::int32_t> narrow(static_cast<std::size_t>(count));
  const std::int64_t read = read_all_at(descriptor_, offset, std::as_writable_bytes(std::span(narrow)));
  if (read != count * width) throw_unread(index, read);
  for (std::int64_t v = 0; v < count; ++v) into[static_cast<std::size_t>(v)] = narrow[static_cast<std::size_t>(v)];
  return read;
}

}  // namespace semibfs
