#include "validate/search_batch.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/error.hpp"
#include "core/timer.hpp"
#include "validate/batch_edge_pass.hpp"
#include "validate/batch_lanes.hpp"
#include "validate/failure_log.hpp"
#include "validate/tree_levels.hpp"

namespace semibfs {
namespace {

constexpr int kStrides[] = {4, 8, 16, 32, 64};

int stride_for(int capacity) { return lane_stride_for(capacity); }

std::int64_t parent_bytes_for(std::int64_t num_vertices) { return ParentArray::bytes_per_vertex(num_vertices); }

// Bytes held beside the lanes while validating: the rule-5 words, and the larger of a search's
// 32-bit tree levels (while it is kept) and Validator's arrays with one search's parents (while a
// failing search is validated alone).
std::int64_t validation_fixed_bytes(std::int64_t num_vertices) {
  const std::int64_t tree_levels = num_vertices * static_cast<std::int64_t>(sizeof(TreeLevel));
  const std::int64_t alone = Validator::working_bytes_for(num_vertices) + num_vertices * parent_bytes_for(num_vertices);
  return num_vertices * static_cast<std::int64_t>(sizeof(std::uint64_t)) + std::max(tree_levels, alone);
}

}  // namespace

int lane_stride_for(int capacity) {
  for (const int stride : kStrides) {
    if (capacity <= stride) return stride;
  }
  throw Error("a search batch holds at most " + std::to_string(SearchBatch::kMaxSearches) + " searches, not " +
              std::to_string(capacity));
}

void check_room_to_keep(bool full, int capacity, std::int64_t parents, std::int64_t num_vertices) {
  if (full) throw Error("a search batch kept more searches than its room for " + std::to_string(capacity));
  if (parents != num_vertices) {
    throw Error("a search batch over " + std::to_string(num_vertices) + " vertices was given " +
                std::to_string(parents) + " parents");
  }
}

SearchBatch::SearchBatch(const EdgeSource& edges, GraphDirection direction, const Validator* validator, int capacity,
                         bool own_lists)
    : edges_(edges),
      direction_(direction),
      validator_(validator),
      capacity_(capacity),
      stride_(stride_for(capacity)),
      num_vertices_(edges.num_vertices()),
      narrow_(ParentArray::narrow_for(num_vertices_)) {
  if (capacity < 1) throw Error("a search batch needs room for at least one search");
  const auto vertices = static_cast<std::uint64_t>(num_vertices_);
  levels_ = AlignedBuffer(vertices * static_cast<std::uint64_t>(stride_));
  if (validator_ != nullptr) {
    parents_ = AlignedBuffer(vertices * static_cast<std::uint64_t>(stride_ * parent_bytes_for(num_vertices_)));
    parent_seen_ = AlignedBuffer(vertices * sizeof(std::uint64_t));
  }
  group_ = std::min(stride_, kStagedSearches);
  staged_levels_.resize(static_cast<std::size_t>(group_) * static_cast<std::size_t>(num_vertices_));
  kept_.reserve(static_cast<std::size_t>(capacity_));
  own_lists_ = own_lists && validator_ != nullptr;
}

bool SearchBatch::lists_fit(const EdgeSource& edges, GraphDirection direction, std::int64_t room) {
  return capacity_for(edges.num_vertices(), room - ValidationLists::bytes_for(edges, direction), true) >= 8;
}

std::int64_t SearchBatch::working_bytes_for(std::int64_t num_vertices, int capacity, bool validate) {
  const std::int64_t stride = stride_for(capacity);
  const std::int64_t record = validate ? 1 + parent_bytes_for(num_vertices) : 1;  // a search's bytes per vertex
  const std::int64_t lanes_and_staging = num_vertices * (stride + std::min<std::int64_t>(stride, kStagedSearches)) * record;
  return lanes_and_staging + (validate ? validation_fixed_bytes(num_vertices) : 0);
}

int SearchBatch::capacity_for(std::int64_t num_vertices, std::int64_t room, bool validate) {
  for (auto stride = std::rbegin(kStrides); stride != std::rend(kStrides); ++stride) {
    if (working_bytes_for(num_vertices, *stride, validate) <= room) return *stride;
  }
  return 0;
}

std::int64_t SearchBatch::working_bytes() const {
  return working_bytes_for(num_vertices_, capacity_, validator_ != nullptr) + edges_.buffer_bytes() +
         (own_lists_ ? ValidationLists::bytes_for(edges_, direction_) : 0);
}

void SearchBatch::clear_records() {
  std::uint8_t* levels = reinterpret_cast<std::uint8_t*>(levels_.data());
  auto* seen = reinterpret_cast<std::uint64_t*>(parent_seen_.data());
  const std::int64_t stride = stride_;
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices_; ++v) {
    std::memset(levels + v * stride, kUnreachedByte, static_cast<std::size_t>(stride));
    if (seen != nullptr) seen[v] = 0;
  }
}

