#include "sssp/packed_tails.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <utility>

#include "core/descriptor_io.hpp"
#include "core/temporary_name.hpp"

namespace semibfs {
namespace {

constexpr const char* kFileKinds[2] = {"neighbors", "weights"};

std::string packed_path(const std::string& directory, int partition, int file) {
  const std::string name = "sssp-tails.p" + std::to_string(partition) + "." + kFileKinds[file];
  return (std::filesystem::path(directory) / name).string();
}

std::uint64_t packed_tail_bytes(const TieredCsr& lists) {
  return lists.packed_tail_byte_begin(lists.num_rows());
}

}  // namespace

TailPlaces::TailPlaces(const TieredGraph& graph, const TieredWeights& weights) {
  for (int k = 0; k < graph.num_partitions(); ++k) {
    paths_[0].push_back(graph.backward(k).tail_path());
    paths_[1].push_back(weights.tail_path(k));
  }
}

bool TailPlaces::packable(const TieredGraph& graph) {
  bool tails = false;
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const TieredCsr& lists = graph.backward(k);
    if (!lists.tails_packable()) return false;
    tails = tails || lists.rows_with_tails() > 0;
  }
  return tails;
}

void TailPlaces::use_packed(std::vector<std::unique_ptr<RemovedUnlessKept>> files) {
  for (std::size_t k = 0; k < paths_[0].size(); ++k) {
    paths_[0][k] = files[2 * k]->path();
    paths_[1][k] = files[2 * k + 1]->path();
  }
  packed_files_ = std::move(files);
}

TailPacker::TailPacker(const TieredGraph& graph)
    : graph_(graph), directory_(std::filesystem::path(graph.backward(0).tail_path()).parent_path().string()) {
  std::int64_t bytes = 0;
  for (int k = 0; k < graph.num_partitions(); ++k) bytes += 2 * static_cast<std::int64_t>(packed_tail_bytes(graph.backward(k)));
  require_free_space(directory_, bytes, "the SSSP kernel's packed tails");
  neighbors_.reserve(kBufferEntries);
  weights_.reserve(kBufferEntries);
}

TailPacker::~TailPacker() {
  for (const int descriptor : descriptors_) {
    if (descriptor >= 0) ::close(descriptor);
  }
}

void TailPacker::fail() {
  for (int& descriptor : descriptors_) {
    if (descriptor >= 0) ::close(descriptor);
    descriptor = -1;
  }
  files_.clear();  // removes them
  failed_ = true;
}

void TailPacker::next_partition() {
  close_partition();
  ++partition_;
  for (int file = 0; file < 2 && !failed_; ++file) {
    const std::string path = packed_path(directory_, partition_, file);
    remove_stale_temporaries_of(path);
    const std::string temporary = temporary_path(path);
    descriptors_[file] = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (descriptors_[file] < 0) {
      fail();
    } else {
      files_.push_back(std::make_unique<RemovedUnlessKept>(temporary));  // removed from now on, not before
      written_[file] = 0;
    }
  }
}

void TailPacker::flush() {
  if (failed_) return;
  const std::span<const std::byte> bytes[2] = {std::as_bytes(std::span(neighbors_)), std::as_bytes(std::span(weights_))};
  for (int file = 0; file < 2; ++file) {
    if (!write_all(descriptors_[file], bytes[file])) return fail();
    written_[file] += bytes[file].size();
    bytes_written_ += static_cast<std::int64_t>(bytes[file].size());
  }
  neighbors_.clear();
  weights_.clear();
}

void TailPacker::close_partition() {
  if (failed_ || partition_ < 0 || descriptors_[0] < 0) return;
  flush();
  const std::uint64_t expected = packed_tail_bytes(graph_.backward(partition_));
  for (int file = 0; file < 2 && !failed_; ++file) {
    // Read back from the device, as the store's files are: synced, then out of the page cache.
    if (written_[file] != expected || ::fdatasync(descriptors_[file]) != 0) return fail();
    ::posix_fadvise(descriptors_[file], 0, 0, POSIX_FADV_DONTNEED);
    ::close(descriptors_[file]);
    descriptors_[file] = -1;
  }
}

bool TailPacker::finish_into(TailPlaces& places) {
  while (partition_ + 1 < graph_.num_partitions() && !failed_) next_partition();
  close_partition();
  if (failed_) return false;
  places.use_packed(std::move(files_));
  return true;
}

}  // namespace semibfs
