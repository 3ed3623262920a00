// The stream pass walks the lists block by block: a block's parents are read for every kept search
// and laid out per vertex beside its level lanes, then its vertices are checked in parallel, each
// list decoded by the thread that checks it; the source reads the next block meanwhile.
#include "validate/list_stream_batch.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/parallel_errors.hpp"
#include "core/timer.hpp"
#include "edges/packed_edge.hpp"
#include "validate/batch_edge_pass.hpp"
#include "validate/batch_lanes.hpp"
#include "validate/failure_log.hpp"
#include "validate/tuple_degrees.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kVerticesPerTask = 64;
constexpr GraphDirection kUndirected = GraphDirection::kUndirected;

// A vertex whose list cannot be its tuples' pairs: more entries than tuples, or none with some.
[[noreturn, gnu::cold]] void throw_lists_disagree(VertexId v, std::size_t entries, std::uint32_t tuples) {
  throw Error("validation: vertex " + std::to_string(v) + " has " + std::to_string(entries) +
              " neighbours in the lists but " + std::to_string(tuples) +
              " tuples in the edge file: the lists do not hold the input's edges (a damaged store: build it again)");
}

template <int kStride, class Code>
struct VertexStreamCheck {
  VertexStreamCheck(const std::uint8_t* lane_levels, const std::uint32_t* degrees)
      : levels(lane_levels), tuple_degrees(degrees) {}

  const std::uint8_t* levels;
  const std::uint32_t* tuple_degrees;
  std::int64_t reached_degrees[kStride] = {};  // per lane: tuple degrees of its reached vertices
  std::uint64_t failed = 0;
  std::vector<std::uint32_t> list;

  void check(const ListBlock& block, VertexId v, const VertexId* parents, std::uint64_t seen) {
    block.list_of(v, list);
    const std::uint32_t degree = tuple_degrees[v];
    if (list.size() > degree || list.empty() != (degree == 0)) throw_lists_disagree(v, list.size(), degree);
    const Lanes<kStride, VertexId, Code> lanes{levels, nullptr, nullptr};
    const std::uint8_t* own = lanes.levels_of(v);
    failed |= check_vertex_list<kStride, kUndirected, false>(lanes, own, parents, list, seen, nullptr);
    for (int c = 0; c < kStride; ++c) reached_degrees[c] += Code::level(own, c) != Code::kUnreached ? degree : 0;
  }
};

struct StreamInputs {
  const std::uint8_t* levels;
  const std::uint32_t* tuple_degrees;
  std::span<const ListStreamBatch::Kept> kept;
};

// The block's parents per vertex, a lane each, as its level lanes lie; bytes read for them. Read
// column by column, then laid out in one parallel loop.
template <int kStride>
std::int64_t gather_parents(const ListBlock& block, const StreamInputs& in, const KeptParentReader& parents,
                            std::vector<VertexId>& columns, std::vector<VertexId>& lanes) {
  const std::int64_t n = block.num_vertices();
  const auto searches = static_cast<std::int64_t>(in.kept.size());
  columns.resize(static_cast<std::size_t>(n * searches));
  std::int64_t bytes = 0;
  for (std::int64_t c = 0; c < searches; ++c) {
    if (in.kept[static_cast<std::size_t>(c)].alone) continue;
    bytes += parents.read_range(static_cast<int>(c), block.first_vertex(),
                                std::span(columns).subspan(static_cast<std::size_t>(c * n), static_cast<std::size_t>(n)));
  }
  lanes.resize(static_cast<std::size_t>(n * kStride));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t c = 0; c < kStride; ++c) {
      const bool kept = c < searches && !in.kept[static_cast<std::size_t>(c)].alone;
      lanes[static_cast<std::size_t>(i * kStride + c)] = kept ? columns[static_cast<std::size_t>(c * n + i)] : kUnreached;
    }
  }
  return bytes;
}

// The lanes whose root is v: the root is its own parent, no pair need join them.
std::uint64_t root_lanes(std::span<const ListStreamBatch::Kept> kept, VertexId v) {
  std::uint64_t lanes = 0;
  for (std::size_t c = 0; c < kept.size(); ++c) lanes |= std::uint64_t{kept[c].root == v} << c;
  return lanes;
}