// Rule 1 now, as the search is kept; a failure, or a tree too deep for a byte, leaves the search
// unreached in its lane and to Validator alone.
void SearchBatch::stage_levels(int slot, VertexId root, const ParentArray& parent, Kept& kept) {
  std::uint8_t* staged = staged_levels_.data() + static_cast<std::size_t>(slot) * static_cast<std::size_t>(num_vertices_);
  FailureLog failures;
  parent.visit([&](auto entries) { tree_levels(root, entries, failures, tree_levels_); });
  const std::vector<TreeLevel>& levels = tree_levels_;
  kept.alone = !failures.empty();
  TreeLevel deepest = 0;
  if (!kept.alone) {
    // One pass writes the bytes and finds the deepest level; a tree too deep is overwritten below.
#pragma omp parallel for schedule(static) reduction(max : deepest)
    for (VertexId v = 0; v < num_vertices_; ++v) {
      const bool reached = levels[v] != kUnreachedLevel;
      if (reached) deepest = std::max(deepest, levels[v]);
      staged[v] = reached ? static_cast<std::uint8_t>(std::min<TreeLevel>(levels[v], kDeepestByteLevel)) : kUnreachedByte;
    }
  }
  kept.alone = kept.alone || deepest > kDeepestByteLevel;
  if (kept.alone) std::memset(staged, kUnreachedByte, static_cast<std::size_t>(num_vertices_));
  // The root is its own parent; no tuple need join them.
  if (!kept.alone) reinterpret_cast<std::uint64_t*>(parent_seen_.data())[root] |= std::uint64_t{1} << size();
}

// In parallel, and into the memory of the slot's last search: a plain copy was serial, and
// allocated for every batch.
void SearchBatch::copy_parents(const ParentArray& from, ParentArray& to) {
  if (to.size() != from.size() || to.narrow() != from.narrow()) {
    to.assign(from.size(), from.narrow() ? ParentArray::Width::kFitting : ParentArray::Width::kWide);
  }
  from.visit([&](auto source) {
    to.visit([&](auto target) {
      if constexpr (std::is_same_v<std::decay_t<decltype(source[0])>, std::decay_t<decltype(target[0])>>) {
        const auto n = static_cast<std::int64_t>(source.size());
#pragma omp parallel for schedule(static)
        for (std::int64_t v = 0; v < n; ++v) target[v] = source[v];
      }
    });
  });
}

void SearchBatch::stage(int slot, VertexId root, const ParentArray& parent, Kept& kept) {
  std::uint8_t* staged = staged_levels_.data() + static_cast<std::size_t>(slot) * static_cast<std::size_t>(num_vertices_);
  if (validator_ == nullptr) {
#pragma omp parallel for schedule(static)
    for (VertexId v = 0; v < num_vertices_; ++v) staged[v] = parent[v] == kUnreached ? kUnreachedByte : 0;
    return;
  }
  copy_parents(parent, staged_parents_[slot]);
  stage_levels(slot, root, parent, kept);
}

