#include "store_search.hpp"

#include <omp.h>

#include <algorithm>

#include "construction/degree_relabel.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/teps_edge_count.hpp"
#include "io/io_kind.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"
#include "session/query_searcher.hpp"
#include "session/query_store.hpp"
#include "session/store_budget.hpp"
#include "session/store_query_options.hpp"

namespace semibfs::python {

namespace {

// The search options the arguments give, each value parsed and checked as `semibfs bfs`'s option
// table and session/ do, so that Python's errors read as the command's.
SearchOptions search_options_of(const StoreSearchArguments& given) {
  SearchOptions search;
  if (given.dram_budget) search.budget.dram_budget_bytes = dram_budget_option(*given.dram_budget);
  if (given.threads) search.threads = check_thread_count(*given.threads);
  if (given.policy) search.bfs.policy = parse_option_value("--policy", [&] { return parse_policy(*given.policy); });
  if (given.io) search.io = parse_option_value("--io", [&] { return parse_io_kind(*given.io); });
  search.head_entries = given.head_entries;
  check_search_options(search);
  return store_search_options(search, given.policy.has_value());
}

// The arrays handed to Python have an entry per file id: `file_id_end` of them, refused before any
// work where this machine's memory cannot hold them (a file whose ids reach 10^12).
std::int64_t arrays_length(const std::string& directory, std::uint64_t file_id_end) {
  constexpr std::uint64_t kBytesPerId = 16;  // parents and levels, int64 each
  const std::int64_t memory = read_machine_info().memory_bytes;
  const std::uint64_t most = memory > 0 ? static_cast<std::uint64_t>(memory) / kBytesPerId : std::uint64_t{1} << 59;
  if (file_id_end > most) {
    throw Error("store '" + directory + "': its file ids reach " + std::to_string(file_id_end - 1) +
                ", and a search's parents and levels hold 16 bytes per file id, " +
                format_bytes(static_cast<std::int64_t>(std::min(file_id_end, std::uint64_t{1} << 59) * kBytesPerId)) +
                ", more than this machine's memory (" + format_bytes(memory) +
                "): number the file's vertices from 0 without gaps, or search with `semibfs bfs --store " + directory +
                " --root R -o FILE`, which writes the reached vertices only");
  }
  return static_cast<std::int64_t>(file_id_end);
}

std::optional<int> version_of(const StoreSearchArguments& given) {
  if (!given.version) return std::nullopt;
  return static_cast<int>(require_in_range("--version", *given.version, 0, kMaxStoreVersion));
}

}  // namespace

StoreSearch::StoreSearch(const std::string& directory, const StoreSearchArguments& arguments)
    : directory_(directory), version_(version_of(arguments)), options_(search_options_of(arguments)) {
  count_program_in_budget(options_.budget, options_.threads);
  lock_ = lock_existing_store(directory, StoreLock::Mode::kRead);
  input_ = read_input_description(directory);
  const int version = chosen_version(directory, version_);
  if (version > 0) {
    open_version(version);
    return;
  }
  request_ = input_store_request(directory, input_);
  ids_.emplace(read_id_map(directory, input_));
  index_size_ = arrays_length(directory, ids_->file_id_end());
  // The arrays handed to Python count as the caller's: 16 bytes per file id; where the store's ids
  // are not the file's, so do the engine's parents and levels before they are mapped (16 bytes per
  // vertex, and as many again in a relabelled store's ids).
  const std::int64_t mapping_bytes = zero_copy() ? 0 : 16 * input_.vertices * (request_.relabelled ? 2 : 1);
  const std::int64_t caller_bytes = id_map_bytes(input_) + 16 * index_size_ + mapping_bytes;
  const SearchDramNeeds needs =
      search_dram_needs(input_.vertices, options_, omp_get_max_threads(), 0, caller_bytes, request_.relabelled);
  check_store_budget(directory, input_, request_, options_, needs);
  session_ = std::make_unique<SearchSession>(options_, request_.made_from, request_.partitions, log_);
  graph_ = session_->open_store(directory, request_, input_.vertices, input_.edges, caller_bytes);
  TailFetchOptions fetch;
  fetch.io = options_.io;
  engine_ = graph_.tiered ? std::make_unique<BfsEngine>(*graph_.tiered, options_.bfs, fetch)
                          : std::make_unique<BfsEngine>(*graph_.in_memory, options_.bfs);
}

// As `semibfs bfs` at a later version: the streaming queries search the base's lists and the ones
// the versions added, validated against the base's edge file followed by the added edges. The
// caller's bytes as the engine's path counts them, with the validation's buffers and validator.
void StoreSearch::open_version(int version) {
  // The query kernel's arrays; the arrays handed to Python; the parents and levels in input order.
  const std::int64_t vertices = input_.vertices;
  VersionSearchStore opened = open_version_for_search(directory_, vertices, options_, version,
                                                      {kQueryKernelBytesPerVertex, 16, 16 * vertices});
  versioned_ = std::move(opened.store);
  version_edges_ = std::move(opened.edges);
  request_ = versioned_->request();
  index_size_ = arrays_length(directory_, ids().file_id_end());
}

StoreSearch::~StoreSearch() = default;

const IdMap& StoreSearch::ids() const { return versioned_ ? versioned_->ids() : *ids_; }

ArrayPool::~ArrayPool() {
  for (const auto& [data, size] : free_) delete[] data;
}

std::int64_t* ArrayPool::take(std::int64_t size) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = free_.begin(); it != free_.end(); ++it) {
      if (it->second != size) continue;
      std::int64_t* data = it->first;
      free_.erase(it);
      return data;
    }
  }
  return new std::int64_t[static_cast<std::size_t>(size)];
}

