// A store made by `semibfs build` opened for the streaming queries (the analytics commands, and
// add-edges to find which edges are new): under a DRAM budget split as the placement planner says
// (the algorithm's arrays counted as its per-vertex status), else every list in DRAM (a plain store
// read whole and viewed, a compressed one decoded where it lies); at a version (default: the
// latest), the lists its versions added held beside the base. Ids: the store's, mapped to the
// file's by file_id.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "construction/degree_relabel.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/run_options.hpp"
#include "graph500/search_dram_needs.hpp"
#include "import/input_store.hpp"
#include "query/streaming_graph.hpp"
#include "query/version_overlay.hpp"
#include "store/store_lock.hpp"
#include "store/store_versions.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

struct QueryStoreOptions {
  DramBudget budget;
  std::optional<std::int64_t> head_entries;
  std::optional<int> version;          // none: the latest
  std::int64_t bytes_per_vertex = 0;   // the algorithm's arrays
  std::int64_t caller_bytes = 0;       // what the caller holds besides (add-edges: the edges read)
  // The chunk buffers of the edge file a caller validates against (open_store_edges): sized by the
  // budget, so counted as the minimum counts edge chunks, not among the caller's fixed bytes.
  std::int64_t edge_chunk_bytes = 0;
  std::int64_t bytes_per_file_id = 0;  // and in arrays indexed by file id (IdMap::file_id_end long)
  StoreLock::Mode lock = StoreLock::Mode::kRead;
  std::string work = "queries on";  // what a refusal says the budget is below the minimum for
  // Keep the versions' edges in the input's ids for take_added_edges (counted in the budget).
  bool keep_added_edges = false;
  // Every query reads every list (PageRank): under a budget the lists are placed for scans
  // (tiered/scan_placement.hpp) unless --head-entries asks for heads. Queries of a few vertices
  // (cc's later ones, a search's) read fewer lists with the searches' placement.
  bool whole_scans = false;
};

class QueryStore {
  Stopwatch open_time_;  // first: it times the members' construction too

 public:
  QueryStore(const std::string& directory, const QueryStoreOptions& options);
  double open_seconds() const { return open_seconds_; }
  StreamingGraph& graph();
  // The buffers the queries read and stage with: the roomy ones unless the budget has no room.
  const QueryBuffers& buffers() const { return buffers_; }
  // Frees the lists, their index and the versions' overlay once the queries are done, so that
  // what follows (cc naming its components) has their room; graph() is an error afterwards.
  void release_graph();
  // The graph's vertices, whether directed, and its entries (in-lists, versions included): known
  // after release_graph too.
  std::int64_t vertices() const { return input_.vertices; }
  bool directed() const { return direction_of(input_) == GraphDirection::kDirected; }
  std::int64_t list_entries() const { return list_entries_; }
  const InputDescription& input() const { return input_; }
  const StoreRequest& request() const { return request_; }
  int version() const { return version_; }
  const IdMap& ids() const { return *ids_; }
  // The input's id of the store's vertex `vertex`, and the file's.
  VertexId input_id(VertexId vertex) const {
    return relabel_ ? static_cast<VertexId>(relabel_->old_of()[static_cast<std::size_t>(vertex)]) : vertex;
  }
  std::uint64_t file_id(VertexId vertex) const { return ids_->to_file(input_id(vertex)); }
  // The store's id of the input's vertex `vertex`.
  VertexId store_id(VertexId vertex) const { return relabel_ ? relabel_->store_id(vertex) : vertex; }
  // The base's lists as they are held (the versions' overlay apart).
  GraphBytes graph_bytes() const { return in_memory_ ? in_memory_->bytes() : GraphBytes{0, tiered_->owned_bytes(), 0}; }
  std::uint64_t file_id_of_input(VertexId vertex) const { return ids_->to_file(vertex); }
  bool relabelled() const { return relabel_.has_value(); }
  // The edges versions 1..version() added, in the input's ids, as read once for the overlay; only
  // with QueryStoreOptions::keep_added_edges (empty otherwise, and after the first call).
  std::vector<CompactEdge> take_added_edges() { return std::move(added_edges_); }
  // Input ids to the store's, in place (a relabelled store's permutation inverted for them alone).
  void to_store_ids(std::vector<CompactEdge>& edges) const;

 private:
  // Lists placed for scans under a budget where needs.scan_placement says (QueryStoreOptions::whole_scans).
  void open_graph(const std::string& directory, const SearchOptions& options, const SearchDramNeeds& needs);
  void read_versions(const std::string& directory, bool keep_added_edges);
  // Reads the store's index and refuses options.budget if it is below the plan's minimum.
  void check_budget_with_index(const std::string& directory, const SearchOptions& options,
                               const SearchDramNeeds& needs) const;
  // The workers' response queues with `buffers` when no list is longer than `longest_list` (0: not
  // known yet).
  std::int64_t reply_queue_bytes(const QueryBuffers& buffers, std::int64_t longest_list = 0) const;
  // `needs` with the workers' `buffers`, their queues as lists of `longest_list` make them.
  SearchDramNeeds with_buffers(SearchDramNeeds needs, const QueryBuffers& buffers, std::int64_t longest_list = 0) const;

  std::unique_ptr<StoreLock> lock_;
  InputDescription input_;
  StoreRequest request_;
  int version_ = 0;
  std::vector<VersionDescription> versions_;  // 1..version_
  std::optional<IdMap> ids_;
  std::optional<StoredRelabel> relabel_;  // a store relabelled by degree: its ids' input ids
  std::optional<PartitionedGraph> in_memory_;
  std::optional<TieredGraph> tiered_;
  std::optional<VersionOverlay> overlay_;
  std::vector<CompactEdge> added_edges_;  // in the input's ids, when kept
  std::unique_ptr<StreamingGraph> graph_;
  QueryBuffers buffers_ = QueryBuffers::roomy();  // the lean ones where a budget has no room for these
  std::int64_t list_entries_ = 0;
  double open_seconds_ = 0;
};

// The version asked for, checked against the store's versions (the latest when none was asked).
int chosen_version(const std::string& directory, std::optional<int> version);

}  // namespace semibfs
