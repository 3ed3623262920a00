#include "store_search.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>

#include "build/degree_relabel.hpp"
#include "cli/arguments.hpp"
#include "cli/option_groups.hpp"
#include "cli/option_table.hpp"
#include "cli/query_store.hpp"
#include "cli/store_budget.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"
#include "core/timer.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/teps_edge_count.hpp"

namespace semibfs::python {

namespace {

// The options of `semibfs bfs` that shape a search, parsed by the command's own table so that
// Python's errors read as the command's.
SearchOptions parse_search_options(const std::vector<std::string>& words) {
  SearchOptions search;
  bool policy_chosen = false;
  cli::OptionTable table({"Store(DIR, ...)"}, "");
  cli::add_search_options(table, search, policy_chosen);
  cli::Arguments arguments("bfs", words);
  table.parse(arguments);
  cli::check_search_options(search);
  // As `semibfs bfs`: beamer suits graphs of any degree distribution (bfs_command.cpp).
  if (!policy_chosen) search.bfs.policy = PolicyKind::kBeamer;
  return search;
}

constexpr std::int64_t kLevelUnknown = -2;

// The level of `vertex`: up the tree to a vertex whose level is known, then the path's levels
// written on the way down. Threads that walk the same path write the same values (relaxed atomics).
std::int64_t walk_up(std::int64_t vertex, std::span<const VertexId> parent, std::span<std::int64_t> level,
                     std::vector<std::int64_t>& path) {
  path.clear();
  std::int64_t known = std::atomic_ref(level[static_cast<std::size_t>(vertex)]).load(std::memory_order_relaxed);
  while (known == kLevelUnknown) {
    path.push_back(vertex);
    if (static_cast<std::int64_t>(path.size()) > static_cast<std::int64_t>(parent.size())) {
      throw Error("the search's parents do not form a tree, so no levels can be given");
    }
    vertex = parent[static_cast<std::size_t>(vertex)];
    known = std::atomic_ref(level[static_cast<std::size_t>(vertex)]).load(std::memory_order_relaxed);
  }
  if (known < 0) throw Error("the search's parents do not form a tree, so no levels can be given");
  for (auto step = path.rbegin(); step != path.rend(); ++step) {
    std::atomic_ref(level[static_cast<std::size_t>(*step)]).store(++known, std::memory_order_relaxed);
  }
  return known;
}

// Every reached vertex's level, by walks up the tree in parallel (the tree of a search is shallow).
void levels_of_tree(VertexId root, std::span<const VertexId> parent, std::vector<std::int64_t>& level) {
  level.resize(parent.size());
  const auto n = static_cast<std::int64_t>(parent.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v)
    level[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(v)] == kUnreached ? -1 : kLevelUnknown;
  level[static_cast<std::size_t>(root)] = 0;
  ParallelErrors errors;
#pragma omp parallel
  {
    std::vector<std::int64_t> path;
#pragma omp for schedule(dynamic, 4096)
    for (std::int64_t v = 0; v < n; ++v) {
      if (level[static_cast<std::size_t>(v)] == -1) continue;
      errors.capture([&] { walk_up(v, parent, level, path); });
    }
  }
  errors.rethrow_first();
}

std::int64_t largest_file_id(const InputDescription& input, const IdMap& ids) {
  return input.vertices == 0 ? -1 : static_cast<std::int64_t>(ids.to_file(input.vertices - 1));
}

}  // namespace

StoreSearch::StoreSearch(const std::string& directory, const std::vector<std::string>& options)
    : directory_(directory), options_(parse_search_options(options)) {
  cli::count_program_in_budget(options_.budget, options_.threads);
  lock_ = lock_existing_store(directory, StoreLock::Mode::kRead);
  input_ = read_input_description(directory);
  if (cli::chosen_version(directory, std::nullopt) != 0) {
    throw Error("store '" + directory +
                "' has versions: searches read the base graph only; fold them into it with "
                "'semibfs compact --store " +
                directory + "' first");
  }
  request_ = input_store_request(directory, input_);
  ids_.emplace(read_id_map(directory, input_));
  index_size_ = largest_file_id(input_, *ids_) + 1;
  // The arrays handed to Python count as the caller's: 16 bytes per file id.
  const std::int64_t caller_bytes = id_map_bytes(input_) + 16 * index_size_;
  const SearchDramNeeds needs =
      search_dram_needs(input_.vertices, options_, omp_get_max_threads(), 0, caller_bytes, request_.relabelled);
  cli::check_store_budget(directory, input_, request_, options_, needs);
  session_ = std::make_unique<SearchSession>(options_, request_.made_from, request_.partitions, log_);
  graph_ = session_->open_store(directory, request_, input_.vertices, input_.edges, caller_bytes);
  TailFetchOptions fetch;
  fetch.io = options_.io;
  engine_ = graph_.tiered ? std::make_unique<BfsEngine>(*graph_.tiered, options_.bfs, fetch)
                          : std::make_unique<BfsEngine>(*graph_.in_memory, options_.bfs);
}

StoreSearch::~StoreSearch() = default;

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
bool StoreSearch::zero_copy() const { return ids_->is_identity() && ids_->first_id() == 0 && !graph_.relabel; }

void StoreSearch::search_into(VertexId root, std::span<VertexId> parent) {
  if (!graph_.relabel) {
    engine_->run(root, parent);
    return;
  }
  store_parent_.resize(parent.size());
  engine_->run(graph_.relabel->store_id(root), store_parent_);
  parents_in_input_ids(graph_.relabel->old_of(), store_parent_, parent);
}

SearchArrays StoreSearch::bfs(std::uint64_t root_file_id, bool validate_result, bool with_levels) {
  const std::optional<VertexId> found = ids_->find(root_file_id);
  if (!found) {
    throw Error("root " + std::to_string(root_file_id) + " is not a vertex of " + directory_ +
                " (no edge of the input names it)");
  }
  const VertexId root = *found;
  SearchArrays result;
  result.root = root_file_id;
  // The engine marks every entry it is given; the others are ids the file never names.
  result.parents =
      zero_copy() && index_size_ == input_.vertices ? uninitialized_array(index_size_) : unreached_array(index_size_);
  std::span<VertexId> parent(result.parents.data.get(), static_cast<std::size_t>(input_.vertices));
  if (!zero_copy()) {
    input_parent_.assign(static_cast<std::size_t>(input_.vertices), kUnreached);
    parent = input_parent_;
  }
  Stopwatch search_time;
  search_into(root, parent);
  result.seconds = search_time.seconds();
  if (validate_result) validate(root, result);
  to_file_arrays(root, result, with_levels);
  return result;
}

// The search's parents in the input's compact ids: the array handed to Python when it is that.
std::span<const VertexId> StoreSearch::input_parents(const SearchArrays& result) const {
  if (!zero_copy()) return input_parent_;
  return {result.parents.data.get(), static_cast<std::size_t>(input_.vertices)};
}

// Levels from the tree, and the parents moved to file ids when the engine's were compact ids.
void StoreSearch::to_file_arrays(VertexId root, SearchArrays& result, bool with_levels) {
  const std::span<const VertexId> parent = input_parents(result);
  if (with_levels) {
    if (parent[static_cast<std::size_t>(root)] != root) throw Error("the search's root is not its own parent");
    levels_of_tree(root, parent, level_);
    result.levels = unreached_array(index_size_);
  }
  const std::vector<std::int64_t>& level = level_;
  std::int64_t* levels = result.levels.data.get();
  std::int64_t* parents = result.parents.data.get();
  const IdMap& ids = *ids_;
  const bool identity = zero_copy();
  std::int64_t reached = 0;
  std::int64_t deepest = 0;
#pragma omp parallel for schedule(static) reduction(+ : reached) reduction(max : deepest)
  for (std::int64_t v = 0; v < input_.vertices; ++v) {
    if (parent[static_cast<std::size_t>(v)] == kUnreached) continue;
    const auto file = static_cast<std::int64_t>(identity ? v : ids.to_file(v));
    if (!identity) parents[file] = static_cast<std::int64_t>(ids.to_file(parent[static_cast<std::size_t>(v)]));
    if (levels == nullptr) {
      ++reached;
      continue;
    }
    levels[file] = level[static_cast<std::size_t>(v)];
    deepest = std::max(deepest, level[static_cast<std::size_t>(v)]);
    ++reached;
  }
  result.reached = reached;
  result.levels_count = levels == nullptr ? -1 : static_cast<std::int64_t>(deepest) + 1;
}

// The five Graph500 rules against the input's edges, as `semibfs bfs` checks every search.
void StoreSearch::validate(VertexId root, SearchArrays& result) {
  const std::span<const VertexId> parent = input_parents(result);
  if (!validator_) validator_.emplace(*graph_.edges, graph_.direction());
  result.nedge = count_traversed_edges(*graph_.edges, parent);
  const std::optional<ValidationFailure> failure = check_search(*validator_, root, parent, result.nedge);
  if (failure) {
    throw Error("validation failed for root " + std::to_string(result.root) + ": rule " +
                std::to_string(failure->rule) + ", " + failure->message);
  }
  result.validated = true;
}

}  // namespace semibfs::python