void ArrayPool::give(std::int64_t* data, std::int64_t size) noexcept {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (free_.size() < kKept) {
      free_.emplace_back(data, size);
      return;
    }
  }
  delete[] data;
}

OwnedArray StoreSearch::uninitialized_array(std::int64_t size) {
  return OwnedArray{{pool_->take(size), ReturnToPool{pool_, size}}, size};
}

OwnedArray StoreSearch::unreached_array(std::int64_t size) {
  OwnedArray array = uninitialized_array(size);
  std::int64_t* entries = array.data.get();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < size; ++i) entries[i] = -1;
  return array;
}

// File ids are the compact ids and the store keeps the input's: the engine writes the arrays
// handed to Python directly.
bool StoreSearch::zero_copy() const { return ids().is_identity() && ids().first_id() == 0 && !request_.relabelled; }

std::vector<LevelStats> StoreSearch::search_into(VertexId root, std::span<VertexId> parent,
                                                 std::span<std::int64_t> level) {
  if (versioned_) return search_version(root, parent, level);
  if (!graph_.relabel) return engine_->run(root, parent, level);
  store_parent_.resize(parent.size());
  store_level_.resize(level.size());
  std::vector<LevelStats> trace = engine_->run(graph_.relabel->store_id(root), store_parent_, store_level_);
  parents_in_input_ids(graph_.relabel->old_of(), store_parent_, parent);
  const std::span<const std::uint32_t> old_of = graph_.relabel->old_of();
  const auto n = static_cast<std::int64_t>(level.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v)
    level[old_of[static_cast<std::size_t>(v)]] = store_level_[static_cast<std::size_t>(v)];
  return trace;
}

// Through the queries, in the store's ids; written by input id.
std::vector<LevelStats> StoreSearch::search_version(VertexId root, std::span<VertexId> parent,
                                                    std::span<std::int64_t> level) {
  const QueryBfsResult result = bfs_through_queries(versioned_->graph(), versioned_->store_id(root));
  write_in_input_ids(*versioned_, result, parent, level);
  return query_level_stats(result);
}

SearchArrays StoreSearch::bfs(std::uint64_t root_file_id, bool validate_result, bool with_levels) {
  const std::lock_guard<std::mutex> one_search_at_a_time(search_mutex_);
  const std::optional<VertexId> found = ids().find(root_file_id);
  if (!found) {
    throw Error("root " + std::to_string(root_file_id) + " is not a vertex of " + directory_ +
                " (no edge of the input names it)");
  }
  const VertexId root = *found;
  SearchArrays result;
  result.root = root_file_id;
  // The engine writes every entry of the arrays it is given (parents and levels both); the ids the
  // file never names stay -1.
  const bool direct = zero_copy();
  const auto array = [&] {
    return direct && index_size_ == input_.vertices ? uninitialized_array(index_size_) : unreached_array(index_size_);
  };
  result.parents = array();
  if (with_levels) result.levels = array();
  const auto vertices = static_cast<std::size_t>(input_.vertices);
  input_parent_.resize(direct ? 0 : vertices);
  input_level_.resize(direct || !with_levels ? 0 : vertices);
  const std::span<VertexId> parent = direct ? std::span<VertexId>(result.parents.data.get(), vertices) : input_parent_;
  std::span<std::int64_t> level = input_level_;
  if (direct && with_levels) level = {result.levels.data.get(), vertices};
  Stopwatch search_time;
  const std::vector<LevelStats> trace = search_into(root, parent, level);
  result.seconds = search_time.seconds();
  result.reached = 1;
  for (const LevelStats& step : trace) result.reached += step.discovered_vertices;
  result.levels_count = with_levels ? static_cast<std::int64_t>(trace.size()) : -1;
  if (validate_result) validate(root, result);
  if (!direct) to_file_arrays(result);
  return result;
}

// The search's parents in the input's compact ids: the array handed to Python when it is that.
std::span<const VertexId> StoreSearch::input_parents(const SearchArrays& result) const {
  if (!zero_copy()) return input_parent_;
  return {result.parents.data.get(), static_cast<std::size_t>(input_.vertices)};
}

// The parents and levels, found in compact ids, written by file id.
void StoreSearch::to_file_arrays(SearchArrays& result) {
  std::int64_t* levels = result.levels.data.get();
  std::int64_t* parents = result.parents.data.get();
  const IdMap& ids = this->ids();
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < input_.vertices; ++v) {
    const VertexId up = input_parent_[static_cast<std::size_t>(v)];
    if (up == kUnreached) continue;
    const auto file = static_cast<std::int64_t>(ids.to_file(v));
    parents[file] = static_cast<std::int64_t>(ids.to_file(up));
    if (levels != nullptr) levels[file] = input_level_[static_cast<std::size_t>(v)];
  }
}

// The five Graph500 rules against the input's edges, as `semibfs bfs` checks every search.
void StoreSearch::validate(VertexId root, SearchArrays& result) {
  const std::span<const VertexId> parent = input_parents(result);
  const EdgeSource& edges = versioned_ ? version_edges_->all() : *graph_.edges;
  if (!validator_) validator_.emplace(edges, versioned_ ? direction_of(input_) : graph_.direction());
  result.nedge = count_traversed_edges(edges, parent);
  const std::optional<ValidationFailure> failure = check_search(*validator_, root, parent, result.nedge);
  if (failure) {
    throw Error("validation failed for root " + std::to_string(result.root) + ": rule " +
                std::to_string(failure->rule) + ", " + failure->message);
  }
  result.validated = true;
}

}  // namespace semibfs::python
