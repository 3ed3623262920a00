// Renumbering of sparse file ids to compact ids 0..n-1 and back. Compact ids follow the sorted
// order of the distinct file ids, so the same file always gives the same numbering. File ids are
// numbered as the file writes them: from first_id() (1 for Matrix Market rows, else 0).
// Memory: 8 bytes per distinct id (a sorted vector, looked up by binary search), none when the
// file ids are already exactly 0..n-1; building needs up to about 4x that at its peak.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "formats/raw_edge.hpp"

namespace semibfs {

class IdMap {
 public:
  // The map of file ids first_id..first_id+count-1 onto 0..count-1 (e.g. an MTX file's declared
  // order, first_id 1).
  static IdMap identity(std::uint64_t count, std::uint64_t first_id = 0);
  // The map whose compact id i is file id sorted_ids[i] (as a store's vertex-ids file keeps it):
  // the identity when they are first_id..first_id+n-1. Throws Error naming the position when the
  // ids are not strictly ascending, one is below first_id or one is 2^48 or more.
  static IdMap from_sorted_ids(std::vector<std::uint64_t> sorted_ids, std::uint64_t first_id = 0);

  // This map with every file id moved up by `first_id`: a reader delivers MTX row r as r - 1, so
  // the map built from what it read speaks the file's numbering after numbered_from(1).
  IdMap numbered_from(std::uint64_t first_id) &&;

  // Number of distinct file ids: compact ids are 0..size()-1.
  std::uint64_t size() const { return size_; }
  // True when file ids are first_id() plus the compact ids (no table is kept).
  bool is_identity() const { return sorted_ids_.empty(); }
  // The lowest id the file can write: 1 for Matrix Market, 0 for the other formats.
  std::uint64_t first_id() const { return first_id_; }

  // The compact id of `file_id`, or none when the map does not hold it.
  std::optional<VertexId> find(std::uint64_t file_id) const;
  // The compact id of `file_id`; throws Error naming the id when the map does not hold it.
  VertexId to_compact(std::uint64_t file_id) const;
  // Both endpoints of every edge, in place.
  void to_compact(std::span<RawEdge> edges) const;
  // The file id of compact id `id`, 0 <= id < size().
  std::uint64_t to_file(VertexId id) const;
  // One past the largest file id (0 when empty): the length of an array indexed by file id.
  std::uint64_t file_id_end() const { return size_ == 0 ? 0 : to_file(static_cast<VertexId>(size_ - 1)) + 1; }

  std::size_t bytes() const { return sorted_ids_.size() * sizeof(std::uint64_t); }
  // The file ids in compact order; empty for the identity.
  std::span<const std::uint64_t> sorted_ids() const { return sorted_ids_; }

 private:
  friend class IdMapBuilder;
  IdMap(std::vector<std::uint64_t> sorted_ids, std::uint64_t size, std::uint64_t first_id);

  std::vector<std::uint64_t> sorted_ids_;  // empty for the identity
  std::uint64_t size_ = 0;
  std::uint64_t first_id_ = 0;
};

// Collects file ids (e.g. from every chunk of an EdgeFileReader), then builds the map.
class IdMapBuilder {
 public:
  // `batch_ids`: ids gathered before they are sorted into the distinct set (a memory bound).
  explicit IdMapBuilder(std::size_t batch_ids = std::size_t{1} << 22)
      : batch_ids_(std::max<std::size_t>(batch_ids, 1)) {}

  // Throws Error naming the id when it is 2^48 or more.
  void add(std::uint64_t file_id);
  void add(std::span<const RawEdge> edges);
  IdMap build() &&;

  // Distinct ids merged so far (ids still pending are not counted).
  std::uint64_t merged_ids() const { return distinct_.size(); }
  // The most bytes the builder holds from now until the next id is added: the distinct set, the
  // pending batch (reserved whole, so it never reallocates) and, during a merge, the merged copy:
  // about 32 bytes per distinct id once the batches are as large as the set.
  std::size_t memory_bound_bytes() const {
    return (distinct_.capacity() + distinct_.size() + 2 * pending_limit()) * sizeof(std::uint64_t);
  }

 private:
  void merge_pending();
  std::size_t pending_limit() const { return std::max(batch_ids_, distinct_.size()); }

  std::size_t batch_ids_;
  std::vector<std::uint64_t> distinct_;  // sorted, no repeats
  std::vector<std::uint64_t> pending_;   // not yet merged into distinct_
};

}  // namespace semibfs
