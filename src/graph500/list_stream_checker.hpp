// The checker of a run's kept searches (kept_searches.hpp) from a store's lists instead of its edge
// file (validate/list_stream_batch.hpp, issue 41 item 2): chosen when the store's lists hold the
// input's edges in fewer bytes than the edge file and a batch of four searches or more fits.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "edges/edge_source.hpp"
#include "graph500/graph500_report.hpp"
#include "graph500/kept_searches.hpp"
#include "graph500/kept_tuple_degrees.hpp"
#include "graph500/root_searcher.hpp"
#include "store/store_manifest.hpp"
#include "store/stored_list_source.hpp"
#include "validate/list_stream_batch.hpp"

namespace semibfs {

class ListStreamChecker final : public SearchChecker {
 public:
  // Keeps the searches of `kept` in their order: the first keep is kept search 0. Reads the tuple
  // degrees of `edges` from `counted_at_open` when given, else counts them now (one pass). What
  // `room` holds beyond the batch stages the levels of several searches (stage_levels_within).
  ListStreamChecker(std::unique_ptr<VertexListSource> lists, const EdgeSource& edges, const KeptSearches& kept,
                    int batch_size, LaneLevels levels = LaneLevels::kBytes,
                    const KeptTupleDegrees* counted_at_open = nullptr, std::int64_t room = 0);
  int batch_size() const override { return batch_->capacity(); }
  LaneLevels lane_levels() const { return batch_->lane_levels(); }
  int staged_lanes() const { return batch_->staged_lanes(); }
  void keep(VertexId root, const ParentArray& parent) override;
  std::vector<SearchCheck> check_kept(bool validate) override;
  std::int64_t working_bytes() const override { return batch_->working_bytes(); }
  std::int64_t bytes_read() const { return batch_->bytes_read(); }
  const ListStreamBatch::Seconds& seconds() const { return batch_->seconds(); }
  bool degrees_counted_at_open() const { return degrees_counted_at_open_; }

 private:
  std::unique_ptr<VertexListSource> lists_;
  const KeptSearches& kept_;
  std::int64_t first_index_ = 0;  // the kept search in the batch's column 0
  std::int64_t next_index_ = 0;
  std::optional<ListStreamBatch> batch_;
  bool degrees_counted_at_open_ = false;
};

// Whether the lists of the store in `directory` may stand for `edges` in a validation: it reads them
// (undirected, byte code, input ids), no edges lie beside the edge file's, and the lists take fewer
// bytes than the edge file.
bool lists_may_validate(const std::string& directory, const EdgeSource& edges);

// The checker from the lists of the store in `directory` when lists_may_validate and `room` holds a
// batch of four or more; else none. `roots` bounds the batch. Levels in nibbles when asked and a
// batch of eight fits, else in bytes. The tuple degrees from `counted_at_open` when given.
std::unique_ptr<ListStreamChecker> make_list_stream_checker(const std::string& directory, const EdgeSource& edges,
                                                            const KeptSearches& kept, std::int64_t roots,
                                                            std::int64_t room, LaneLevels levels,
                                                            const KeptTupleDegrees* counted_at_open = nullptr);

// Nibbles when every search says its tree has at most NibbleLevels::kDeepest levels, else bytes.
LaneLevels lane_levels_for(std::span<const RootResult> searched);

}  // namespace semibfs
