// Graph500 validation of several kept searches in one pass over lists grouped by vertex, streamed
// (issue 41 item 2): a store's compressed lists hold the input's edges in a third of the edge
// file's bytes. Resident: a byte (or a nibble, LaneLevels) of tree level per search per vertex and
// the tuple degrees (4 bytes a vertex, tuple_degrees.hpp); each search's parents are read in vertex
// order beside the lists, a block at a time. Per vertex v and search c the pass checks what
// batch_list_pass checks: every neighbour's level within one of v's (rule 3; an unreached level is
// two above any reached one, so this also finds a pair that leaves the reached set: rule 4), and, v
// reached and not the root, its parent among its neighbours (rule 5). Rule 1 and the levels are
// walked as a search is kept (its tree alone in DRAM then). nedge, which counts repeated tuples, is
// the sum of the tuple degrees of the reached vertices, halved: with no pair leaving the reached
// set every tuple at a reached vertex has both endpoints reached. Undirected graphs only. The lists
// must hold exactly the input's pairs: docs/VALIDATION.md says how a store's build and open make
// that so, and the pass checks at each vertex that its list is no longer than its tuples and empty
// only when it has none. A search the pass flags (or whose tree is too deep for its lane's level)
// is validated again alone by Validator over the tuples, whose report names the failures.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/parent_array.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "edges/vertex_list_source.hpp"
#include "validate/search_batch.hpp"
#include "validate/tree_levels.hpp"
#include "validate/validator.hpp"

namespace semibfs {

// Where the kept searches' parents are read back from, by their column in the batch (the order kept).
class KeptParentReader {
 public:
  virtual ~KeptParentReader() = default;
  // The parents of vertices [first, first + into.size()) of the search in `column`; returns the
  // bytes read from a file for them (0 from DRAM).
  virtual std::int64_t read_range(int column, VertexId first, std::span<VertexId> into) const = 0;
  // Its whole tree, for a search validated alone.
  virtual void read(int column, ParentArray& parent) const = 0;
};

// A byte of level per search per vertex, or a nibble (two searches a byte) when the batch's trees
// are at most NibbleLevels::kDeepest (13) levels deep; a deeper tree in a batch of nibbles is
// validated alone.
enum class LaneLevels { kBytes, kNibbles };

class ListStreamBatch {
 public:
  static constexpr int kMaxSearches = 64;  // one bit each in a vertex's rule-5 word

  // Room for `capacity` searches (1 to kMaxSearches; 8 or more in nibbles) over the lists of
  // `lists`, whose pairs are the tuples of `edges` (undirected). Counts the tuple degrees now: one
  // pass over `edges`, which also checks every endpoint. Both sources must outlive the batch.
  ListStreamBatch(const VertexListSource& lists, const EdgeSource& edges, int capacity,
                  LaneLevels levels = LaneLevels::kBytes);
  // The tuple degrees of `edges` (tuple_degrees.hpp), the seconds and file bytes their count took.
  struct CountedDegrees {
    std::vector<std::uint32_t> degrees;
    double seconds = 0;
    std::int64_t bytes_read = 0;
  };
  // The same with the tuple degrees counted already, by TupleDegreeCounter as the edge file was
  // read for another check: no pass over `edges` now.
  ListStreamBatch(const VertexListSource& lists, const EdgeSource& edges, int capacity, LaneLevels levels,
                  CountedDegrees counted);

  // The searches a vertex's record holds for a batch of `capacity`: 4, 8, 16, 24, 32, 48 or 64, not
  // 4 in nibbles. Throws past 64.
  static int stride_for(int capacity, LaneLevels levels);
  // Bytes a batch of `capacity` searches holds, the sources' buffers included (not the tree the
  // caller hands to keep); and the most searches `room` bytes hold (0 when not four, or not eight
  // in nibbles).
  static std::int64_t working_bytes_for(const VertexListSource& lists, const EdgeSource& edges, int capacity,
                                        LaneLevels levels = LaneLevels::kBytes);
  static int capacity_for(const VertexListSource& lists, const EdgeSource& edges, std::int64_t room,
                          LaneLevels levels = LaneLevels::kBytes);

  int size() const { return static_cast<int>(kept_.size()); }
  int capacity() const { return capacity_; }
  LaneLevels lane_levels() const { return lane_levels_; }
  bool full() const { return size() == capacity_; }
  std::int64_t working_bytes() const;
  // Bytes the batch's passes read from files: the lists, the parents and the tuples.
  std::int64_t bytes_read() const { return lists_.bytes_read() + parent_bytes_read_ + tuple_bytes_read_; }

  // Seconds spent so far: counting the tuple degrees, walking tree levels, in the passes.
  struct Seconds {
    double degrees = 0;
    double levels = 0;
    double passes = 0;
  };
  const Seconds& seconds() const { return seconds_; }

  // Stages the levels of up to 4 (or 2) searches, as their walks give them, and writes them into
  // the records in one sweep, when `room` bytes besides working_bytes() hold the stage (a sweep
  // reads and writes every record: once a group instead of once a search). Before the first keep.
  void stage_levels_within(std::int64_t room);
  int staged_lanes() const { return stage_lanes_; }

  // Keeps the search from `root`; its tree levels are walked now (rule 1).
  void keep(VertexId root, const ParentArray& parent);
  // One pass over the lists for every kept search, their parents read from `parents`; then the
  // batch is empty.
  std::vector<BatchOutcome> check(const KeptParentReader& parents);

  struct Kept {
    VertexId root = kUnreached;
    bool alone = false;
    double seconds = 0;
  };
  struct PassResult {
    std::vector<std::int64_t> nedge;  // per column
    std::uint64_t failed = 0;
  };

 private:
  PassResult pass(const KeptParentReader& parents);
  template <class Code>
  PassResult pass_with(const KeptParentReader& parents);
  template <class Code>
  bool write_lane(std::uint8_t* records, std::int64_t record_bytes, int lane);
  bool write_levels(int column);
  void write_stage(int column);
  std::int64_t stage_bytes() const;
  std::int64_t stage_record_bytes() const;  // a vertex's bytes in the stage (staging only)
  std::vector<BatchOutcome> outcomes(const PassResult& pass, double pass_seconds, const KeptParentReader& parents);

  const VertexListSource& lists_;
  const EdgeSource& edges_;
  int capacity_;
  LaneLevels lane_levels_;
  int stride_;        // searches a record holds
  int record_bytes_;  // a record's bytes: stride_, or half of it in nibbles
  std::int64_t num_vertices_;
  std::vector<std::uint32_t> tuple_degrees_;
  std::vector<std::uint8_t> levels_;  // [vertex][record_bytes_], every bit set when unreached
  std::vector<TreeLevel> tree_levels_;
  int stage_lanes_ = 1;               // 1: each search's levels written into the records at once
  std::vector<std::uint8_t> stage_;   // [vertex][stage_lanes_ lanes], every bit set when unreached
  bool stage_pending_ = false;        // the stage holds levels not yet in the records
  std::vector<Kept> kept_;
  std::optional<Validator> validator_;  // made when a search is validated alone
  std::int64_t parent_bytes_read_ = 0;
  std::int64_t tuple_bytes_read_ = 0;
  double unshared_seconds_ = 0;
  Seconds seconds_;  // counting the tuple degrees: the first pass's searches share it
};

}  // namespace semibfs