template <class ParentId>
void SearchBatch::write_group(int first_column, int searches) {
  std::uint8_t* levels = reinterpret_cast<std::uint8_t*>(levels_.data()) + first_column;
  ParentId* parents = reinterpret_cast<ParentId*>(parents_.data()) + first_column;
  const std::uint8_t* staged = staged_levels_.data();
  const std::int64_t stride = stride_;
  const std::int64_t n = num_vertices_;
  const bool validate = validator_ != nullptr;
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < n; ++v) {
    for (int slot = 0; slot < searches; ++slot) {
      levels[v * stride + slot] = staged[slot * n + v];
      if (validate) parents[v * stride + slot] = static_cast<ParentId>(staged_parents_[slot][v]);
    }
  }
}

void SearchBatch::write_staged_group() {
  const int searches = (size() - 1) % group_ + 1;
  const int first_column = size() - searches;
  narrow_ ? write_group<std::int32_t>(first_column, searches) : write_group<std::int64_t>(first_column, searches);
}

void SearchBatch::keep(VertexId root, const ParentArray& parent) {
  check_room_to_keep(full(), capacity_, parent.size(), num_vertices_);
  const Stopwatch time;
  if (kept_.empty()) clear_records();
  Kept kept{root, false, 0};
  stage(size() % group_, root, parent, kept);
  kept_.push_back(kept);
  if (size() % group_ == 0) write_staged_group();
  kept_.back().seconds = time.seconds();
}

ParentArray SearchBatch::parents_of(int column) const {
  ParentArray parent;
  parent.assign(num_vertices_);
  const std::int64_t stride = stride_;
  parent.visit([&](auto entries) {
    using Entry = typename decltype(entries)::element_type;
    const auto copy = [&](const auto* lanes) {
#pragma omp parallel for schedule(static)
      for (VertexId v = 0; v < num_vertices_; ++v) entries[v] = static_cast<Entry>(lanes[v * stride]);
    };
    if (narrow_) {
      copy(reinterpret_cast<const std::int32_t*>(parents_.data()) + column);
    } else {
      copy(reinterpret_cast<const std::int64_t*>(parents_.data()) + column);
    }
  });
  return parent;
}

std::vector<BatchOutcome> SearchBatch::outcomes(const std::vector<std::int64_t>& nedge, std::uint64_t failed,
                                                double pass_seconds) {
  std::vector<BatchOutcome> outcomes;
  for (int column = 0; column < size(); ++column) {
    const Kept& kept = kept_[static_cast<std::size_t>(column)];
    BatchOutcome outcome;
    outcome.root = kept.root;
    outcome.seconds = kept.seconds + pass_seconds / size();
    const bool flagged = kept.alone || ((failed >> column) & 1) != 0;
    if (validator_ != nullptr && flagged) {
      const Stopwatch alone;
      const ParentArray parent = parents_of(column);
      outcome.report = parent.visit([&](auto entries) { return validator_->validate(kept.root, entries); });
      outcome.seconds += alone.seconds();
      outcome.validated_alone = true;
    } else {
      outcome.report.nedge = nedge[static_cast<std::size_t>(column)];
    }
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

std::vector<BatchOutcome> SearchBatch::check() {
  const Stopwatch pass_time;
  std::vector<TreeLevel>().swap(tree_levels_);  // its room is the validator's while a search is validated alone
  if (size() % group_ != 0) write_staged_group();  // a last group that is not whole
  BatchRecords records;
  records.stride = stride_;
  records.num_vertices = num_vertices_;
  records.levels = reinterpret_cast<const std::uint8_t*>(levels_.data());
  if (validator_ != nullptr) {
    records.parents = parents_.data();
    records.narrow_parents = narrow_;
    records.parent_seen = reinterpret_cast<std::uint64_t*>(parent_seen_.data());
  }
  BatchPassResult pass;
  if (own_lists_) {
    if (!lists_) lists_.emplace(edges_, direction_);  // the first pass's time includes them
    pass = batch_list_pass(*lists_, records);
  } else {
    pass = batch_edge_pass(edges_, direction_, records);
    if (validator_ != nullptr) pass.failed |= lanes_missing_parent_edges(records);
  }
  std::vector<BatchOutcome> result = outcomes(pass.nedge, pass.failed, pass_time.seconds());
  kept_.clear();
  return result;
}

}  // namespace semibfs
