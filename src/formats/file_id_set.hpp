// The distinct vertex ids of a graph file, gathered chunk by chunk within a memory limit, for the
// numbering of a store built from it (import/input_store.hpp). Two ways to hold them:
//   - a bitmap over 0..largest id, 1 bit per id, while it takes at most half the limit: dense
//     files (Kronecker edge lists, most SNAP files of compact ids) cost 1/8 byte per id;
//   - IdMapBuilder's sorted batches, 8 bytes per distinct id and up to 32 while merging, once an id
//     lies beyond what the bitmap may cover (sparse ids, e.g. hashed or 48-bit SNAP ids); the ids of
//     the bitmap move into the batches and the bitmap is freed. A direct-mapped table of recent ids
//     in front of the batches keeps most repeats (a hub's thousands of edges) out of their sorts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "formats/id_map.hpp"
#include "formats/raw_edge.hpp"

namespace semibfs {

class FileIdSet {
 public:
  // Throws Error (from add, finish or take_map) as soon as holding the ids would take more than
  // `memory_limit_bytes`.
  explicit FileIdSet(std::int64_t memory_limit_bytes);

  // Throws Error naming the id when one is 2^48 or more.
  void add(std::span<const RawEdge> edges);
  // After the last add: counts the distinct ids (in the batches' case, merges them into the map).
  void finish();
  std::uint64_t distinct() const { return distinct_; }
  // The largest id added (0 when none was).
  std::uint64_t max_id() const { return max_id_; }
  // After finish(): the map of the distinct ids onto 0..distinct()-1 in id order, the identity
  // when they are 0..n-1. Frees the set.
  IdMap take_map() &&;

  // Bytes held now and the most held at once (the batches' bound, IdMapBuilder::memory_bound_bytes).
  std::int64_t bytes() const;
  std::int64_t peak_bytes() const { return peak_bytes_; }
  bool uses_bitmap() const { return !builder_ && !map_; }

 private:
  void add(std::uint64_t id);
  bool grow_bitmap(std::size_t word);
  void switch_to_batches();
  void add_to_batches(std::uint64_t id);
  void note_bytes(std::int64_t bytes);
  [[noreturn]] void over_limit(std::uint64_t ids, std::int64_t bytes) const;

  std::int64_t limit_bytes_;
  std::size_t batch_ids_;
  std::vector<std::uint64_t> bitmap_words_;  // bit i of word w: id 64 w + i was added
  std::optional<IdMapBuilder> builder_;      // once the ids left the bitmap
  std::vector<std::uint64_t> recent_ids_;    // with the batches: the last id met in each slot
  int recent_shift_ = 64;                    // a slot is the top bits of id * a Fibonacci constant
  std::optional<IdMap> map_;                 // the batches' result, after finish()
  std::uint64_t max_id_ = 0;
  std::uint64_t distinct_ = 0;
  std::int64_t peak_bytes_ = 0;
};

}  // namespace semibfs
