// `semibfs bfs` on a store's later version (store/store_versions.hpp): the engine searches a base
// only, so each root is searched through the streaming queries (analytics/query_bfs.hpp), which
// read the base's lists and the lists the versions added where they lie (Lee et al., ExtraV, ISCA
// 2017, Sec. 4.5), and validated against the base's edge file followed by the added edges.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "analytics/query_bfs.hpp"
#include "edges/edge_source.hpp"
#include "graph500/run_options.hpp"
#include "graph500/search_session.hpp"
#include "session/query_store.hpp"

namespace semibfs {

// DRAM the query kernel holds per vertex: parents and levels (8 + 8), three bitmaps (3/8) and the
// top-down jobs (8 per vertex of a frontier below n / 64), rounded up.
inline constexpr std::int64_t kQueryKernelBytesPerVertex = 17;
// And with the session's parents in the input's ids.
std::int64_t query_search_bytes_per_vertex(std::int64_t vertices);

// One LevelStats per query of a search through the queries, its frontier and discoveries counted
// from the levels.
std::vector<LevelStats> query_level_stats(const QueryBfsResult& result);

// A search's parents, and its levels unless `level` is empty, from the store's ids into arrays
// indexed by the input's ids (the parents named by input id too).
template <typename Parent>
void write_in_input_ids(const QueryStore& store, const QueryBfsResult& result, std::span<Parent> parent,
                        std::span<std::int64_t> level = {}) {
  const auto n = static_cast<std::int64_t>(result.parent.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    const VertexId up = result.parent[static_cast<std::size_t>(v)];
    const auto at = static_cast<std::size_t>(store.input_id(v));
    parent[at] = static_cast<Parent>(up == kUnreached ? kUnreached : store.input_id(up));
    if (!level.empty()) level[at] = result.level[static_cast<std::size_t>(v)];
  }
}

class QueryRootSearcher final : public RootSearcher {
 public:
  explicit QueryRootSearcher(QueryStore& store) : store_(store) {}
  // Parents in the input's ids; one LevelStats per query, its frontier and discoveries counted
  // from the levels.
  std::vector<LevelStats> search(VertexId root, ParentArray& parent) override;

 private:
  QueryStore& store_;
};

// The edges a search at a later version is validated against: the base's edge file, then the
// edges the versions added (read_version_edges).
class VersionEdgeSource {
 public:
  VersionEdgeSource(std::unique_ptr<EdgeSource> base, std::vector<CompactEdge> added);
  const EdgeSource& all() const { return *all_; }
  std::int64_t base_buffer_bytes() const { return base_buffer_bytes_; }

 private:
  std::unique_ptr<EdgeList> added_;  // on the heap: the source refers to it
  std::unique_ptr<EdgeSource> all_;
  std::int64_t base_buffer_bytes_ = 0;
};

// A store searched at a later version: the store opened for the queries under the budget, and
// the edges its searches are validated against.
struct VersionSearchStore {
  std::unique_ptr<QueryStore> store;
  std::optional<VersionEdgeSource> edges;
};

// What a caller of open_version_for_search holds beside the queries, counted in the budget before
// any list is read: per vertex (the query kernel's arrays and the caller's own), in arrays indexed
// by file id, and fixed bytes; the validation's edge chunks and validator are added (the validator
// unless the search options skip validation).
struct VersionSearchBytes {
  std::int64_t per_vertex = 0;
  std::int64_t per_file_id = 0;
  std::int64_t fixed = 0;
};

// `semibfs bfs` and Python's Store at a later version: the base's edge file opened for
// validation, the store opened for the queries (read-locked), the versions' edges kept.
// `vertices`: the store's, from its input description, which the caller has read already.
VersionSearchStore open_version_for_search(const std::string& directory, std::int64_t vertices,
                                           const SearchOptions& search, int version, const VersionSearchBytes& bytes);

}  // namespace semibfs