template <int kStride, class Code>
void check_block(const ListBlock& block, const StreamInputs& in, const std::vector<VertexId>& lanes,
                 ListStreamBatch::PassResult& result) {
  const std::int64_t n = block.num_vertices();
  const VertexId first = block.first_vertex();
  ParallelErrors errors;
#pragma omp parallel
  {
    VertexStreamCheck<kStride, Code> vertex{in.levels, in.tuple_degrees};
#pragma omp for schedule(dynamic, kVerticesPerTask) nowait
    for (std::int64_t i = 0; i < n; ++i) {
      errors.capture([&] {
        vertex.check(block, first + i, lanes.data() + i * kStride, root_lanes(in.kept, first + i));
      });
    }
#pragma omp critical(semibfs_list_stream_merge)
    {
      for (int c = 0; c < kStride; ++c) result.nedge[static_cast<std::size_t>(c)] += vertex.reached_degrees[c];
      result.failed |= vertex.failed;
    }
  }
  errors.rethrow_first();
}

template <int kStride, class Code>
ListStreamBatch::PassResult stream_pass(const VertexListSource& lists, const StreamInputs& in,
                                        const KeptParentReader& parents, std::int64_t& parent_bytes) {
  ListStreamBatch::PassResult result;
  result.nedge.assign(kStride, 0);
  std::vector<VertexId> columns;
  std::vector<VertexId> lanes;
  lists.for_each_block([&](const ListBlock& block) {
    parent_bytes += gather_parents<kStride>(block, in, parents, columns, lanes);
    check_block<kStride, Code>(block, in, lanes, result);
  });
  // Every tuple was counted at both its endpoints.
  for (std::int64_t& count : result.nedge) count /= 2;
  return result;
}

std::int64_t parent_bytes_for(std::int64_t num_vertices) { return ParentArray::bytes_per_vertex(num_vertices); }

ListStreamBatch::CountedDegrees counted_from(const EdgeSource& edges) {
  const Stopwatch counting;
  ListStreamBatch::CountedDegrees counted{tuple_degrees(edges)};
  counted.seconds = counting.seconds();
  counted.bytes_read = edges.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge));
  return counted;
}

// The searches a record may hold, ascending: multiples of 8 past 8, so that a record of nibbles is a
// whole number of 4-byte words and the parents' lanes fill 512-bit vectors.
constexpr int kStrides[] = {4, 8, 16, 24, 32, 48, 64};

int lanes_per_byte(LaneLevels levels) { return levels == LaneLevels::kNibbles ? 2 : 1; }
// Nibbles need 8 lanes: a record of 4 bytes at least.
int min_stride(LaneLevels levels) { return levels == LaneLevels::kNibbles ? 8 : 4; }

}  // namespace

ListStreamBatch::ListStreamBatch(const VertexListSource& lists, const EdgeSource& edges, int capacity,
                                 LaneLevels levels, CountedDegrees counted)
    : lists_(lists),
      edges_(edges),
      capacity_(capacity),
      lane_levels_(levels),
      stride_(stride_for(capacity, levels)),
      record_bytes_(stride_ / lanes_per_byte(levels)),
      num_vertices_(edges.num_vertices()),
      tuple_degrees_(std::move(counted.degrees)),
      tuple_bytes_read_(counted.bytes_read),
      unshared_seconds_(counted.seconds) {
  if (capacity < 1) throw Error("a search batch needs room for at least one search");
  if (lists.num_vertices() != num_vertices_) {
    throw Error("validation: the lists have " + std::to_string(lists.num_vertices()) + " vertices, the tuples " +
                std::to_string(num_vertices_));
  }
  if (std::ssize(tuple_degrees_) != num_vertices_) {
    throw Error("validation: " + std::to_string(tuple_degrees_.size()) + " tuple degrees counted for " +
                std::to_string(num_vertices_) + " vertices");
  }
  seconds_.degrees = unshared_seconds_;
  kept_.reserve(static_cast<std::size_t>(capacity_));
}

ListStreamBatch::ListStreamBatch(const VertexListSource& lists, const EdgeSource& edges, int capacity,
                                 LaneLevels levels)
    : ListStreamBatch(lists, edges, capacity, levels, counted_from(edges)) {}

int ListStreamBatch::stride_for(int capacity, LaneLevels levels) {
  for (const int stride : kStrides) {
    if (capacity <= stride && stride >= min_stride(levels)) return stride;
  }
  throw Error("a search batch holds at most " + std::to_string(kMaxSearches) + " searches, not " +
              std::to_string(capacity));
}

