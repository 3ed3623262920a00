// Graph500 validation of several searches in one pass over the input tuples, so that a run no
// longer pays a pass (four random reads a tuple) for every search. The kept searches lie side by
// side per vertex: a byte of tree level and a parent each, and a word of rule-5 bits, so that a
// tuple reads its two endpoints' records once for all of them. For each search the pass proves
// what Validator proves (validator.cpp says why that is the five rules): rule 1 and the levels as
// the search is kept, then rule 3, no tuple leaving the reached set (rule 4), and a tuple joining
// each reached vertex to its parent (rule 5). A search that fails any of them, or whose tree is too
// deep for a byte of level, is validated again alone by Validator, whose report names the failures.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/graph_direction.hpp"
#include "core/parent_array.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "io/aligned_buffer.hpp"
#include "validate/tree_levels.hpp"
#include "validate/validation_lists.hpp"
#include "validate/validator.hpp"

namespace semibfs {

// What the batch found for one kept search.
struct BatchOutcome {
  VertexId root = kUnreached;
  // With validation, Validator's report; without, no failures. Either way nedge is the TEPS
  // numerator: the non-self-loop tuples with both endpoints reached, duplicates counted.
  ValidationReport report;
  double seconds = 0;  // its levels, its share of the pass, and its validation alone if it had one
  bool validated_alone = false;  // the pass flagged it (or its tree was too deep): Validator reported
};

class SearchBatch {
 public:
  static constexpr int kMaxSearches = 64;  // one bit each in a vertex's rule-5 word
  static constexpr int kStagedSearches = 8;  // kept searches staged before their lanes are written

  // Room for `capacity` searches (1 to kMaxSearches) over the tuples of `edges`, a graph of
  // `direction`. With a validator (over the same tuples) each search is validated; without one
  // only its TEPS numerator is counted. With `own_lists` (and a validator) the first check builds
  // the validator's lists of the tuples (validation_lists.hpp), and every pass reads them instead
  // of the tuples. The source and the validator must outlive the batch.
  SearchBatch(const EdgeSource& edges, GraphDirection direction, const Validator* validator, int capacity,
              bool own_lists = false);

  // Bytes a batch of `capacity` searches holds over `num_vertices` vertices, and the most searches
  // that `room` bytes hold (0 when not one; at most kMaxSearches).
  static std::int64_t working_bytes_for(std::int64_t num_vertices, int capacity, bool validate);
  static int capacity_for(std::int64_t num_vertices, std::int64_t room, bool validate);
  // Whether `room` holds the validator's lists of `edges` beside a batch of 8 searches or more.
  static bool lists_fit(const EdgeSource& edges, GraphDirection direction, std::int64_t room);

  int size() const { return static_cast<int>(kept_.size()); }
  int capacity() const { return capacity_; }
  bool full() const { return size() == capacity_; }
  std::int64_t working_bytes() const;

  // Keeps the search from `root`; with validation its tree levels are walked now (rule 1). The
  // parents are copied: the caller may reuse them.
  void keep(VertexId root, const ParentArray& parent);
  // One pass over the tuples for every kept search, in the order kept; then the batch is empty.
  std::vector<BatchOutcome> check();

 private:
  struct Kept {
    VertexId root = kUnreached;
    bool alone = false;  // validated by Validator on its own: rule 1 failed or the tree is too deep
    double seconds = 0;
  };

  void clear_records();
  // A kept search waits in the staging columns until a group of them is written into the lanes
  // together: a vertex's record is then written once a group, not once a search.
  void stage(int slot, VertexId root, const ParentArray& parent, Kept& kept);
  void stage_levels(int slot, VertexId root, const ParentArray& parent, Kept& kept);
  static void copy_parents(const ParentArray& from, ParentArray& to);
  void write_staged_group();
  template <class ParentId>
  void write_group(int first_column, int searches);
  ParentArray parents_of(int column) const;
  std::vector<BatchOutcome> outcomes(const std::vector<std::int64_t>& nedge, std::uint64_t failed, double pass_seconds);

  const EdgeSource& edges_;
  GraphDirection direction_;
  const Validator* validator_;
  int capacity_;
  int stride_;  // record width: the capacity rounded up to 4, 8, 16, 32 or 64
  std::int64_t num_vertices_;
  bool narrow_;               // 32-bit parents
  AlignedBuffer levels_;      // [vertex][stride]: a byte of level, kUnreachedByte when unreached
  AlignedBuffer parents_;     // [vertex][stride]: parents, 32 or 64 bits (with validation)
  AlignedBuffer parent_seen_; // [vertex]: bit c set once a tuple joins the vertex and its parent in search c
  int group_;                          // searches staged before they are written into the lanes
  std::vector<std::uint8_t> staged_levels_;  // [slot][vertex]
  ParentArray staged_parents_[kStagedSearches];  // one per slot, with validation
  std::vector<TreeLevel> tree_levels_;  // the kept search's levels; its memory kept until the pass
  std::vector<Kept> kept_;
  bool own_lists_;
  std::optional<ValidationLists> lists_;  // built by the first check when own_lists_
};

}  // namespace semibfs
