#include "session/query_store.hpp"

#include <omp.h>

#include <algorithm>
#include <iostream>

#include "core/error.hpp"
#include "graph500/search_dram_needs.hpp"
#include "session/store_budget.hpp"
#include "store/store_versions.hpp"
#include "tiered/scan_placement.hpp"

namespace semibfs {

namespace {

// The most entries a reply can hold: a vertex's in-list and out-list together (a weakly connected
// components query asks for both).
std::int64_t longest_list(const GraphProfile& profile) {
  return max_degree(profile.degrees) + max_degree(profile.forward_degrees);
}

}  // namespace

int chosen_version(const std::string& directory, std::optional<int> version) {
  const int latest = latest_store_version(directory);
  if (!version) return latest;
  if (*version < 0 || *version > latest) {
    throw Error("--version " + std::to_string(*version) + ": store '" + directory + "' has versions 0 to " +
                std::to_string(latest) + " (0 is the graph it was built from; 'semibfs info' lists them)");
  }
  return *version;
}

QueryStore::QueryStore(const std::string& directory, const QueryStoreOptions& options)
    : open_time_(), lock_(lock_existing_store(directory, options.lock)), input_(read_input_description(directory)) {
  request_ = input_store_request(directory, input_);
  version_ = chosen_version(directory, options.version);
  versions_ = read_version_descriptions(directory, 1, version_);
  SearchOptions search;
  search.budget = options.budget;
  search.head_entries = options.head_entries;
  search.skip_validation = true;  // nothing validates: no validator, no edge chunks
  ids_.emplace(read_id_map(directory, input_));  // counted below; the caller's arrays may need its length
  const auto file_ids = static_cast<std::int64_t>(ids_->file_id_end());
  SearchDramNeeds needs = search_dram_needs(
      input_.vertices, search, omp_get_max_threads(), options.edge_chunk_bytes,
      id_map_bytes(input_) + overlay_bytes_bound(input_.vertices, added_edges(versions_)) + options.caller_bytes +
          options.bytes_per_file_id * file_ids +
          (options.keep_added_edges ? added_edges(versions_) * static_cast<std::int64_t>(sizeof(CompactEdge)) : 0));
  needs.bfs_status_bytes_per_vertex =
      options.bytes_per_vertex + (request_.relabelled ? 4 : 0);  // + the store's old ids
  needs.status_description = "algorithm's arrays (per vertex)";
  needs.work = options.work;
  needs.first_neighbors = false;
  needs.scan_placement = options.whole_scans && !options.head_entries;
  // Before any list is read, the minimum with the lean buffers; below it, the refusal states the
  // plan's minimum.
  if (!fits_store_budget(directory, input_, request_, search, with_buffers(needs, QueryBuffers::lean()))) {
    check_budget_with_index(directory, search, needs);
  }
  if (request_.relabelled) relabel_.emplace(read_store_relabel(directory, read_store_manifest(directory)));
  read_versions(directory, options.keep_added_edges);  // before the lists: the plan's reply queues need the longest added list
  open_graph(directory, search, needs);
  graph_ = std::make_unique<StreamingGraph>(*tiered_, buffers_);
  if (overlay_) graph_->add_versions(*overlay_);
  list_entries_ = graph_->num_entries(ListSide::kIn);
  open_seconds_ = open_time_.seconds();
}

StreamingGraph& QueryStore::graph() {
  if (!graph_) throw Error("query store: its graph was released (an internal error)");
  return *graph_;
}

void QueryStore::release_graph() {
  graph_.reset();
  tiered_.reset();
  in_memory_.reset();
  overlay_.reset();
}

// A store with a list longer than a chunk's entries needs more than the first budget check counts;
// the plan, made once the index is read, checks again.
std::int64_t QueryStore::reply_queue_bytes(const QueryBuffers& buffers, std::int64_t longest_list) const {
  const std::int64_t entries = 2 * (input_.edges + added_edges(versions_));  // an edge in two lists at most
  return omp_get_max_threads() * StreamingGraph::worker_bytes(buffers, input_.vertices, entries, longest_list);
}

// The first check counts each stage at its least; the plan, the store's longest list known, may
// hold more (a list longer than a stage). A refusal states the plan's minimum, so that the budget
// it names then runs (on a store with versions, their longest list is not known before they are
// read, and the plan may still state more).
void QueryStore::check_budget_with_index(const std::string& directory, const SearchOptions& search,
                                         const SearchDramNeeds& needs) const {
  const GraphProfile profile = profile_of_store(read_store_index(directory, request_), needs.bfs_status_bytes_per_vertex);
  check_search_budget(profile, search, with_buffers(needs, QueryBuffers::lean(), longest_list(profile)));
}

SearchDramNeeds QueryStore::with_buffers(SearchDramNeeds needs, const QueryBuffers& buffers,
                                         std::int64_t longest_list) const {
  needs.fetch = buffers.fetch;
  needs.reply_queue_bytes = reply_queue_bytes(buffers, longest_list);
  return needs;
}

void QueryStore::open_graph(const std::string& directory, const SearchOptions& options, const SearchDramNeeds& needs) {
  PlacementPlan plan;
  plan.fits_in_memory = true;
  std::optional<StoreIndex> index;
  if (options.budget.is_set()) {
    index.emplace(read_store_index(directory, request_));
    const GraphProfile profile = profile_of_store(*index, needs.bfs_status_bytes_per_vertex);
    const std::int64_t longest = longest_list(profile) + (overlay_ ? overlay_->longest_list() : 0);
    // The roomy buffers where they fit: fewer, longer reads are worth more than the lists they
    // would leave on disk (docs/PERFORMANCE.md, "Reads and buffers").
    SearchDramNeeds exact = with_buffers(needs, buffers_, longest);
    const bool roomy = fits_search_budget(profile, options, exact);
    if (!roomy) {
      buffers_ = QueryBuffers::lean();
      exact = with_buffers(needs, buffers_, longest);
    }
    plan = plan_search_placement(profile, options, exact);
    if (needs.scan_placement) use_scan_placement(plan, *index);
    print_plan(std::cerr, plan);
    std::cerr << buffers_.describe() << (roomy ? "" : " (no room in the budget for the roomy ones)") << "\n";
  }
  plan.first_neighbors = false;  // as the budget's plan says, and in DRAM alike
  if (request_.compressed_lists || !plan.fits_in_memory) {
    tiered_.emplace(open_tiered_graph(index ? std::move(*index) : read_store_index(directory, request_), plan));
    return;
  }
  index.reset();
  in_memory_.emplace(read_store(directory, request_));
  tiered_.emplace(TieredGraph::all_in_dram(*in_memory_));
}

void QueryStore::read_versions(const std::string& directory, bool keep_added_edges) {
  if (versions_.empty()) return;
  std::vector<CompactEdge> edges = read_version_edges(directory, versions_, input_.vertices);
  if (keep_added_edges && relabel_) added_edges_ = edges;  // before they are renamed
  to_store_ids(edges);
  overlay_.emplace(input_.vertices, edges, direction_of(input_));
  if (keep_added_edges && !relabel_) added_edges_ = std::move(edges);
}

void QueryStore::to_store_ids(std::vector<CompactEdge>& edges) const {
  if (!relabel_) return;
  std::vector<std::uint32_t> named;  // the input ids the edges name, ascending
  named.reserve(2 * edges.size());   // as overlay_bytes_bound counts it
  for (const CompactEdge& edge : edges) named.insert(named.end(), {edge.v0_id, edge.v1_id});
  std::sort(named.begin(), named.end());
  named.erase(std::unique(named.begin(), named.end()), named.end());
  std::vector<std::uint32_t> store_of(named.size());
  const std::span<const std::uint32_t> old_of = relabel_->old_of();
  for (std::size_t store = 0; store < old_of.size(); ++store) {
    const auto at = std::lower_bound(named.begin(), named.end(), old_of[store]);
    if (at != named.end() && *at == old_of[store])
      store_of[static_cast<std::size_t>(at - named.begin())] = static_cast<std::uint32_t>(store);
  }
  const auto map = [&](std::uint32_t id) {
    return store_of[static_cast<std::size_t>(std::lower_bound(named.begin(), named.end(), id) - named.begin())];
  };
  for (CompactEdge& edge : edges) edge = CompactEdge{map(edge.v0_id), map(edge.v1_id)};
}

}  // namespace semibfs