// The tree the caller hands to keep is its own: the walk holds the levels alone.
std::int64_t ListStreamBatch::working_bytes_for(const VertexListSource& lists, const EdgeSource& edges, int capacity,
                                                LaneLevels levels) {
  const std::int64_t n = edges.num_vertices();
  const std::int64_t stride = stride_for(capacity, levels);
  const std::int64_t record = stride / lanes_per_byte(levels);
  const std::int64_t degrees = n * static_cast<std::int64_t>(sizeof(std::uint32_t));
  const std::int64_t walk = n * static_cast<std::int64_t>(sizeof(TreeLevel));
  const std::int64_t block = lists.max_block_vertices() * 2 * stride * static_cast<std::int64_t>(sizeof(VertexId));
  const std::int64_t pass = lists.buffer_bytes() + block;
  const std::int64_t alone = Validator::working_bytes_for(n) + n * parent_bytes_for(n) + edges.buffer_bytes();
  return std::max({n * record + degrees + std::max(walk, pass), degrees + alone, degrees + edges.buffer_bytes()});
}

int ListStreamBatch::capacity_for(const VertexListSource& lists, const EdgeSource& edges, std::int64_t room,
                                  LaneLevels levels) {
  for (auto stride = std::rbegin(kStrides); stride != std::rend(kStrides) && *stride >= min_stride(levels); ++stride) {
    if (working_bytes_for(lists, edges, *stride, levels) <= room) return *stride;
  }
  return 0;
}

std::int64_t ListStreamBatch::working_bytes() const {
  return working_bytes_for(lists_, edges_, capacity_, lane_levels_) + stage_bytes();
}

// The level walked for each vertex into `lane` of its record; false (the lane left unreached) when
// the tree is deeper than Code holds.
template <class Code>
bool ListStreamBatch::write_lane(std::uint8_t* records, std::int64_t record_bytes, int lane) {
  TreeLevel deepest = 0;
#pragma omp parallel for schedule(static) reduction(max : deepest)
  for (VertexId v = 0; v < num_vertices_; ++v) {
    const TreeLevel level = tree_levels_[static_cast<std::size_t>(v)];
    if (level != kUnreachedLevel) deepest = std::max(deepest, level);
    const auto clamped = static_cast<std::uint8_t>(std::min<TreeLevel>(level, Code::kDeepest));
    const std::uint8_t lane_level = level == kUnreachedLevel ? Code::kUnreached : clamped;
    Code::set_level(records + v * record_bytes, lane, lane_level);
  }
  if (deepest <= Code::kDeepest) return true;
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices_; ++v) Code::set_level(records + v * record_bytes, lane, Code::kUnreached);
  return false;
}

std::int64_t ListStreamBatch::stage_record_bytes() const { return stage_lanes_ / lanes_per_byte(lane_levels_); }

std::int64_t ListStreamBatch::stage_bytes() const { return stage_lanes_ == 1 ? 0 : num_vertices_ * stage_record_bytes(); }

void ListStreamBatch::stage_levels_within(std::int64_t room) {
  if (!kept_.empty()) throw Error("a batch stages its levels from its first search");
  for (const int lanes : {4, 2}) {
    stage_lanes_ = lanes;
    if (stage_bytes() <= room) return;
  }
  stage_lanes_ = 1;
}

// The column's levels into its lane of the records, or of the stage; false when its tree is too deep.
bool ListStreamBatch::write_levels(int column) {
  const bool nibbles = lane_levels_ == LaneLevels::kNibbles;
  std::uint8_t* records = stage_lanes_ == 1 ? levels_.data() : stage_.data();
  const std::int64_t record = stage_lanes_ == 1 ? record_bytes_ : stage_record_bytes();
  const int lane = stage_lanes_ == 1 ? column : column % stage_lanes_;
  return nibbles ? write_lane<NibbleLevels>(records, record, lane) : write_lane<ByteLevels>(records, record, lane);
}

// The staged group that holds `column` into the records' bytes of its lanes, and the stage unreached
// again for the next group.
void ListStreamBatch::write_stage(int column) {
  const std::int64_t bytes = stage_record_bytes();
  const std::int64_t offset = column / stage_lanes_ * bytes;
  std::uint8_t* levels = levels_.data();
  std::uint8_t* stage = stage_.data();
  const std::int64_t record = record_bytes_;
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices_; ++v) {
    std::memcpy(levels + v * record + offset, stage + v * bytes, static_cast<std::size_t>(bytes));
    std::memset(stage + v * bytes, 0xFF, static_cast<std::size_t>(bytes));
  }
  stage_pending_ = false;
}

