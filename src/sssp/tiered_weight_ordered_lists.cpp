#include "sssp/tiered_weight_ordered_lists.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "core/damaged_store_file.hpp"
#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/sha256.hpp"
#include "core/temporary_name.hpp"
#include "graph/prefix_sum.hpp"

namespace semibfs {
namespace {

// Whole lists up to at least this degree beside a fraction of longer ones: below it a list is short
// enough that a pull may need any of its entries. Above it the fraction counts more: an unreached
// hub's pull reads its list until a settled neighbour bounds it, and at SCALE 20 under a quarter of
// the footprint a tenth of each longer list (whole up to degree 46) read 1-23 tails a search where
// a twentieth (up to 56) read up to 6,339 and a fiftieth (up to 61) up to 10,125 (docs/PERFORMANCE.md).
constexpr std::int64_t kWantedWholeDegree = 32;
constexpr double kFractions[] = {1.0 / 2,  1.0 / 4,  1.0 / 8,  1.0 / 10, 1.0 / 16,
                                 1.0 / 20, 1.0 / 32, 1.0 / 50, 1.0 / 100};
// Rows are copied this many entries at a time (a longer list alone), their bytes read together.
constexpr std::int64_t kChunkEntries = std::int64_t{1} << 18;

std::int64_t resident_total(std::span<const DegreeCount> degrees, const ResidentShare& share) {
  std::int64_t total = 0;
  for (const DegreeCount& count : degrees) total += count.vertices * share.entries(count.degree);
  return total;
}

// The largest degree bound whose share with `fraction` fits in `entries`; -1 when none does.
std::int64_t largest_whole_degree(std::span<const DegreeCount> degrees, double fraction, std::int64_t entries) {
  std::int64_t low = -1;
  std::int64_t high = degrees.empty() ? 0 : degrees.back().degree;
  while (low < high) {  // invariant: the share at `low` fits (or low is -1), past `high` none is needed
    const std::int64_t middle = low + (high - low + 1) / 2;
    if (resident_total(degrees, {middle, fraction}) <= entries) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

}  // namespace

std::int64_t TieredWeightOrderedLists::reader_bytes(std::int64_t longest_list) {
  return std::min(longest_list, kLastTailPieceEntries) * static_cast<std::int64_t>(sizeof(WeightedEntry)) + 2 * 4096;
}

std::int64_t TieredWeightOrderedLists::making_bytes(std::int64_t vertices, std::int64_t entries,
                                                    std::int64_t longest_list) {
  const std::int64_t piece = std::max(std::min(kChunkEntries, entries), longest_list);
  const auto per_entry = static_cast<std::int64_t>(2 * sizeof(WeightedEntry) + sizeof(NeighborId) + sizeof(float));
  return vertices * static_cast<std::int64_t>(sizeof(std::int64_t) + sizeof(std::uint32_t)) + piece * per_entry +
         2 * 4096;
}

std::int64_t ResidentShare::entries(std::int64_t degree) const {
  if (degree <= whole_degree) return degree;
  const auto part = static_cast<std::int64_t>(std::ceil(fraction * static_cast<double>(degree)));
  return std::min(degree, std::max({whole_degree, part, std::int64_t{1}}));
}

ResidentShare choose_resident_share(std::span<const DegreeCount> degrees, std::int64_t entries) {
  const std::int64_t most = degrees.empty() ? 0 : degrees.back().degree;
  if (resident_total(degrees, {most, 1.0}) <= entries) return {most, 1.0};
  for (const double fraction : kFractions) {
    const std::int64_t whole = largest_whole_degree(degrees, fraction, entries);
    if (whole >= kWantedWholeDegree) return {whole, fraction};
  }
  return {std::max<std::int64_t>(largest_whole_degree(degrees, 0.0, entries), 1), 0.0};
}

TieredWeightOrderedLists::TieredWeightOrderedLists(std::span<const StoredListFiles> partitions,
                                                   std::int64_t num_vertices, std::int64_t resident_bytes,
                                                   const std::string& scratch_directory) {
  std::vector<std::uint32_t> degrees(static_cast<std::size_t>(num_vertices), 0);
  for (const StoredListFiles& files : partitions) {
    const auto rows = static_cast<std::int64_t>(files.offsets.size()) - 1;
    if (rows < 0 || files.first_vertex + rows > num_vertices) {
      throw Error("internal error: a partition's rows lie beyond the graph's vertices");
    }
    for (std::int64_t row = 0; row < rows; ++row) {
      degrees[files.first_vertex + row] = static_cast<std::uint32_t>(files.offsets[row + 1] - files.offsets[row]);
    }
  }
  ids_ = CopyIds(degrees);
  std::vector<std::span<const std::int64_t>> offsets;
  for (const StoredListFiles& files : partitions) offsets.emplace_back(files.offsets);
  share_ = choose_resident_share(degree_histogram(offsets),
                                 resident_bytes / static_cast<std::int64_t>(sizeof(WeightedEntry)));
  assign_in_huge_pages(resident_offsets_, static_cast<std::size_t>(num_vertices) + 1);  // read at random
  tail_offsets_.assign(static_cast<std::size_t>(num_vertices) + 1, 0);
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices; ++v) {
    const std::int64_t resident = share_.entries(degrees[v]);
    resident_offsets_[ids_.copy_id(v) + 1] = resident;
    tail_offsets_[v + 1] = degrees[v] - resident;
  }
  degrees = {};
  inclusive_prefix_sum(resident_offsets_);
  inclusive_prefix_sum(tail_offsets_);
  assign_in_huge_pages(resident_, static_cast<std::size_t>(resident_offsets_.back()));  // read at random
  tail_weights_.assign(static_cast<std::size_t>(num_vertices), std::numeric_limits<float>::infinity());
  place(partitions, scratch_directory);
}

// Streams every partition's files into the resident entries and the scratch file, which is then
// synced and dropped from the page cache, so that its reads come from the device as the store's do.
void TieredWeightOrderedLists::place(std::span<const StoredListFiles> partitions, const std::string& directory) {
  const std::string path = (std::filesystem::path(directory) / "sssp-weight-ordered.tails").string();
  const auto bytes = static_cast<std::int64_t>(tail_offsets_.back() * sizeof(WeightedEntry));
  require_free_space(directory, bytes, "the SSSP copy's list tails");
  remove_stale_temporaries_of(path);
  const std::string temporary = temporary_path(path);
  const int descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (descriptor < 0) {
    throw Error("cannot create '" + temporary + "' for the SSSP copy's list tails: check the directory's permissions");
  }
  tails_ = std::make_unique<RemovedUnlessKept>(temporary);
  try {
    for (const StoredListFiles& files : partitions) copy_partition(files, descriptor);
    if (::fdatasync(descriptor) != 0) throw Error("cannot sync '" + temporary + "' (the SSSP copy's list tails)");
  } catch (...) {
    ::close(descriptor);
    throw;
  }
  ::posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED);
  ::close(descriptor);
  tail_file_ = std::make_unique<BlockFile>(temporary);
}

namespace {

// One store file read front to back in the copy's pieces, its SHA-256 taken on the way.
class CheckedStream {
 public:
  CheckedStream(const std::string& path, const std::string& sha256, std::int64_t entries)
      : file_(path), sha256_(sha256) {
    static_assert(sizeof(NeighborId) == sizeof(float));  // either file: 4 bytes an entry
    if (file_.size() != static_cast<std::uint64_t>(entries) * sizeof(float)) {
      store_file_damaged(
          path, "holds " + std::to_string(file_.size()) + " bytes for " + std::to_string(entries) + " list entries");
    }
  }
  template <typename T>
  std::span<const T> next(std::int64_t first, std::int64_t count) {
    const std::span<const std::byte> bytes = read_range(file_, buffer_, static_cast<std::uint64_t>(first) * sizeof(T),
                                                        static_cast<std::uint64_t>(count) * sizeof(T));
    sha_.update(bytes.data(), bytes.size());
    return {reinterpret_cast<const T*>(bytes.data()), static_cast<std::size_t>(count)};
  }
  void check_sha256() {
    if (sha_.finish_hex() != sha256_) store_file_damaged(file_.path(), "SHA-256 does not match the manifest");
  }
  const std::string& path() const { return file_.path(); }

