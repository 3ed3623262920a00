// A sorted vector of the distinct file ids, built by merging sorted batches.
#include "formats/id_map.hpp"

#include <algorithm>
#include <iterator>
#include <string>

#include "core/error.hpp"

namespace semibfs {

IdMap::IdMap(std::vector<std::uint64_t> sorted_ids, std::uint64_t size, std::uint64_t first_id)
    : sorted_ids_(std::move(sorted_ids)), size_(size), first_id_(first_id) {}

IdMap IdMap::identity(std::uint64_t count, std::uint64_t first_id) {
  if (first_id > kMaxFileId || count > kMaxFileId + 1 - first_id) {
    throw Error("cannot number " + std::to_string(count) + " vertices from " + std::to_string(first_id) +
                ": semibfs takes ids up to 2^48 - 1");
  }
  return IdMap({}, count, first_id);
}

IdMap IdMap::from_sorted_ids(std::vector<std::uint64_t> sorted_ids, std::uint64_t first_id) {
  for (std::size_t i = 0; i < sorted_ids.size(); ++i) {
    if (sorted_ids[i] > kMaxFileId) {
      throw Error("id map: id " + std::to_string(sorted_ids[i]) + " at position " + std::to_string(i) +
                  " is 2^48 or more");
    }
    if (i > 0 && sorted_ids[i] <= sorted_ids[i - 1]) {
      throw Error("id map: the ids are not strictly ascending at position " + std::to_string(i) + " (" +
                  std::to_string(sorted_ids[i - 1]) + " then " + std::to_string(sorted_ids[i]) + ")");
    }
  }
  if (!sorted_ids.empty() && sorted_ids.front() < first_id) {
    throw Error("id map: id " + std::to_string(sorted_ids.front()) + " at position 0 is below the file's first id " +
                std::to_string(first_id));
  }
  const std::uint64_t size = sorted_ids.size();
  // Strictly ascending ids from first_id that end at first_id + n - 1 are all of them.
  if (sorted_ids.empty() || sorted_ids.back() - first_id == size - 1) return identity(size, first_id);
  return IdMap(std::move(sorted_ids), size, first_id);
}

IdMap IdMap::numbered_from(std::uint64_t first_id) && {
  if (first_id == 0) return std::move(*this);
  if (is_identity()) return identity(size_, first_id_ + first_id);
  // The last id is the largest: when it stays below 2^48, so do the others.
  if (sorted_ids_.back() > kMaxFileId - first_id) {
    throw Error("id map: id " + std::to_string(sorted_ids_.back()) + " moved up by " + std::to_string(first_id) +
                " is 2^48 or more");
  }
  for (std::uint64_t& id : sorted_ids_) id += first_id;
  return IdMap(std::move(sorted_ids_), size_, first_id_ + first_id);
}

std::optional<VertexId> IdMap::find(std::uint64_t file_id) const {
  if (is_identity()) {
    if (file_id < first_id_ || file_id - first_id_ >= size_) return std::nullopt;
    return static_cast<VertexId>(file_id - first_id_);
  }
  const auto found = std::lower_bound(sorted_ids_.begin(), sorted_ids_.end(), file_id);
  if (found == sorted_ids_.end() || *found != file_id) return std::nullopt;
  return static_cast<VertexId>(found - sorted_ids_.begin());
}

VertexId IdMap::to_compact(std::uint64_t file_id) const {
  const std::optional<VertexId> id = find(file_id);
  if (!id) {
    throw Error("file id " + std::to_string(file_id) + " is not among the " + std::to_string(size_) +
                " ids of the graph (renumber with the map made from the same file)");
  }
  return *id;
}

void IdMap::to_compact(std::span<RawEdge> edges) const {
  for (RawEdge& edge : edges) {
    edge.source = static_cast<std::uint64_t>(to_compact(edge.source));
    edge.target = static_cast<std::uint64_t>(to_compact(edge.target));
  }
}

std::uint64_t IdMap::to_file(VertexId id) const {
  if (id < 0 || static_cast<std::uint64_t>(id) >= size_) {
    throw Error("compact id " + std::to_string(id) + " is outside 0.." + std::to_string(size_) +
                " - 1 (a bug in the caller: please report it)");
  }
  return is_identity() ? first_id_ + static_cast<std::uint64_t>(id) : sorted_ids_[static_cast<std::size_t>(id)];
}

void IdMapBuilder::add(std::uint64_t file_id) {
  if (file_id > kMaxFileId) {
    throw Error("file id " + std::to_string(file_id) + " is 2^48 or more (ids go up to 2^48 - 1 = " +
                std::to_string(kMaxFileId) + "; renumber the vertices)");
  }
  // Reserved whole, so that memory_bound_bytes() holds: the batch never reallocates.
  if (pending_.empty()) pending_.reserve(pending_limit());
  pending_.push_back(file_id);
  if (pending_.size() >= pending_limit()) merge_pending();
}

void IdMapBuilder::add(std::span<const RawEdge> edges) {
  for (const RawEdge& edge : edges) {
    add(edge.source);
    add(edge.target);
  }
}

// Batches at least as large as the distinct set keep the merging cost O(n log n) in all.
void IdMapBuilder::merge_pending() {
  std::sort(pending_.begin(), pending_.end());
  pending_.erase(std::unique(pending_.begin(), pending_.end()), pending_.end());
  std::vector<std::uint64_t> merged;
  merged.reserve(distinct_.size() + pending_.size());
  std::set_union(distinct_.begin(), distinct_.end(), pending_.begin(), pending_.end(), std::back_inserter(merged));
  distinct_ = std::move(merged);
  std::vector<std::uint64_t>().swap(pending_);  // the next batch is reserved at its new size
}

IdMap IdMapBuilder::build() && {
  merge_pending();
  // Ids that are already 0..n-1 need no table.
  return IdMap::from_sorted_ids(std::move(distinct_));
}

}  // namespace semibfs
