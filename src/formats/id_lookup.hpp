// Bulk lookups of file ids in an IdMap, as renumbering every edge of a file makes them: the map's
// binary search costs about log2(n) dependent cache misses an id, which made renumbering 10
// million edges take longer than reading them. Here the high bits of an id first pick a bucket
// of the sorted table (2 to 4 ids a bucket on average), and only that bucket is searched: 2 to 4
// bytes per distinct id (8 per bucket). Ids crowded into few buckets still find their place, by a
// binary search within the bucket.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "formats/id_map.hpp"

namespace semibfs {

class IdLookup {
 public:
  // The map must outlive the lookup.
  explicit IdLookup(const IdMap& map) : map_(map), ids_(map.sorted_ids()) {
    if (ids_.empty()) return;  // the identity: the map's own find is free
    const int bucket_bits = std::max(1, static_cast<int>(std::bit_width(ids_.size() / kIdsPerBucket)));
    shift_ = std::max(0, static_cast<int>(std::bit_width(ids_.back())) - bucket_bits);
    const std::size_t buckets = static_cast<std::size_t>(ids_.back() >> shift_) + 1;
    bucket_starts_.resize(buckets + 1);
    std::size_t index = 0;
    for (std::size_t bucket = 0; bucket <= buckets; ++bucket) {
      while (index < ids_.size() && (ids_[index] >> shift_) < bucket) ++index;
      bucket_starts_[bucket] = index;
    }
  }

  // The same as IdMap::find.
  std::optional<VertexId> find(std::uint64_t file_id) const {
    if (ids_.empty()) return map_.find(file_id);
    const std::uint64_t bucket = file_id >> shift_;
    if (bucket + 1 >= bucket_starts_.size()) return std::nullopt;
    const auto begin = ids_.begin() + static_cast<std::ptrdiff_t>(bucket_starts_[bucket]);
    const auto end = ids_.begin() + static_cast<std::ptrdiff_t>(bucket_starts_[bucket + 1]);
    const auto found = std::lower_bound(begin, end, file_id);
    if (found == end || *found != file_id) return std::nullopt;
    return static_cast<VertexId>(found - ids_.begin());
  }

  // Bytes of the buckets (the map's own table not counted).
  std::size_t bytes() const { return bucket_starts_.size() * sizeof(std::size_t); }
  // The same before there is a lookup, for a map of `distinct_ids` ids that is not the identity.
  static std::size_t bytes_for(std::uint64_t distinct_ids) {
    return (2 * (distinct_ids / kIdsPerBucket) + 3) * sizeof(std::size_t);
  }

 private:
  static constexpr std::size_t kIdsPerBucket = 4;

  const IdMap& map_;
  std::span<const std::uint64_t> ids_;
  int shift_ = 0;
  std::vector<std::size_t> bucket_starts_;  // ids_[starts[b], starts[b + 1]) have id >> shift_ == b
};

}  // namespace semibfs
