#include "graph500/list_stream_checker.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/timer.hpp"
#include "edges/packed_edge.hpp"
#include "store/graph_store.hpp"
#include "validate/batch_lanes.hpp"

namespace semibfs {
namespace {

// A batch's columns are kept searches first .. first + columns - 1.
class KeptRangeReader final : public KeptParentReader {
 public:
  KeptRangeReader(const KeptSearches& kept, std::int64_t first) : kept_(kept), first_(first) {}
  std::int64_t read_range(int column, VertexId first, std::span<VertexId> into) const override {
    return kept_.read_range(first_ + column, first, into);
  }
  void read(int column, ParentArray& parent) const override { kept_.read(first_ + column, parent); }

 private:
  const KeptSearches& kept_;
  std::int64_t first_;
};

}  // namespace

ListStreamChecker::ListStreamChecker(std::unique_ptr<VertexListSource> lists, const EdgeSource& edges,
                                     const KeptSearches& kept, int batch_size, LaneLevels levels,
                                     const KeptTupleDegrees* counted_at_open, std::int64_t room)
    : lists_(std::move(lists)), kept_(kept), degrees_counted_at_open_(counted_at_open != nullptr) {
  if (counted_at_open == nullptr) {
    batch_.emplace(*lists_, edges, batch_size, levels);
  } else {
    const Stopwatch reading;
    ListStreamBatch::CountedDegrees counted{counted_at_open->read()};
    counted.seconds = reading.seconds();
    counted.bytes_read = counted_at_open->num_vertices() * static_cast<std::int64_t>(sizeof(std::uint32_t));
    batch_.emplace(*lists_, edges, batch_size, levels, std::move(counted));
  }
  batch_->stage_levels_within(room - batch_->working_bytes());
}

void ListStreamChecker::keep(VertexId root, const ParentArray& parent) {
  if (next_index_ >= kept_.size() || kept_.root(next_index_) != root) {
    throw Error("the searches validated from the lists are not the kept searches in their order");
  }
  if (batch_->size() == 0) first_index_ = next_index_;
  batch_->keep(root, parent);
  ++next_index_;
}

std::vector<SearchCheck> ListStreamChecker::check_kept(bool validate) {
  if (!validate) throw Error("a checker from the lists only validates");
  std::vector<SearchCheck> checks;
  for (BatchOutcome& outcome : batch_->check(KeptRangeReader(kept_, first_index_))) {
    SearchCheck check;
    check.nedge = outcome.report.nedge;
    check.validate_seconds = outcome.seconds;
    if (!outcome.report.ok()) check.failure = outcome.report.failures.front();
    checks.push_back(std::move(check));
  }
  return checks;
}

bool lists_may_validate(const std::string& directory, const EdgeSource& edges) {
  if (directory.empty()) return false;
  const StoreManifest manifest = read_store_manifest(directory);
  if (!StoredListSource::readable(manifest) || !manifest.edge_file) return false;
  const auto edge_file_bytes = static_cast<std::int64_t>(manifest.edge_file->bytes);
  // Edges added beside the edge file (a store's versions) are in no list.
  if (edges.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge)) != edge_file_bytes) return false;
  return StoredListSource::pass_bytes(manifest) < edge_file_bytes;
}

std::unique_ptr<ListStreamChecker> make_list_stream_checker(const std::string& directory, const EdgeSource& edges,
                                                            const KeptSearches& kept, std::int64_t roots,
                                                            std::int64_t room, LaneLevels levels,
                                                            const KeptTupleDegrees* counted_at_open) {
  if (roots < 2 || !lists_may_validate(directory, edges)) return nullptr;
  auto lists = std::make_unique<StoredListSource>(directory, read_store_manifest(directory));
  int capacity = levels == LaneLevels::kNibbles ? ListStreamBatch::capacity_for(*lists, edges, room, levels) : 0;
  if (capacity == 0) {
    levels = LaneLevels::kBytes;
    capacity = ListStreamBatch::capacity_for(*lists, edges, room, levels);
  }
  if (capacity < 4) return nullptr;
  const auto batch = static_cast<int>(std::min<std::int64_t>(capacity, roots));
  return std::make_unique<ListStreamChecker>(std::move(lists), edges, kept, batch, levels, counted_at_open, room);
}

// The searches' own count of levels only picks the code: the walk finds a deeper tree, which is
// then validated alone, so a search that miscounts costs time, not soundness.
LaneLevels lane_levels_for(std::span<const RootResult> searched) {
  const auto shallow = [](const RootResult& result) {
    return !result.levels.empty() && std::ssize(result.levels) <= NibbleLevels::kDeepest;
  };
  return std::all_of(searched.begin(), searched.end(), shallow) ? LaneLevels::kNibbles : LaneLevels::kBytes;
}

}  // namespace semibfs