void ListStreamBatch::keep(VertexId root, const ParentArray& parent) {
  check_room_to_keep(full(), capacity_, parent.size(), num_vertices_);
  const Stopwatch time;
  // Every bit set: unreached in every lane, bytes or nibbles.
  if (kept_.empty()) {
    assign_in_huge_pages(levels_, static_cast<std::size_t>(num_vertices_ * record_bytes_), std::uint8_t{0xFF});
    reserve_in_huge_pages(tree_levels_, static_cast<std::size_t>(num_vertices_));
    if (stage_lanes_ > 1) stage_.assign(static_cast<std::size_t>(stage_bytes()), 0xFF);
  }
  const int column = size();
  FailureLog failures;
  parent.visit([&](auto entries) { tree_levels(root, entries, failures, tree_levels_); });
  const bool alone = !failures.empty() || !write_levels(column);
  stage_pending_ = stage_lanes_ > 1;
  if (stage_pending_ && ((column + 1) % stage_lanes_ == 0 || column + 1 == capacity_)) write_stage(column);
  kept_.push_back(Kept{root, alone, time.seconds()});
  seconds_.levels += kept_.back().seconds;
}

template <class Code>
ListStreamBatch::PassResult ListStreamBatch::pass_with(const KeptParentReader& parents) {
  const StreamInputs in{levels_.data(), tuple_degrees_.data(), kept_};
  switch (stride_) {
    case 4: return stream_pass<4, Code>(lists_, in, parents, parent_bytes_read_);
    case 8: return stream_pass<8, Code>(lists_, in, parents, parent_bytes_read_);
    case 16: return stream_pass<16, Code>(lists_, in, parents, parent_bytes_read_);
    case 24: return stream_pass<24, Code>(lists_, in, parents, parent_bytes_read_);
    case 32: return stream_pass<32, Code>(lists_, in, parents, parent_bytes_read_);
    case 48: return stream_pass<48, Code>(lists_, in, parents, parent_bytes_read_);
    default: return stream_pass<64, Code>(lists_, in, parents, parent_bytes_read_);
  }
}

ListStreamBatch::PassResult ListStreamBatch::pass(const KeptParentReader& parents) {
  return lane_levels_ == LaneLevels::kNibbles ? pass_with<NibbleLevels>(parents) : pass_with<ByteLevels>(parents);
}

std::vector<BatchOutcome> ListStreamBatch::outcomes(const PassResult& pass, double pass_seconds,
                                                    const KeptParentReader& parents) {
  std::vector<BatchOutcome> outcomes;
  ParentArray parent;
  for (int column = 0; column < size(); ++column) {
    const Kept& kept = kept_[static_cast<std::size_t>(column)];
    BatchOutcome outcome;
    outcome.root = kept.root;
    outcome.seconds = kept.seconds + pass_seconds / size();
    if (kept.alone || ((pass.failed >> column) & 1) != 0) {
      const Stopwatch alone;
      if (!validator_) validator_.emplace(edges_, kUndirected);
      parents.read(column, parent);
      outcome.report = parent.visit([&](auto entries) { return validator_->validate(kept.root, entries); });
      outcome.seconds += alone.seconds();
      outcome.validated_alone = true;
    } else {
      outcome.report.nedge = pass.nedge[static_cast<std::size_t>(column)];
    }
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

std::vector<BatchOutcome> ListStreamBatch::check(const KeptParentReader& parents) {
  const Stopwatch pass_time;
  if (stage_pending_) write_stage(size() - 1);  // a group left part-full
  std::vector<std::uint8_t>().swap(stage_);
  std::vector<TreeLevel>().swap(tree_levels_);  // its room is the pass's, then the validator's
  const PassResult result = pass(parents);
  seconds_.passes += pass_time.seconds();
  std::vector<std::uint8_t>().swap(levels_);
  std::vector<BatchOutcome> checked = outcomes(result, pass_time.seconds() + unshared_seconds_, parents);
  unshared_seconds_ = 0;
  kept_.clear();
  return checked;
}

}  // namespace semibfs
