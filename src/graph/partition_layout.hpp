// The NETAL split of the vertices into P contiguous ranges, one per NUMA node (Yasui et al.,
// Iwabuchi et al. Sec. V-B, Fig. 6). Boundaries fall on 64-vertex words, so that every word of a
// per-vertex bitmap belongs to one partition and its writers never share it with another.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "core/types.hpp"

namespace semibfs {

// More partitions than this is a mistake (one per NUMA node is the intent).
inline constexpr int kMaxPartitions = 1024;

struct VertexRange {
  VertexId begin = 0;
  VertexId end = 0;
  std::int64_t size() const { return end - begin; }
  bool contains(VertexId vertex) const { return vertex >= begin && vertex < end; }
};

class PartitionLayout {
 public:
  PartitionLayout() = default;
  // Equal ranges of whole words; the last may be shorter, and with more partitions than words
  // the last ones are empty.
  PartitionLayout(std::int64_t num_vertices, int partitions) : num_vertices_(num_vertices) {
    if (partitions < 1) throw Error("partition layout: " + std::to_string(partitions) + " partitions; need at least 1");
    const std::int64_t words = Bitmap::words_for(num_vertices);
    words_per_partition_ = std::max<std::int64_t>(1, (words + partitions - 1) / partitions);
    boundaries_.clear();
    for (int k = 0; k <= partitions; ++k) {
      boundaries_.push_back(std::min(num_vertices, k * words_per_partition_ * Bitmap::kBitsPerWord));
    }
  }

  int count() const { return static_cast<int>(boundaries_.size()) - 1; }
  std::int64_t num_vertices() const { return num_vertices_; }
  VertexRange range(int partition) const { return {boundaries_[partition], boundaries_[partition + 1]}; }
  // The words [first_word, end_word) of a per-vertex bitmap that the partition owns.
  // (A non-empty range starts on a word; an empty one at the end gets no word.)
  std::int64_t first_word(int partition) const { return Bitmap::words_for(boundaries_[partition]); }
  std::int64_t end_word(int partition) const { return Bitmap::words_for(boundaries_[partition + 1]); }
  int partition_of(VertexId vertex) const {
    return static_cast<int>(vertex / (words_per_partition_ * Bitmap::kBitsPerWord));
  }

 private:
  std::int64_t num_vertices_ = 0;
  std::int64_t words_per_partition_ = 1;
  std::vector<VertexId> boundaries_{0, 0};
};

}  // namespace semibfs