 private:
  BlockFile file_;
  std::string sha256_;
  AlignedBuffer buffer_;
  Sha256 sha_;
};

}  // namespace

void TieredWeightOrderedLists::copy_partition(const StoredListFiles& files, int descriptor) {
  const std::vector<std::int64_t>& offsets = files.offsets;
  const auto rows = static_cast<std::int64_t>(offsets.size()) - 1;
  CheckedStream neighbors(files.neighbors_path, files.neighbors_sha256, offsets.back());
  CheckedStream weights(files.weights_path, files.weights_sha256, offsets.back());
  const auto n = static_cast<NeighborId>(num_vertices());
  std::vector<WeightedEntry> chunk;
  std::vector<WeightedEntry> tails;
  for (std::int64_t first = 0, end = 0; first < rows; first = end) {
    end = first + 1;
    while (end < rows && offsets[end + 1] - offsets[first] <= kChunkEntries) ++end;
    const std::int64_t count = offsets[end] - offsets[first];
    const std::span<const NeighborId> ids = neighbors.next<NeighborId>(offsets[first], count);
    const std::span<const float> values = weights.next<float>(offsets[first], count);
    chunk.resize(static_cast<std::size_t>(count));
    const VertexId v0 = files.first_vertex + first;
    tails.resize(static_cast<std::size_t>(tail_offsets_[files.first_vertex + end] - tail_offsets_[v0]));
    bool bad_id = false;
    bool bad_weight = false;
#pragma omp parallel for schedule(dynamic, 64) reduction(|| : bad_id, bad_weight)
    for (std::int64_t row = first; row < end; ++row) {
      WeightedEntry* list = chunk.data() + (offsets[row] - offsets[first]);
      const std::int64_t degree = offsets[row + 1] - offsets[row];
      for (std::int64_t k = 0; k < degree; ++k) {
        const std::int64_t at = offsets[row] - offsets[first] + k;
        const NeighborId neighbor = ids[at];
        const float weight = values[at];
        bad_id = bad_id || neighbor >= n;
        bad_weight = bad_weight || !(weight >= 0) || std::isinf(weight);
        list[k] = {neighbor < n ? ids_.copy_id(neighbor) : 0, weight};
      }
      std::sort(list, list + degree, lighter_first);
      const VertexId vertex = files.first_vertex + row;
      const NeighborId in_copy = ids_.copy_id(vertex);
      const std::int64_t resident = resident_count(in_copy);
      std::copy(list, list + resident, resident_.data() + resident_offsets_[in_copy]);
      std::copy(list + resident, list + degree, tails.data() + (tail_offsets_[vertex] - tail_offsets_[v0]));
      if (resident < degree) tail_weights_[in_copy] = list[resident].weight;
    }
    if (bad_id) store_file_damaged(neighbors.path(), "a neighbour is not a vertex of the graph");
    if (bad_weight) store_file_damaged(weights.path(), "a weight is negative, infinite or not a number");
    if (!write_all(descriptor, std::as_bytes(std::span<const WeightedEntry>(tails)))) {
      throw Error("cannot write '" + tails_->path() + "' (the SSSP copy's list tails): is the disk full?");
    }
  }
  neighbors.check_sha256();
  weights.check_sha256();
}

std::span<const WeightedEntry> TieredWeightOrderedLists::read_tail(TailReader& reader, std::int64_t first,
                                                                   std::int64_t count) const {
  std::span<const WeightedEntry> piece;
  if (tail_failures_.failed()) return piece;
  tail_failures_.capture([&] {
    const std::span<const std::byte> bytes =
        read_range(*tail_file_, reader.buffer, static_cast<std::uint64_t>(first) * sizeof(WeightedEntry),
                   static_cast<std::uint64_t>(count) * sizeof(WeightedEntry));
    ++reader.reads;
    reader.bytes += static_cast<std::int64_t>(bytes.size());
    piece = {reinterpret_cast<const WeightedEntry*>(bytes.data()), static_cast<std::size_t>(count)};
  });
  return piece;
}

void TieredWeightOrderedLists::rethrow_failure() const {
  if (const std::exception_ptr failure = tail_failures_.take_first()) std::rethrow_exception(failure);
}

std::int64_t TieredWeightOrderedLists::bytes() const {
  return static_cast<std::int64_t>((resident_offsets_.size() + tail_offsets_.size()) * sizeof(std::int64_t) +
                                   tail_weights_.size() * sizeof(float) + resident_.size() * sizeof(WeightedEntry)) +
         ids_.bytes();
}

}  // namespace semibfs
