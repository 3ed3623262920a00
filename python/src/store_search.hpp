// A store made by `semibfs build` opened once for many searches from Python: the engine's status is
// allocated once, and each search hands back parents and levels as int64 arrays indexed by file id
// (-1 for unreached vertices and for ids the file never names).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/parent_array.hpp"
#include "formats/id_map.hpp"
#include "graph500/run_options.hpp"
#include "graph500/search_inputs.hpp"
#include "graph500/search_session.hpp"
#include "import/input_store.hpp"
#include "session/query_searcher.hpp"
#include "session/query_store.hpp"
#include "store/store_lock.hpp"
#include "validate/validator.hpp"

namespace semibfs::python {

// Arrays handed to numpy come back here when numpy frees them, so that the next search writes
// memory already mapped: a fresh 8 MiB array costs a page fault per 4 KiB, a millisecond or more.
class ArrayPool {
 public:
  ~ArrayPool();
  // A returned array of `size` entries, or a new one.
  std::int64_t* take(std::int64_t size);
  void give(std::int64_t* data, std::int64_t size) noexcept;

 private:
  static constexpr std::size_t kKept = 4;  // parents and levels of two searches alive at once
  std::mutex mutex_;
  std::vector<std::pair<std::int64_t*, std::int64_t>> free_;
};

struct ReturnToPool {
  std::shared_ptr<ArrayPool> pool;
  std::int64_t size = 0;
  void operator()(std::int64_t* data) const noexcept { pool->give(data, size); }
};

// An int64 array whose memory numpy takes over without a copy.
struct OwnedArray {
  std::unique_ptr<std::int64_t[], ReturnToPool> data;
  std::int64_t size = 0;
};

struct SearchArrays {
  OwnedArray parents;  // parents[v] in file ids; the root is its own parent
  OwnedArray levels;   // levels[v], 0 at the root (empty when not asked for)
  std::uint64_t root = 0;
  double seconds = 0;        // the engine's search alone, as `semibfs bfs` times it
  std::int64_t reached = 0;  // vertices with a parent
  std::int64_t levels_count = 0;
  std::int64_t nedge = -1;  // the Graph500 TEPS edge count, when validated
  bool validated = false;
};

// What Python's Store takes for its searches, as keyword arguments (none: `semibfs bfs`'s default).
struct StoreSearchArguments {
  std::optional<std::string> dram_budget;  // a byte size, "1GiB"
  std::optional<std::int64_t> threads;
  std::optional<std::string> policy;
  std::optional<std::string> io;
  std::optional<std::int64_t> head_entries;
  std::optional<std::int64_t> version;
};

class StoreSearch {
 public:
  // Each argument checked as `semibfs bfs` checks its option (session/option_rules.hpp).
  StoreSearch(const std::string& directory, const StoreSearchArguments& arguments);
  ~StoreSearch();

  // One search from `root`, a file id, with the levels when `with_levels`; throws semibfs::Error
  // for a root the file never names and for a result that fails validation (when `validate`).
  // Searches from several threads run one after the other: the engine's status is one per store.
  SearchArrays bfs(std::uint64_t root, bool validate, bool with_levels);

  // Length of the arrays: one past the largest file id.
  std::int64_t index_size() const { return index_size_; }
  // What the store's open printed (its plan under a budget, the edge file's check).
  std::string log() const { return log_.str(); }

 private:
  void open_version(int version);
  const IdMap& ids() const;
  std::vector<LevelStats> search_version(VertexId root, std::span<VertexId> parent, std::span<std::int64_t> level);
  bool zero_copy() const;
  std::span<const VertexId> input_parents(const SearchArrays& result) const;
  OwnedArray uninitialized_array(std::int64_t size);
  OwnedArray unreached_array(std::int64_t size);
  // The engine's search, in the input's compact ids; its per-level trace.
  std::vector<LevelStats> search_into(VertexId root, std::span<VertexId> parent, std::span<std::int64_t> level);
  void to_file_arrays(SearchArrays& result);
  void validate(VertexId root, SearchArrays& result);

  std::string directory_;
  std::optional<int> version_;  // asked for (none: the latest); before options_, which parsing fills it with
  SearchOptions options_;
  std::unique_ptr<StoreLock> lock_;
  InputDescription input_;
  StoreRequest request_;
  std::optional<IdMap> ids_;  // the base's path; at a later version, the query store's
  // A later version: the store opened for the streaming queries, and the edges it is validated against.
  std::unique_ptr<QueryStore> versioned_;
  std::optional<VersionEdgeSource> version_edges_;
  std::int64_t index_size_ = 0;
  std::ostringstream log_;
  std::unique_ptr<SearchSession> session_;
  SearchInputs graph_;
  std::unique_ptr<BfsEngine> engine_;
  std::optional<Validator> validator_;
  // The engine's parents and levels in a relabelled store's ids, then in the input's compact ids,
  // when they are not the file's (kept between searches).
  std::vector<VertexId> store_parent_;
  std::vector<std::int64_t> store_level_;
  std::vector<VertexId> input_parent_;
  std::vector<std::int64_t> input_level_;
  std::shared_ptr<ArrayPool> pool_ = std::make_shared<ArrayPool>();
  std::mutex search_mutex_;  // held by bfs(): the engine, validator and arrays above serve one search
};

}  // namespace semibfs::python
